/**
 * Issue 34 point 1: the cursors an attacker tries on a paged route, built on the caller's own
 * partition key `pk`: the old unsigned shape with a missing, empty, wrong or mistyped sort key or an extra
 * attribute, the sealed shape with a made-up or cut signature, and plain garbage. Each must be a 400
 * 'Invalid cursor', never a 500.
 */
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export const tamperedCursors = (pk: string): Record<string, string> => ({
  'own pk, no sk': b64({ pk }),
  'own pk, empty sk': b64({ pk, sk: '' }),
  'own pk, wrong sk': b64({ pk, sk: 'USER#x#PROFILE' }),
  'own pk, sk of a number': b64({ pk, sk: 7 }),
  'an extra attribute': b64({ pk, sk: 'JOB#2026', gsi9pk: 'x' }),
  'a page and key of its own': b64({ p: 2, s: 'ACTIVITY#zzz' }),
  'the sealed shape with a made-up signature': `${b64({ pk, sk: 'JOB#2026' })}.${Buffer.alloc(16, 7).toString('base64url')}`,
  'a truncated signature': `${b64({ p: 2, s: 'PROSPECT#a' })}.AAAA`,
  'two dots': 'abc.def.ghi',
  'not base64url': 'not a cursor!',
});
