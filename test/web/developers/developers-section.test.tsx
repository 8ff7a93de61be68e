import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_TEXTS, type ApiKeyView } from '../../../shared/api-key-texts';
import type { User } from '../../../shared/auth';
import { endOfDay } from '../../../web/src/features/profile/components/ApiKeyCreateForm';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';

const LONG = { timeout: 5000 };

// A zone that is not UTC, so a date's local end and its UTC end differ (the expiry and last-use texts).
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = zone;
});
const SECRET = `trbk_${'Q'.repeat(40)}`;

const crm: ApiKeyView = {
  id: 'key-1',
  name: 'CRM sync',
  prefix: 'trbk_AbCdEfG',
  scopes: ['leads:read', 'flows:read'],
  createdAt: '2026-03-14T12:00:00.000Z',
  expiresAt: null,
  lastUsedAt: '2026-03-20T08:00:00.000Z',
};

/** The keys routes over a list held here, as the real service answers them. */
function serveKeys(api: FakeApi, start: ApiKeyView[] = []) {
  let keys = start;
  api.on('GET', '/keys', () => ({ status: 200, body: { data: { keys } } }));
  api.on('POST', '/keys', ({ body = {} }) => {
    if (keys.length >= 10) return { status: 409, body: { code: 'CONFLICT', message: API_KEY_TEXTS.tooMany } };
    const key: ApiKeyView = {
      id: `key-${keys.length + 2}`,
      name: String(body.name),
      prefix: SECRET.slice(0, 12),
      scopes: body.scopes as ApiKeyView['scopes'],
      createdAt: '2026-04-01T12:00:00.000Z',
      expiresAt: (body.expiresAt as string | null) ?? null,
      lastUsedAt: null,
    };
    keys = [key, ...keys];
    api.on('DELETE', `/keys/${key.id}`, () => {
      keys = keys.filter((k) => k.id !== key.id);
      return { status: 200, body: { success: true } };
    });
    return { status: 201, body: { data: { key, secret: SECRET } } };
  });
  for (const key of start)
    api.on('DELETE', `/keys/${key.id}`, () => {
      keys = keys.filter((k) => k.id !== key.id);
      return { status: 200, body: { success: true } };
    });
  return { keys: () => keys };
}

async function openProfile(api: FakeApi, overrides: Partial<User> = { plan: 'PRO' }) {
  signInAs(api, makeUser(overrides));
  const user = userEvent.setup();
  const view = renderApp('/profile');
  await screen.findByRole('heading', { name: 'Profile Settings' }, LONG);
  // Below the fold: the card's code loads after the page's.
  await screen.findByRole('region', { name: 'Developers' }, LONG);
  return { user, ...view };
}

const card = () => within(screen.getByRole('region', { name: 'Developers' }));
const nameField = () => card().getByRole('textbox', { name: /Key name/ }) as HTMLInputElement;

describe('Developers card below the Pro plan', () => {
  it.each(['FREE', 'TRIAL', 'BASE'] as const)(
    'on %s says keys come with Pro and Plus, links to pricing and offers no form',
    async (plan) => {
      const api = installFakeApi();
      serveKeys(api);
      await openProfile(api, { plan });

      expect(card().getByText(API_KEY_TEXTS.notInPlan)).toBeTruthy();
      expect(card().getByRole('link', { name: 'View pricing plans' }).getAttribute('href')).toBe('/pricing');
      expect(card().queryByRole('button', { name: 'Create key' })).toBeNull();
      await waitFor(() => expect(api.callsTo('GET', '/keys')).toHaveLength(1));
      expect(card().queryByRole('list', { name: 'Your keys' })).toBeNull();
    },
  );

  it('lists the keys a downgrade kept, so any can be revoked, and offers no form', async () => {
    const api = installFakeApi();
    serveKeys(api, [crm]);
    const { user } = await openProfile(api, { plan: 'BASE' });

    expect(await card().findByText(API_KEY_TEXTS.notInPlanList, {}, LONG)).toBeTruthy();
    expect(card().queryByRole('button', { name: 'Create key' })).toBeNull();
    await user.click(card().getByRole('button', { name: 'Revoke API key CRM sync' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke "CRM sync"?' }, LONG));
    await user.click(dialog.getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/keys/key-1')).toHaveLength(1));
    await waitFor(() => expect(card().queryByText(API_KEY_TEXTS.notInPlanList)).toBeNull());
  });
});

describe('Developers card on Pro and Plus', () => {
  it('lists each key by name and prefix, with its scopes, last use and expiry', async () => {
    const api = installFakeApi();
    serveKeys(api, [
      crm,
      { ...crm, id: 'key-0', name: 'Old export', lastUsedAt: null, expiresAt: '2020-01-01T00:00:00.000Z' },
    ]);
    await openProfile(api, { plan: 'PLUS' });

    const list = within(await card().findByRole('list', { name: 'Your keys' }, LONG));
    const [first, second] = list.getAllByRole('listitem');
    expect(within(first!).getByText('CRM sync')).toBeTruthy();
    expect(within(first!).getByText('trbk_AbCdEfG…')).toBeTruthy();
    expect(within(first!).getByText('leads:read')).toBeTruthy();
    expect(within(first!).getByText('flows:read')).toBeTruthy();
    // 08:00 UTC is 4:00 in New York (the browser's zone here).
    expect(first!.textContent).toMatch(/Created Mar 14, 2026 · Last used Mar 20, 2026, 4:00\sAM · No expiry/);
    expect(within(first!).queryByText('Expired')).toBeNull();
    expect(within(second!).getByText('Expired')).toBeTruthy();
    expect(second!.textContent).toContain('Never used · Expires Dec 31, 2019');
    expect(list.getByRole('button', { name: 'Revoke API key CRM sync' })).toBeTruthy();
  });

  it('says there are no keys yet, and shows a skeleton until the list answers', async () => {
    const api = installFakeApi();
    serveKeys(api);
    const release = api.hold('GET', '/keys');
    await openProfile(api);

    expect(card().getByLabelText(API_KEY_TEXTS.loading)).toBeTruthy();
    release();
    expect(await card().findByText(API_KEY_TEXTS.empty, {}, LONG)).toBeTruthy();
  });

  it('offers Try again when the list fails to load, and shows it when it answers', async () => {
    const api = installFakeApi();
    api.on('GET', '/keys', {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'Internal server error' },
    });
    const { user } = await openProfile(api);

    await user.click(await card().findByRole('button', { name: 'Try again' }, LONG));
    expect(card().getByText(API_KEY_TEXTS.loadError)).toBeTruthy();
    serveKeys(api, [crm]);
    await user.click(card().getByRole('button', { name: 'Try again' }));
    expect(await card().findByText('CRM sync', {}, LONG)).toBeTruthy();
  });

  it('creates a key and shows its secret once, with a copy button, until Done', async () => {
    const api = installFakeApi();
    const served = serveKeys(api);
    const { user } = await openProfile(api);

    await user.type(await card().findByRole('textbox', { name: /Key name/ }, LONG), 'CRM sync');
    await user.click(card().getByRole('checkbox', { name: 'Read trobs, their runs and their leads' }));
    await user.click(card().getByRole('checkbox', { name: 'Start, pause and stop trobs and flows' }));
    await user.click(card().getByRole('button', { name: 'Create key' }));

    const secret = (await card().findByRole(
      'textbox',
      { name: 'Your new API key' },
      LONG,
    )) as HTMLInputElement;
    expect(secret.value).toBe(SECRET);
    expect(secret.readOnly).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(secret));
    expect(card().getByText(API_KEY_TEXTS.shownOnce)).toBeTruthy();
    expect(card().getByRole('button', { name: 'Copy key' })).toBeTruthy();
    expect(api.callsTo('POST', '/keys')[0]!.body).toEqual({
      name: 'CRM sync',
      scopes: ['leads:read', 'automations:run'],
      expiresAt: null,
    });
    expect(served.keys()).toHaveLength(1);
    expect(await card().findByText('trbk_QQQQQQQ…', {}, LONG)).toBeTruthy();

    await user.click(card().getByRole('button', { name: 'Done' }));
    expect(card().queryByRole('textbox', { name: 'Your new API key' })).toBeNull();
    expect(card().queryByText(SECRET)).toBeNull();
    // The form is back, empty, for the next key, and the keyboard is at its heading.
    expect(nameField().value).toBe('');
    await waitFor(() =>
      expect(document.activeElement).toBe(card().getByRole('heading', { name: 'New key' })),
    );
  });

  it('sends the chosen last day as its end in the browser’s time zone', async () => {
    const api = installFakeApi();
    serveKeys(api);
    const { user } = await openProfile(api);

    await user.type(await card().findByRole('textbox', { name: /Key name/ }, LONG), 'Nightly export');
    await user.click(card().getByRole('checkbox', { name: 'Read flows, their activities and prospects' }));
    // A date field's own picker is the browser's; its value is what the picker sets.
    fireEvent.change(card().getByLabelText(/Expires on/), { target: { value: '2099-12-31' } });
    await user.click(card().getByRole('button', { name: 'Create key' }));

    await card().findByRole('textbox', { name: 'Your new API key' }, LONG);
    expect(api.callsTo('POST', '/keys')[0]!.body).toEqual({
      name: 'Nightly export',
      scopes: ['flows:read'],
      // The end of Dec 31 in New York is 04:59:59.999 on Jan 1 in UTC.
      expiresAt: '2100-01-01T04:59:59.999Z',
    });
  });

  it('takes today as the last day and refuses yesterday', async () => {
    const api = installFakeApi();
    serveKeys(api);
    const { user } = await openProfile(api);
    const day = (offset: number) => {
      const at = new Date(Date.now() + offset * 86_400_000);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
    };

    await user.type(await card().findByRole('textbox', { name: /Key name/ }, LONG), 'Today only');
    await user.click(card().getByRole('checkbox', { name: 'Read trobs, their runs and their leads' }));
    const expiry = card().getByLabelText(/Expires on/) as HTMLInputElement;
    expect(expiry.min).toBe(day(0));
    fireEvent.change(expiry, { target: { value: day(-1) } });
    await user.click(card().getByRole('button', { name: 'Create key' }));
    expect(await card().findByText(API_KEY_TEXTS.expiryPast, {}, LONG)).toBeTruthy();
    expect(api.callsTo('POST', '/keys')).toHaveLength(0);

    fireEvent.change(expiry, { target: { value: day(0) } });
    await user.click(card().getByRole('button', { name: 'Create key' }));
    await card().findByRole('textbox', { name: 'Your new API key' }, LONG);
    expect(api.callsTo('POST', '/keys')[0]!.body).toMatchObject({
      expiresAt: endOfDay(day(0)).toISOString(),
    });
  });

  it('asks for the password when the server does, and sends it with the same key', async () => {
    const api = installFakeApi();
    serveKeys(api);
    const ask = {
      status: 403,
      body: {
        code: 'FORBIDDEN',
        message: API_KEY_TEXTS.passwordNeeded,
        issues: [{ path: 'password', message: API_KEY_TEXTS.passwordNeeded }],
      },
    };
    const created = {
      status: 201,
      body: { data: { key: { ...crm, id: 'key-9', name: 'CRM sync' }, secret: SECRET } },
    };
    api.on('POST', '/keys', ({ body = {} }) => (body.password === 'My-Password-1' ? created : ask));
    const { user } = await openProfile(api);

    await user.type(await card().findByRole('textbox', { name: /Key name/ }, LONG), 'CRM sync');
    await user.click(card().getByRole('checkbox', { name: 'Read trobs, their runs and their leads' }));
    await user.click(card().getByRole('button', { name: 'Create key' }));

    const password = await card().findByLabelText('Your password', { selector: 'input' }, LONG);
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(card().getByText(API_KEY_TEXTS.passwordNeeded)).toBeTruthy();
    expect(nameField().value).toBe('CRM sync');
    await user.type(password, 'My-Password-1');
    await user.click(card().getByRole('button', { name: 'Create key' }));

    await card().findByRole('textbox', { name: 'Your new API key' }, LONG);
    expect(api.callsTo('POST', '/keys').map((c) => c.body)).toEqual([
      { name: 'CRM sync', scopes: ['leads:read'], expiresAt: null },
      { name: 'CRM sync', scopes: ['leads:read'], expiresAt: null, password: 'My-Password-1' },
    ]);
  });

  it('refuses a blank name, no scope and a past day on the fields, sending nothing', async () => {
    const api = installFakeApi();
    serveKeys(api);
    const { user } = await openProfile(api);

    await card().findByRole('button', { name: 'Create key' }, LONG);
    fireEvent.change(card().getByLabelText(/Expires on/), { target: { value: '2020-01-01' } });
    await user.click(card().getByRole('button', { name: 'Create key' }));

    expect(await card().findByText(API_KEY_TEXTS.nameBlank, {}, LONG)).toBeTruthy();
    expect(card().getByText(API_KEY_TEXTS.scopesRequired)).toBeTruthy();
    expect(card().getByText(API_KEY_TEXTS.expiryPast)).toBeTruthy();
    expect(document.activeElement).toBe(nameField());
    expect(api.callsTo('POST', '/keys')).toHaveLength(0);
  });

  it('shows the server’s refusal above the form and keeps what was typed', async () => {
    const api = installFakeApi();
    serveKeys(
      api,
      Array.from({ length: 10 }, (_, i) => ({ ...crm, id: `key-${i + 10}`, name: `Key ${i}` })),
    );
    const { user } = await openProfile(api);

    await user.type(await card().findByRole('textbox', { name: /Key name/ }, LONG), 'Eleventh');
    await user.click(card().getByRole('checkbox', { name: 'Read trobs, their runs and their leads' }));
    await user.click(card().getByRole('button', { name: 'Create key' }));

    expect(await card().findByText(API_KEY_TEXTS.tooMany, {}, LONG)).toBeTruthy();
    expect(nameField().value).toBe('Eleventh');
  });

  it('revokes a key after a confirmation, and the list no longer shows it', async () => {
    const api = installFakeApi();
    serveKeys(api, [crm]);
    const { user } = await openProfile(api);

    await user.click(await card().findByRole('button', { name: 'Revoke API key CRM sync' }, LONG));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke "CRM sync"?' }, LONG));
    expect(dialog.getByText(API_KEY_TEXTS.revokeBody)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Revoke key' }));

    expect(await card().findByText(API_KEY_TEXTS.empty, {}, LONG)).toBeTruthy();
    expect(api.callsTo('DELETE', '/keys/key-1')).toHaveLength(1);
    expect(await screen.findByText(API_KEY_TEXTS.revoked, {}, LONG)).toBeTruthy();
  });
});
