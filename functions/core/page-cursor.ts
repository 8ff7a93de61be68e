import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';
import { CURSOR_FORMAT, INVALID_CURSOR } from '../../shared/paging';
import { ValidationError } from './errors';
import { secret } from './secrets';

/**
 * Paged lists' cursors (issue 34 point 1), opaque and signed: `<payload>.<signature>`, the payload the
 * list's own JSON (base64url) and the signature an HMAC-SHA256 over it and the cursor's **scope** (the
 * list, its owner and its filters, e.g. `jobs|<workspace>|<automation>`), cut to 128 bits. A cursor is
 * then only ever one the same list gave the same workspace: a tampered key, another user's cursor or one
 * of another filter fails the signature, and what passes it is still read through the list's exact
 * schema (no attribute more or less) before it reaches DynamoDB. Each answers 400 'Invalid cursor'.
 *
 * The key is derived from the access-token secret, which every signed-in route already reads (a route
 * that is not public gets the secret's grant, lib/api-stack.ts), under its own label, so a cursor's
 * signature can never stand for a token's. Rotating that secret ends every cursor too: the client then
 * starts the list again from its first page.
 */

const KEY_LABEL = 'trobly/page-cursor/v1';
const SIGNATURE_BYTES = 16;

async function cursorKey(): Promise<Buffer> {
  const tokenSecret = await secret('AUTH_TOKEN_SECRET');
  if (!tokenSecret) throw new Error('No access-token secret: paged lists cannot sign their cursors');
  return createHmac('sha256', tokenSecret).update(KEY_LABEL).digest();
}

const signatureOf = (key: Buffer, scope: string, payload: string): Buffer =>
  createHmac('sha256', key).update(`${scope}\n${payload}`).digest().subarray(0, SIGNATURE_BYTES);

const invalid = () => new ValidationError(INVALID_CURSOR, [{ path: 'cursor', message: INVALID_CURSOR }]);

/** The cursor of the page after this one: `value` sealed for `scope`. */
export async function sealCursor(scope: string, value: unknown): Promise<string> {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${signatureOf(await cursorKey(), scope, payload).toString('base64url')}`;
}

/** What a cursor this list sealed for `scope` holds, read by `schema`; anything else is 400 'Invalid cursor'. */
export async function openCursor<T>(scope: string, cursor: string, schema: z.ZodMiniType<T>): Promise<T> {
  if (!CURSOR_FORMAT.test(cursor)) throw invalid();
  const [payload, signature] = cursor.split('.') as [string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(await cursorKey(), scope, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) throw invalid();
  return parsed.data;
}
