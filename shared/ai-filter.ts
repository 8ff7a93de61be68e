import * as z from 'zod/mini';
import { visibleMultilineText } from './text';

/** Request of the AI filter (DECISIONS 13): a plain-language query over the user's own leads. */
export const aiFilterInput = z.object({
  query: z
    .string({ error: 'Please describe the leads you are looking for' })
    .check(
      z.trim(),
      z.minLength(1, 'Please describe the leads you are looking for'),
      z.maxLength(500, { error: 'Please keep the request under 500 characters', abort: true }),
      visibleMultilineText('The request'),
    ),
  /** The ids the client shows; when given, only those of the user's leads are considered. */
  leadIds: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(128))).check(z.maxLength(5000))),
});
export type AiFilterInput = z.infer<typeof aiFilterInput>;
