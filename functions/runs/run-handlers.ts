import type { RunKind } from '../../shared/run-messages';
import { trobHandler } from './handlers/trob-handler';
import type { RunHandler } from './run-context';

/**
 * The run handlers by the kind of run message they serve (issue 19 point 4): the segment runner looks
 * one up and gives it the job's context. Flows add theirs with their message kind.
 */
export const RUN_HANDLERS: Partial<Record<RunKind, RunHandler>> = {
  'trob-run': trobHandler,
};
