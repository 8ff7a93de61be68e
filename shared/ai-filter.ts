import { z } from 'zod';

/** Request of the AI filter (DECISIONS 13): a plain-language query over the user's own leads. */
export const aiFilterInput = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'Please describe the leads you are looking for')
    .max(500, 'Please keep the request under 500 characters'),
  /** The ids the client shows; when given, only those of the user's leads are considered. */
  leadIds: z.array(z.string().min(1).max(128)).max(5000).optional(),
});
export type AiFilterInput = z.infer<typeof aiFilterInput>;
