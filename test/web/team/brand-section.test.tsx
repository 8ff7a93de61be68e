import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../shared/auth';
import { BRAND_LOGO_MAX_BYTES, BRAND_TEXTS, type BrandView } from '../../../shared/brand';
import { upgradeHint } from '../../../shared/plan-policy';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';
import { LONG, SLOW } from './team-fixtures';

/**
 * The Brand card of /profile (DECISIONS 32): the PLUS owner's product name, accent colour (contrast with
 * white text said as it is typed, a light one refused before anything is sent) and logo (PNG or SVG
 * up to 200 KB, checked here first), saved with PUT /api/team/brand; below PLUS, the upgrade words.
 */
const TEXTS = BRAND_TEXTS.section;
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const STORED: NonNullable<BrandView> = {
  name: 'Acme Outreach',
  accentColor: '#1864AB',
  logo: { type: 'image/png', dataUrl: `data:image/png;base64,${base64(PNG_BYTES)}` },
  updatedAt: '2025-03-20T12:00:00.000Z',
};

/** GET answers `start`; a PUT stores what it was sent (as the server does, colour upper case). */
function serveBrand(api: FakeApi, start: BrandView = null) {
  let brand = start;
  api.on('GET', '/team/brand', () => ({ status: 200, body: { data: { brand } } }));
  api.on('PUT', '/team/brand', ({ body = {} }) => {
    const logo = body.logo as string | null;
    brand = {
      name: String(body.name),
      accentColor: body.accentColor as string | null,
      logo: logo
        ? { type: logo.startsWith('data:image/png') ? 'image/png' : 'image/svg+xml', dataUrl: logo }
        : null,
      updatedAt: new Date().toISOString(),
    };
    return { status: 200, body: { success: true, message: BRAND_TEXTS.saved, data: { brand } } };
  });
  api.on('DELETE', '/team/brand', () => {
    brand = null;
    return { status: 200, body: { success: true, message: BRAND_TEXTS.reset } };
  });
}

async function openProfile(api: FakeApi, overrides: Partial<User> = { plan: 'PLUS' }) {
  signInAs(api, makeUser(overrides));
  const user = userEvent.setup();
  renderApp('/profile');
  await screen.findByRole('heading', { name: 'Profile Settings' }, LONG);
  // The Team and Brand cards' code loads after the page's (they sit below the fold).
  await screen.findByRole('region', { name: 'Brand' }, LONG);
  return user;
}

const section = () => within(screen.getByRole('region', { name: 'Brand' }));
const nameField = () => section().getByLabelText(/^Product name/) as HTMLInputElement;
const accentField = () => section().getByLabelText(TEXTS.accentLabel) as HTMLInputElement;
const logoInput = () => section().getByLabelText(TEXTS.logoLabel) as HTMLInputElement;
const saveButton = () => section().getByRole('button', { name: TEXTS.save }) as HTMLButtonElement;
const loaded = () => section().findByLabelText(/^Product name/, {}, LONG);
const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('Brand section below the Plus plan', () => {
  it.each(['FREE', 'PRO'] as const)(
    'on %s it gives the upgrade words and a pricing link, no form',
    async (plan) => {
      const api = installFakeApi();
      await openProfile(api, { plan });

      expect(section().getByText(BRAND_TEXTS.notInPlan)).toBeTruthy();
      expect(section().getByText(upgradeHint(plan)!)).toBeTruthy();
      expect(section().getByRole('link', { name: TEXTS.viewPricing }).getAttribute('href')).toBe('/pricing');
      expect(section().queryByLabelText(/^Product name/)).toBeNull();
      expect(api.callsTo('GET', '/team/brand')).toHaveLength(0);
    },
  );
});

describe('Brand section on the Plus plan', () => {
  it(
    'shows the stored brand in labelled fields, the logo with its alt text and the header preview',
    async () => {
      const api = installFakeApi();
      serveBrand(api, STORED);
      await openProfile(api);

      expect(((await loaded()) as HTMLInputElement).value).toBe('Acme Outreach');
      expect(accentField().value).toBe('#1864AB');
      expect(describedBy(accentField())).toContain(TEXTS.contrastOk(6.08));
      expect(section().getByRole('img', { name: TEXTS.logoPreviewAlt }).getAttribute('src')).toBe(
        STORED.logo?.dataUrl,
      );
      expect(logoInput().getAttribute('accept')).toBe('.png,.svg,image/png,image/svg+xml');
      const preview = section().getByTestId('brand-preview');
      expect(preview.textContent).toBe('Acme Outreach');
      expect(preview.style.background).toMatch(/#1864ab|rgb\(24, 100, 171\)/i);
      expect(saveButton().disabled).toBe(true);
    },
    SLOW,
  );

  it('says a light colour fails WCAG AA as it is typed, on the field, and Save sends nothing', async () => {
    const api = installFakeApi();
    serveBrand(api);
    const user = await openProfile(api);
    await loaded();

    await user.type(nameField(), 'Acme');
    await user.type(accentField(), '#339AF0');
    const message =
      'This colour is too light for white text (contrast 2.9:1; WCAG AA needs 4.5:1). Choose a darker colour.';
    expect((await section().findByRole('alert', {}, LONG)).textContent).toBe(message);
    expect(accentField().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(accentField())).toContain(message);

    await user.click(saveButton());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('PUT', '/team/brand')).toHaveLength(0);

    await user.clear(accentField());
    await user.type(accentField(), '#1864ab');
    await waitFor(() => expect(describedBy(accentField())).toContain(TEXTS.contrastOk(6.08)));
    expect(section().queryByRole('alert')).toBeNull();
  });

  it(
    'saves the name, the colour in upper case and the chosen logo as a data URL, and says so',
    async () => {
      const api = installFakeApi();
      serveBrand(api);
      const user = await openProfile(api);
      await loaded();

      await user.type(nameField(), '  Acme Outreach ');
      await user.type(accentField(), '#1864ab');
      await user.upload(logoInput(), new File([PNG_BYTES], 'logo.png', { type: 'image/png' }));
      const logo = await section().findByRole('img', { name: TEXTS.logoPreviewAlt }, LONG);
      expect(logo.getAttribute('src')).toBe(`data:image/png;base64,${base64(PNG_BYTES)}`);
      await user.click(saveButton());

      expect(await screen.findByText(BRAND_TEXTS.saved, {}, LONG)).toBeTruthy();
      expect(api.callsTo('PUT', '/team/brand').map((call) => call.body)).toEqual([
        { name: 'Acme Outreach', accentColor: '#1864AB', logo: `data:image/png;base64,${base64(PNG_BYTES)}` },
      ]);
      await waitFor(() => expect(saveButton().disabled).toBe(true));
      expect(nameField().value).toBe('Acme Outreach');
    },
    SLOW,
  );

  it('removes the logo and sends null for it', async () => {
    const api = installFakeApi();
    serveBrand(api, STORED);
    const user = await openProfile(api);
    await loaded();

    await user.click(section().getByRole('button', { name: TEXTS.removeLogo }));
    expect(section().queryByRole('img', { name: TEXTS.logoPreviewAlt })).toBeNull();
    expect(section().getByText(TEXTS.noLogo)).toBeTruthy();
    await user.click(saveButton());

    await waitFor(() => expect(api.callsTo('PUT', '/team/brand')).toHaveLength(1), LONG);
    expect(api.callsTo('PUT', '/team/brand')[0]?.body).toEqual({
      name: 'Acme Outreach',
      accentColor: '#1864AB',
      logo: null,
    });
  });

  it('keeps every typed value when the server refuses, its message on the field or above the form', async () => {
    const api = installFakeApi();
    serveBrand(api);
    const unsafe = BRAND_TEXTS.logoUnsafe('<script>');
    api.on('PUT', '/team/brand', {
      status: 400,
      body: { code: 'VALIDATION_ERROR', message: unsafe, issues: [{ path: 'logo', message: unsafe }] },
    });
    const user = await openProfile(api);
    await loaded();

    await user.type(nameField(), 'Acme');
    await user.type(accentField(), '#1864AB');
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', {
      type: 'image/svg+xml',
    });
    await user.upload(logoInput(), svg);
    await section().findByRole('img', { name: TEXTS.logoPreviewAlt }, LONG);
    await user.click(saveButton());

    expect((await section().findByRole('alert', {}, LONG)).textContent).toBe(unsafe);
    expect(logoInput().getAttribute('aria-describedby')).toBeTruthy();
    expect(describedBy(logoInput())).toContain(unsafe);
    expect(nameField().value).toBe('Acme');
    expect(accentField().value).toBe('#1864AB');
    expect(section().getByRole('img', { name: TEXTS.logoPreviewAlt })).toBeTruthy();

    api.on('PUT', '/team/brand', {
      status: 403,
      body: { code: 'FORBIDDEN', message: BRAND_TEXTS.notInPlan },
    });
    await user.type(nameField(), ' Co');
    await user.click(saveButton());
    await waitFor(() => expect(section().getByText(BRAND_TEXTS.notInPlan)).toBeTruthy(), LONG);
    expect(nameField().value).toBe('Acme Co');
  });

  it('refuses a logo over 200 KB, or of another type, before sending or reading it', async () => {
    const api = installFakeApi();
    serveBrand(api, STORED);
    const user = await openProfile(api);
    await loaded();

    const big = new File([new Uint8Array(BRAND_LOGO_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    await user.upload(logoInput(), big);
    expect((await section().findByRole('alert', {}, LONG)).textContent).toBe(BRAND_TEXTS.logoTooLarge);
    // The stored logo stays chosen, and nothing was sent.
    expect(section().getByRole('img', { name: TEXTS.logoPreviewAlt }).getAttribute('src')).toBe(
      STORED.logo?.dataUrl,
    );
    // A file the picker's filter would hide, chosen anyway (drag and drop, "All files").
    const gif = new File(['GIF89a'], 'logo.gif', { type: 'image/gif' });
    await userEvent.setup({ applyAccept: false }).upload(logoInput(), gif);
    await waitFor(() => expect(section().getByRole('alert').textContent).toBe(BRAND_TEXTS.logoFormat));
    expect(api.callsTo('PUT', '/team/brand')).toHaveLength(0);
  });

  it('resets to the default after a confirmation', async () => {
    const api = installFakeApi();
    serveBrand(api, STORED);
    const user = await openProfile(api);
    await loaded();

    await user.click(section().getByRole('button', { name: TEXTS.resetButton }));
    const dialog = await screen.findByRole('dialog', { name: TEXTS.resetTitle }, LONG);
    await user.click(within(dialog).getByRole('button', { name: TEXTS.resetButton }));

    expect(await screen.findByText(BRAND_TEXTS.reset, {}, LONG)).toBeTruthy();
    expect(api.callsTo('DELETE', '/team/brand')).toHaveLength(1);
    await waitFor(() => expect(nameField().value).toBe(''));
    expect(section().queryByRole('button', { name: TEXTS.resetButton })).toBeNull();
  });
});
