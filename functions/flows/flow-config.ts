import * as z from 'zod/mini';
import { FLOW_MESSAGES, type FlowConfig, flowConfig } from '../../shared/flows';
import { findIndustry } from './industry-repository';

/**
 * The flow config as the API must take it: the shared schema (the wizard's, shared/flows.ts), and each
 * industry one of LinkedIn's. The browser only checks an industry value's shape, since the list stays
 * here; a route that stores a config parses it with this, so an unknown industry never reaches the table.
 */
export function unknownIndustryIssues(industries: readonly string[]) {
  return industries.flatMap((value, index) =>
    findIndustry(value) ? [] : [{ index, value, message: FLOW_MESSAGES.unknownIndustry }],
  );
}

/** Adds an issue for each industry of the targeting LinkedIn does not know, at its place in the input. */
export function refuseUnknownIndustries(
  targeting: { industries?: unknown } | undefined,
  ctx: { issues: z.core.$ZodRawIssue[] },
): void {
  const industries = targeting?.industries;
  if (!Array.isArray(industries)) return;
  for (const issue of unknownIndustryIssues(industries)) {
    ctx.issues.push({
      code: 'custom',
      message: issue.message,
      path: ['targetingSettings', 'industries', issue.index],
      input: issue.value,
    });
  }
}

export const serverFlowConfig = flowConfig.check(
  z.superRefine((config: FlowConfig, ctx) => refuseUnknownIndustries(config.targetingSettings, ctx)),
);
