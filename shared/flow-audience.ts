import * as z from 'zod/mini';
import { FLOW_MESSAGES, targetingSettings } from './flows';

/**
 * The audience preview of the flow setup wizard (issue 36 point 2): how many people the platform
 * finds for step 1's facets, asked with `POST /api/flows/audience` through the account's search
 * budget. The wizard and the API both read this file.
 */

/** `POST /api/flows/audience`: step 1's targeting, checked by the wizard's own schema. */
export const audienceInput = z.object({
  targetingSettings: z.object(targetingSettings.shape, { error: FLOW_MESSAGES.targetingRequired }),
});
export type AudienceInput = z.infer<typeof audienceInput>;

export * from './flow-audience-values';
