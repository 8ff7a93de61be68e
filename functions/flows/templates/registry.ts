import type { FlowTemplateDefinition } from '../../../shared/flows';
import { aiProspecting } from './ai-prospecting';
import { connectionNurture } from './connection-nurture';
import { engagerFollowUp } from './engager-follow-up';
import { thoughtLeaderWarmup } from './thought-leader-warmup';

/**
 * The flow templates, as code (spec 3). The flow routes read them from here; the trob catalogue lists
 * each too, with the Flow badge (DECISIONS 3: catalogue-entries.ts, written by the catalogue's seed),
 * and keeps their usage counts. Adding a flow template is adding a file here.
 *
 * This folder is content: it imports only shared/ (a rule of .dependency-cruiser.cjs), which is what
 * lets the catalogue, a domain below flows, seed it.
 */
export const flowTemplates: readonly FlowTemplateDefinition[] = [
  aiProspecting,
  thoughtLeaderWarmup,
  connectionNurture,
  engagerFollowUp,
];

export function findFlowTemplate(id: string): FlowTemplateDefinition | undefined {
  return flowTemplates.find((template) => template.id === id);
}
