import { afterEach, describe, expect, it } from 'vitest';
import { FLOW_TEXTS } from '../../../shared/flows';
import { ApiError } from '../../../web/src/lib/api-client';
import {
  countTrialExecution,
  isTrialLimitRefusal,
  markTrialLimitReached,
  trialExecutionsUsed,
  trialLimitReached,
} from '../../../web/src/lib/flows/trial-executions';

afterEach(() => window.localStorage.clear());

describe("the browser's mirror of a trial's flow executions (DECISIONS 4)", () => {
  it('counts per user and says the limit is reached at 3, for TRIAL users only', () => {
    const trial = { id: 'u1', plan: 'TRIAL' };
    expect(trialExecutionsUsed('u1')).toBe(0);
    countTrialExecution('u1');
    countTrialExecution('u1');
    expect(trialLimitReached(trial)).toBe(false);
    countTrialExecution('u1');
    expect(trialExecutionsUsed('u1')).toBe(3);
    expect(trialLimitReached(trial)).toBe(true);
    // Another user's count is their own; a plan other than TRIAL has no such limit.
    expect(trialLimitReached({ id: 'u2', plan: 'TRIAL' })).toBe(false);
    expect(trialLimitReached({ id: 'u1', plan: 'PLUS' })).toBe(false);
    expect(trialLimitReached(undefined)).toBe(false);
  });

  it("follows the API when it refuses with the trial's message", () => {
    const refusal = new ApiError(403, 'FORBIDDEN', FLOW_TEXTS.errors.trialLimit);
    expect(isTrialLimitRefusal(refusal)).toBe(true);
    expect(isTrialLimitRefusal(new ApiError(403, 'FORBIDDEN', 'Something else'))).toBe(false);
    expect(isTrialLimitRefusal(new Error(FLOW_TEXTS.errors.trialLimit))).toBe(false);
    markTrialLimitReached('u3');
    expect(trialLimitReached({ id: 'u3', plan: 'TRIAL' })).toBe(true);
  });

  it('ignores a stored value that is not a count', () => {
    window.localStorage.setItem('trobly.flowTrialExecutions.u4', 'lots');
    expect(trialExecutionsUsed('u4')).toBe(0);
  });
});
