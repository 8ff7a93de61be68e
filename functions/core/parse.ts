import * as z from 'zod/mini';
import { ValidationError } from './errors';

/** A missing body parses as `{}` so the schema reports each missing field by its own message. */
export function parseJsonBody(event: { body?: string | null; isBase64Encoded?: boolean }): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError('Request body must be valid JSON');
  }
}

/** Works with any zod 4 schema (mini in shared/, classic anywhere else). */
export function parseWith<S extends z.core.$ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw ValidationError.fromZod(result.error, where);
  return result.data;
}
