import * as z from 'zod/mini';
import { UnsupportedMediaTypeError, ValidationError } from './errors';

type BodyEvent = {
  body?: string | null;
  isBase64Encoded?: boolean;
  headers?: Record<string, string | undefined>;
};

/** `application/json` or a JSON suffix type (`application/merge-patch+json`), any parameters. */
const JSON_MEDIA_TYPE = /^application\/(?:[a-z0-9!#$&^_.-]+\+)?json$/;

export const isJsonContentType = (value: string | undefined): boolean =>
  value !== undefined && JSON_MEDIA_TYPE.test(value.split(';')[0]!.trim().toLowerCase());

/**
 * Every route reads JSON, so a body of any other type (a form, multipart, XML, text/plain, or no type
 * at all) is refused with 415 rather than parsed: a browser sends those cross-site without a CORS
 * preflight, and a route that accepted them would act on a request no page of ours made. Requests
 * without a body need no type. HTTP API v2 events carry lower-case header names.
 */
export function requireJsonContent(event: BodyEvent): void {
  if (event.body && !isJsonContentType(event.headers?.['content-type'])) {
    throw new UnsupportedMediaTypeError();
  }
}

/**
 * A missing body parses as `{}` so the schema reports each missing field by its own message. The HTTP
 * wrappers call `requireJsonContent` first; a WebSocket frame has no content type to check.
 */
export function parseJsonBody(event: BodyEvent): unknown {
  if (!event.body) return {};
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
