import type { RunKinds } from '../engine/run-kind';
import { flowKind } from '../flows/run/flow-kind';
import { trobKind } from '../leads/trobs/trob-kind';

/**
 * The kinds of job the engine runs (issue 37 point 2), each living in its own domain: by their segment
 * messages, their ticks and their automation items (a trob's stored with no `kind`, a flow's 'flow').
 */
export const RUN_KINDS: RunKinds = {
  segments: { 'trob-run': trobKind, 'flow-run': flowKind },
  ticks: { 'trob-tick': trobKind, 'flow-tick': flowKind },
  automation: (kind) => (kind === 'flow' ? flowKind : trobKind),
};
