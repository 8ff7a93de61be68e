import type { Flow } from '../../../../shared/flow-api';
import type { FlowTemplate } from '../../../../shared/flows';
import { type Platform, platformLabel, platformTag } from '../../../../shared/platforms';

/** The platform filter: every platform, or one. */
export type PlatformFilter = Platform | 'all';

const includes = (text: string | undefined, needle: string) => (text ?? '').toLowerCase().includes(needle);

/**
 * Spec 2.1, Available Flows: the search matches a template's name or description, and also its
 * platform (its id, name or tag: 'linkedin', 'LinkedIn', 'Twitter/X'), ignoring case.
 */
export function filterTemplates(
  templates: readonly FlowTemplate[],
  search: string,
  platform: PlatformFilter,
): FlowTemplate[] {
  const needle = search.trim().toLowerCase();
  return templates.filter(
    (t) =>
      (platform === 'all' || t.platform === platform) &&
      (needle === '' ||
        includes(t.displayName, needle) ||
        includes(t.description, needle) ||
        includes(t.summary, needle) ||
        includes(t.platform, needle) ||
        includes(platformLabel(t.platform), needle) ||
        includes(platformTag(t.platform), needle)),
  );
}

/** DECISIONS 24: a stopped flow (COMPLETED) leaves the Running tab unless 'Show stopped' is on. */
export const isStopped = (flow: Pick<Flow, 'status'>) => flow.status === 'COMPLETED';

/** Spec 2.1, Running Flows: the search matches the flow's name or its template's name. */
export function filterFlows(
  flows: readonly Flow[],
  search: string,
  platform: PlatformFilter,
  showStopped: boolean,
): Flow[] {
  const needle = search.trim().toLowerCase();
  return flows.filter(
    (f) =>
      (showStopped || !isStopped(f)) &&
      (platform === 'all' || f.template.platform === platform) &&
      (needle === '' || includes(f.name, needle) || includes(f.template.displayName, needle)),
  );
}
