import * as z from 'zod/mini';

/**
 * A paged list's cursor (issue 34 point 1): opaque to the client, which only passes back the
 * `nextCursor` a page answered. The server seals what it holds (functions/core/page-cursor.ts) as
 * `<payload>.<signature>`, both base64url; anything else, or a cursor of another list, owner or filter,
 * is answered 400 with this one message.
 */
export const INVALID_CURSOR = 'Invalid cursor';

/** The longest cursor a list answers is well under this. */
export const CURSOR_MAX_LENGTH = 1024;

export const CURSOR_FORMAT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The `cursor` query parameter of every paged route. */
export const cursorParam = z.optional(
  z.string().check(z.maxLength(CURSOR_MAX_LENGTH, INVALID_CURSOR), z.regex(CURSOR_FORMAT, INVALID_CURSOR)),
);
