import * as z from 'zod/mini';
import { boundedJsonObject, type JsonBounds } from './text';

export * from './automations-values';

/** A trob's settings are a few levels of a few values (lists of up to 1,000 profile URLs at most). */
export const CONFIG_BOUNDS: JsonBounds = {
  maxDepth: 6,
  maxNodes: 5000,
  maxKeyLength: 100,
  maxStringLength: 5000,
};

/**
 * `POST /api/automation/start` (spec 7: templateId, config, userCookies as an empty list). Cookies come
 * from the stored platform connection, never from the request, so a non-empty userCookies is refused.
 */
export const startAutomationInput = z.object({
  templateId: z.string().check(z.trim(), z.minLength(1, 'templateId is required'), z.maxLength(100)),
  // Checked against the template's own schema by the service; these bounds only keep an unknown shape
  // from costing memory or time before that (unknown keys are dropped there).
  config: z.optional(boundedJsonObject('config', CONFIG_BOUNDS)),
  userCookies: z.optional(
    z
      .array(z.unknown())
      .check(z.maxLength(0, 'userCookies must be empty: cookies come from your platform connection')),
  ),
});
export type StartAutomationInput = z.infer<typeof startAutomationInput>;
