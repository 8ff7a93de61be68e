import { crc32, deflateSync } from 'node:zlib';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../functions/auth/user-repository';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import { brandOf } from '../../functions/team/brand-view';
import { BRAND_LOGO_MAX_BYTES, BRAND_TEXTS } from '../../shared/brand';
import { linkInNameMessage } from '../../shared/contact-like';
import { TEAM_TEXTS } from '../../shared/team-texts';
import { hiddenCharactersMessage } from '../../shared/text';
import { type AccountsEnv, useAccountsEnv } from '../support/accounts-env';
import type { Api, TestUser } from '../support/api-client';
import { joinTeam, switchWorkspace } from '../support/teams';
import { newUser, warmUsers } from '../support/users';

/**
 * White label (DECISIONS 32, issue 22 point 3) on DynamoDB Local through the route table and the local
 * gateway: the PLUS owner's brand saved and read back (a 200 KB logo passes the gateway as a data
 * URL), refused below PLUS but kept and answered, refused to members, bad inputs answered 400 with
 * the brand's words, and each owner's brand their own.
 */
let env: AccountsEnv;
let api: Api;

beforeAll(async () => {
  env = await useAccountsEnv();
  api = env.api;
  await warmUsers(8, 'brand');
});

afterAll(async () => {
  await env?.close();
});

/** A real PNG of `size` bytes: signature, IHDR, IDAT, a private chunk taking the rest, IEND. */
function png(size = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(64, 0);
  ihdr.writeUInt32BE(32, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64 * 32 * 4 + 32))),
  ];
  const bare = Buffer.concat([...parts, chunk('IEND', Buffer.alloc(0))]).length;
  if (size > bare) parts.push(chunk('prVt', Buffer.alloc(size - bare - 12, 1)));
  return Buffer.concat([...parts, chunk('IEND', Buffer.alloc(0))]);
}
const dataUrl = (type: string, bytes: Buffer | string) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

const SVG =
  '<?xml version="1.0"?><!-- exported --><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">' +
  '<metadata>editor</metadata><rect width="10" height="10" fill="#fff"/></svg>';
const CLEAN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#fff"/></svg>';

const brand = (overrides: Record<string, unknown> = {}) => ({
  name: 'Acme Outreach',
  accentColor: '#1864ab',
  logo: dataUrl('image/png', png()),
  ...overrides,
});
const put = (user: TestUser, body: unknown) => api.put('/api/team/brand', body, { token: user.accessToken });
const get = (user: TestUser) => api.get('/api/team/brand', { token: user.accessToken });
const reset = (user: TestUser) => api.delete('/api/team/brand', undefined, { token: user.accessToken });
const refusedWith = (message: string, path: string) => ({
  code: 'VALIDATION_ERROR',
  message,
  issues: [{ path, message }],
});

describe('PUT and GET /api/team/brand', () => {
  it('answers null until the owner saves a brand, then the brand as saved (name trimmed, colour upper case)', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const before = await get(owner);
    expect(before.status, before.text).toBe(200);
    expect(before.body).toEqual({ data: { brand: null } });

    const logo = dataUrl('image/png', png());
    const saved = await put(owner, brand({ name: '  Acme Outreach  ', logo }));
    expect(saved.status, saved.text).toBe(200);
    const expected = {
      name: 'Acme Outreach',
      accentColor: '#1864AB',
      logo: { type: 'image/png', dataUrl: logo },
      updatedAt: expect.any(String),
    };
    expect(saved.body).toEqual({ success: true, message: BRAND_TEXTS.saved, data: { brand: expected } });
    expect((await get(owner)).body.data.brand).toEqual(saved.body.data.brand);
    // The service other features read (the workspace list) answers the same.
    expect(await brandOf(owner.id)).toEqual(saved.body.data.brand);
  });

  it('stores an SVG logo as rewritten from the allowlist, and replaces the whole brand on the next save', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const saved = await put(owner, brand({ logo: dataUrl('image/svg+xml', SVG) }));
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.brand.logo).toEqual({
      type: 'image/svg+xml',
      dataUrl: dataUrl('image/svg+xml', CLEAN_SVG),
    });
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: keys.brand(owner.id) }),
    );
    expect(Buffer.from(Item?.logo as Uint8Array).toString('utf8')).toBe(CLEAN_SVG);

    const plain = await put(owner, { name: 'Acme', accentColor: null, logo: null });
    expect(plain.status, plain.text).toBe(200);
    expect((await get(owner)).body.data.brand).toMatchObject({ name: 'Acme', accentColor: null, logo: null });
  });

  it('takes a 200 KB logo through the gateway and refuses one byte more, and far more, with the brand’s words', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const atLimit = png(BRAND_LOGO_MAX_BYTES);
    expect(atLimit.length).toBe(204_800);
    const ok = await put(owner, brand({ logo: dataUrl('image/png', atLimit) }));
    expect(ok.status, ok.text.slice(0, 200)).toBe(200);
    expect((await get(owner)).body.data.brand.logo.dataUrl).toBe(dataUrl('image/png', atLimit));

    for (const size of [BRAND_LOGO_MAX_BYTES + 1, 300 * 1024, 2 * 1024 * 1024]) {
      const res = await put(owner, brand({ logo: dataUrl('image/png', png(size)) }));
      expect(res.status, `${size}: ${res.text.slice(0, 200)}`).toBe(400);
      expect(res.body, String(size)).toEqual(refusedWith(BRAND_TEXTS.logoTooLarge, 'logo'));
    }
    // The refused saves left the brand as it was.
    expect((await get(owner)).body.data.brand.logo.dataUrl).toBe(dataUrl('image/png', atLimit));
  });

  it('answers 400 with the brand’s words to a light colour, a long or hidden name, an unsafe SVG and a fake PNG', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ accentColor: '#339AF0' }, BRAND_TEXTS.accentTooLight(2.99), 'accentColor'],
      [{ accentColor: 'blue' }, BRAND_TEXTS.accentFormat, 'accentColor'],
      [{ name: '🚀'.repeat(41) }, BRAND_TEXTS.nameTooLong, 'name'],
      [{ name: '   ' }, BRAND_TEXTS.nameRequired, 'name'],
      [{ name: 'Acme\u202E' }, hiddenCharactersMessage('Product name'), 'name'],
      // Issue 34: tags and annotations are hidden characters; a name holds no link.
      [{ name: 'Acme\u{E0041}\u{E0042}' }, hiddenCharactersMessage('Product name'), 'name'],
      [{ name: 'Acme\uFFF9x\uFFFB' }, hiddenCharactersMessage('Product name'), 'name'],
      [{ name: 'Acme at evil.example' }, linkInNameMessage('Product name'), 'name'],
      [
        {
          logo: dataUrl(
            'image/svg+xml',
            '<svg xmlns="http://www.w3.org/2000/svg"><style>.a{fill:image-set("https://evil.example/a.png" 1x)}</style></svg>',
          ),
        },
        BRAND_TEXTS.logoUnsafe('the style function image-set()'),
        'logo',
      ],
      [
        {
          logo: dataUrl(
            'image/svg+xml',
            '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:-webkit-image-set(url(https://evil.example/a.png) 1x)"/></svg>',
          ),
        },
        BRAND_TEXTS.logoUnsafe('the style function -webkit-image-set()'),
        'logo',
      ],
      [{ logo: 'data:image/gif;base64,R0lGODlh' }, BRAND_TEXTS.logoFormat, 'logo'],
      [
        { logo: dataUrl('image/png', 'just text, no PNG here at all, not even close to one') },
        BRAND_TEXTS.logoNotPng,
        'logo',
      ],
      [
        {
          logo: dataUrl(
            'image/svg+xml',
            '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          ),
        },
        BRAND_TEXTS.logoUnsafe('<script>'),
        'logo',
      ],
      [
        { logo: dataUrl('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
        BRAND_TEXTS.logoUnsafe('the event attribute onload'),
        'logo',
      ],
    ];
    expect(BRAND_TEXTS.accentTooLight(2.99)).toContain('(contrast 2.9:1; WCAG AA needs 4.5:1)');
    for (const [overrides, message, path] of cases) {
      const res = await put(owner, brand(overrides));
      expect(res.status, `${message}: ${res.text.slice(0, 200)}`).toBe(400);
      expect(res.body, message).toEqual(refusedWith(message, path));
    }
    expect((await get(owner)).body.data.brand).toBeNull();
  });
});

describe('the brand and the plan', () => {
  it('refuses a save below PLUS with the upgrade words, and keeps answering the stored brand', async () => {
    const pro = await newUser({ plan: 'PRO' });
    const refused = await put(pro, brand());
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'FORBIDDEN', message: BRAND_TEXTS.notInPlan });
    expect((await get(pro)).body).toEqual({ data: { brand: null } });

    const owner = await newUser({ plan: 'PLUS' });
    expect((await put(owner, brand())).status).toBe(200);
    await updateUser(owner.id, { plan: 'PRO' });
    const kept = await get(owner);
    expect(kept.status).toBe(200);
    expect(kept.body.data.brand).toMatchObject({ name: 'Acme Outreach', accentColor: '#1864AB' });
    expect((await put(owner, brand({ name: 'Changed' }))).status).toBe(403);
    await updateUser(owner.id, { plan: 'PLUS' });
    expect((await get(owner)).body.data.brand.name).toBe('Acme Outreach');
  });
});

describe('who may touch the brand', () => {
  it('refuses the owner’s routes to a member acting in the workspace', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    const mate = await newUser();
    expect((await put(owner, brand())).status).toBe(200);
    await joinTeam(api, env.stateDir, owner, mate);

    for (const res of [await get(mate), await put(mate, brand({ name: 'Hijacked' })), await reset(mate)]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 'FORBIDDEN', message: TEAM_TEXTS.ownerOnly });
    }
    expect((await get(owner)).body.data.brand.name).toBe('Acme Outreach');
  });

  it('acts on the caller’s own brand only: another owner’s save and reset leave it as it was', async () => {
    const [ada, bob] = await Promise.all([newUser({ plan: 'PLUS' }), newUser({ plan: 'PLUS' })]);
    expect((await put(ada, brand({ name: 'Ada Co' }))).status).toBe(200);
    expect((await put(bob, brand({ name: 'Bob Co', logo: null }))).status).toBe(200);

    const cleared = await reset(bob);
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toEqual({ success: true, message: BRAND_TEXTS.reset });
    expect((await get(bob)).body.data.brand).toBeNull();
    expect((await get(ada)).body.data.brand).toMatchObject({ name: 'Ada Co', logo: { type: 'image/png' } });
  });
});

describe('the brand in the workspace list (GET /api/workspaces), which the shell shows', () => {
  const brandIn = async (person: TestUser) => {
    const res = await api.get('/api/workspaces', { token: person.accessToken });
    expect(res.status, res.text).toBe(200);
    return res.body.data.brand;
  };

  it('is shown to everyone working in the workspace, never to an outsider or in a member’s own workspace', async () => {
    const [owner, mate, outsider] = await Promise.all([newUser({ plan: 'PLUS' }), newUser(), newUser()]);
    await joinTeam(api, env.stateDir, owner, mate);
    expect((await put(owner, brand())).status).toBe(200);

    expect(await brandIn(owner)).toMatchObject({ name: 'Acme Outreach', accentColor: '#1864AB' });
    expect(await brandIn(mate)).toMatchObject({ name: 'Acme Outreach', accentColor: '#1864AB' });
    expect(await brandIn(outsider)).toBeNull();
    await switchWorkspace(api, mate, mate.id);
    expect(await brandIn(mate)).toBeNull();
  });

  it('is hidden while the owner’s plan is below PLUS, kept, and shown again when it returns', async () => {
    const owner = await newUser({ plan: 'PLUS' });
    expect((await put(owner, brand())).status).toBe(200);
    await updateUser(owner.id, { plan: 'PRO' });
    expect(await brandIn(owner)).toBeNull();
    await updateUser(owner.id, { plan: 'PLUS' });
    expect(await brandIn(owner)).toMatchObject({ name: 'Acme Outreach' });
  });
});
