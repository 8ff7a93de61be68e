import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '../../../shared/auth-texts';
import type { BrandView } from '../../../shared/brand';
import { TEAM_TEXTS, WORKSPACE_TEXTS, type WorkspacesView } from '../../../shared/team-texts';
import { preloadPage } from '../../../web/src/app/router';
import { TOKEN_STORAGE_KEY } from '../../../web/src/lib/session/token-store';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';

/**
 * The shell in a team (DECISIONS 31, 32): the workspace switch for someone in more than one workspace,
 * the way back from a paused team, and the workspace's brand in the header and the tab title.
 */
const LONG = { timeout: 5000 };

const me = makeUser({ id: 'user-me', firstName: 'Mia', lastName: 'Member' });
const own = { id: me.id, name: 'Mia Member', role: 'owner' as const, available: true };
const team = { id: 'user-olga', name: 'Olga Owner', role: 'member' as const, available: true };

function answerWorkspaces(api: FakeApi, view: Omit<WorkspacesView, 'brand'> & { brand?: BrandView }) {
  api.on('GET', '/workspaces', { status: 200, body: { data: { brand: null, ...view } } });
}

async function sidebar() {
  const nav = await screen.findByRole('navigation', { name: 'Main' }, LONG);
  const burger = screen.queryByRole('button', { name: 'Open navigation' });
  if (burger && within(nav).queryAllByRole('link').length === 0) fireEvent.click(burger);
  return within(nav);
}

describe('the workspace switch', () => {
  it('is drawn from workspaces asked before the shell mounts, with a stored session only', async () => {
    // Issue 38 point 2: an answer that came after the shell drew redrew all of it synchronously.
    const api = installFakeApi();
    answerWorkspaces(api, { current: me.id, workspaces: [own, team] });
    preloadPage('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.callsTo('GET', '/workspaces')).toHaveLength(0);

    signInAs(api, me);
    preloadPage('/dashboard');
    await waitFor(() => expect(api.callsTo('GET', '/workspaces')).toHaveLength(1));
    renderApp('/dashboard');
    const nav = await sidebar();
    expect(await nav.findByRole('combobox', { name: 'Workspace' }, LONG)).toBeTruthy();
    // The shell took the answer already asked for rather than asking again.
    expect(api.callsTo('GET', '/workspaces')).toHaveLength(1);
  });

  it('is not there for someone with one workspace', async () => {
    const api = installFakeApi();
    signInAs(api, me);
    answerWorkspaces(api, { current: me.id, workspaces: [own] });
    renderApp('/dashboard');
    const nav = await sidebar();
    await waitFor(() => expect(api.callsTo('GET', '/workspaces')).toHaveLength(1));
    expect(nav.queryByRole('combobox', { name: 'Workspace' })).toBeNull();
  });

  it("switches to the team's workspace, says so, asks every page's data again and opens the dashboard", async () => {
    const api = installFakeApi();
    signInAs(api, me);
    answerWorkspaces(api, { current: me.id, workspaces: [own, team] });
    api.on('PUT', '/workspaces/current', (call) => {
      answerWorkspaces(api, { current: String(call.body?.workspaceId), workspaces: [own, team] });
      return { status: 200, body: { success: true, message: "Now working in Olga Owner's workspace" } };
    });
    const user = userEvent.setup();
    const { router } = renderApp('/profile');

    const nav = await sidebar();
    const select = (await nav.findByRole('combobox', { name: 'Workspace' }, LONG)) as HTMLSelectElement;
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['My workspace', "Olga Owner's workspace"]);
    expect(select.value).toBe(me.id);

    await user.selectOptions(select, team.id);
    expect(api.callsTo('PUT', '/workspaces/current')[0]?.body).toEqual({ workspaceId: team.id });
    // Said once every cached answer has been asked again, which takes a while on a busy machine.
    expect(await screen.findByText("Now working in Olga Owner's workspace", {}, LONG)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await waitFor(() => expect(api.callsTo('GET', '/workspaces').length).toBeGreaterThanOrEqual(2));
    await waitFor(() =>
      expect((nav.getByRole('combobox', { name: 'Workspace' }) as HTMLSelectElement).value).toBe(team.id),
    );
  });

  it('keeps the workspace and says why when the switch is refused', async () => {
    const api = installFakeApi();
    signInAs(api, me);
    answerWorkspaces(api, { current: me.id, workspaces: [own, team] });
    api.on('PUT', '/workspaces/current', {
      status: 403,
      body: { code: 'FORBIDDEN', message: TEAM_TEXTS.teamUnavailable },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/profile');

    const select = (await (
      await sidebar()
    ).findByRole('combobox', { name: 'Workspace' }, LONG)) as HTMLSelectElement;
    await user.selectOptions(select, team.id);
    expect(await screen.findByText(TEAM_TEXTS.teamUnavailable)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    await waitFor(() => expect(select.value).toBe(me.id));
  });

  it('lists a paused team but does not let it be chosen', async () => {
    const api = installFakeApi();
    signInAs(api, me);
    answerWorkspaces(api, { current: me.id, workspaces: [own, { ...team, available: false }] });
    renderApp('/dashboard');
    const select = await (await sidebar()).findByRole('combobox', { name: 'Workspace' }, LONG);
    const paused = within(select).getByRole('option', {
      name: "Olga Owner's workspace (paused)",
    }) as HTMLOptionElement;
    expect(paused.disabled).toBe(true);
  });
});

describe('a paused team', () => {
  it('says why on every page and takes the member back to their own workspace', async () => {
    const api = installFakeApi();
    signInAs(api, me);
    answerWorkspaces(api, { current: team.id, workspaces: [own, { ...team, available: false }] });
    api.on('PUT', '/workspaces/current', (call) => {
      answerWorkspaces(api, {
        current: String(call.body?.workspaceId),
        workspaces: [own, { ...team, available: false }],
      });
      return { status: 200, body: { success: true, message: 'Now working in your own workspace' } };
    });
    const user = userEvent.setup();
    const { router } = renderApp('/trobs');

    const banner = await screen
      .findByRole('alert', {}, LONG)
      .catch(() => screen.findByText(TEAM_TEXTS.teamUnavailable));
    expect(banner).toBeTruthy();
    // The banner and the workspace list come from different answers: wait for the list's name too.
    expect(await screen.findByText("Olga Owner's workspace (paused)", {}, LONG)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Back to my workspace' }, LONG));
    expect(api.callsTo('PUT', '/workspaces/current')[0]?.body).toEqual({ workspaceId: me.id });
    expect(await screen.findByText('Now working in your own workspace')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Back to my workspace' })).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe("the workspace's brand", () => {
  const brand: BrandView = {
    name: 'Acme Outreach',
    accentColor: '#1864AB',
    logo: { type: 'image/png', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' },
    updatedAt: '2026-11-20T10:00:00.000Z',
  };

  it('names the header and the tab title, with the logo on the accent', async () => {
    const api = installFakeApi();
    signInAs(api, me);
    answerWorkspaces(api, { current: team.id, workspaces: [own, team], brand });
    renderApp('/dashboard');

    const home = await screen.findByRole('link', { name: 'Acme Outreach' }, LONG);
    expect(home.getAttribute('href')).toBe('/dashboard');
    expect(home.querySelector('img')?.getAttribute('src')).toBe(brand?.logo?.dataUrl);
    expect(screen.queryByRole('link', { name: 'Trobly' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Dashboard | Acme Outreach'));
  });

  it("shows the product's own name where the workspace has no brand", async () => {
    const api = installFakeApi();
    signInAs(api, me);
    answerWorkspaces(api, { current: me.id, workspaces: [own, team] });
    renderApp('/dashboard');
    await waitFor(() => expect(api.callsTo('GET', '/workspaces')).toHaveLength(1));
    expect(await screen.findByRole('link', { name: 'Trobly' }, LONG)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Dashboard | Trobly'));
  });
});

describe("the team workspace's plan", () => {
  const inTeam = makeUser({
    id: 'user-me',
    plan: 'FREE',
    workspace: { id: 'user-olga', name: 'Olga Owner', plan: 'PLUS', trialEndsAt: null },
  });

  it("rules the header's plan and what the screens offer while the user works in the team's workspace", async () => {
    const api = installFakeApi();
    signInAs(api, inTeam);
    answerWorkspaces(api, { current: team.id, workspaces: [own, team] });
    renderApp('/flows/template/no-such-template');
    expect(await screen.findByText('Template Not Found', {}, LONG)).toBeTruthy();
    expect(screen.queryByText('Upgrade Required')).toBeNull();
    expect(screen.getByText('Plus Plan')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();
  });

  it("is the user's own in their own workspace: a FREE user is asked to upgrade", async () => {
    const api = installFakeApi();
    signInAs(api, makeUser({ id: 'user-me', plan: 'FREE' }));
    answerWorkspaces(api, { current: me.id, workspaces: [own, team] });
    renderApp('/flows/template/no-such-template');
    expect(await screen.findByText('Upgrade Required', {}, LONG)).toBeTruthy();
  });
});

describe('a teammate removed from the workspace (DECISIONS 34)', () => {
  const removed = WORKSPACE_TEXTS.removed('Olga Owner');
  const inTeam = makeUser({
    id: 'user-me',
    firstName: 'Mia',
    lastName: 'Member',
    workspace: { id: team.id, name: 'Olga Owner', plan: 'PLUS', trialEndsAt: null },
  });

  /** The server after the owner removed them: the team's routes refuse, the way back answers. */
  function serveRemoval(api: FakeApi) {
    let current = team.id;
    signInAs(api, inTeam);
    answerWorkspaces(api, { current: me.id, workspaces: [own] });
    api.on('GET', '/automation/queue', () =>
      current === team.id
        ? { status: 403, body: { code: 'REMOVED_FROM_WORKSPACE', message: removed } }
        : {
            status: 200,
            body: { success: true, data: { waiting: 0, running: 0, yourWaiting: 0, yourRunning: 0 } },
          },
    );
    api.on('PUT', '/workspaces/current', (call) => {
      current = String(call.body?.workspaceId);
      api.on('GET', '/auth/me', { status: 200, body: { data: { user: me } } });
      return { status: 200, body: { success: true, message: WORKSPACE_TEXTS.switchedOwn } };
    });
  }

  it('says why, goes back to their own workspace once and opens its dashboard, still signed in', async () => {
    const api = installFakeApi();
    serveRemoval(api);
    const { router } = renderApp('/automations/active');

    expect(await screen.findByText(removed, {}, LONG)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), LONG);
    expect(api.callsTo('PUT', '/workspaces/current').map((c) => c.body)).toEqual([{ workspaceId: me.id }]);
    // Still signed in: nothing renewed or ended, and no 'session expired'.
    expect(api.callsTo('POST', '/auth/refresh')).toEqual([]);
    expect(api.callsTo('POST', '/auth/logout')).toEqual([]);
    expect(screen.queryByText(AUTH_TEXTS.sessionExpired)).toBeNull();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).not.toBeNull();
    // The user is read again: the header now shows their own plan, not the team's.
    await waitFor(() => expect(api.callsTo('GET', '/auth/me').length).toBeGreaterThanOrEqual(2));
    // In the header: the dashboard's plan card says it too once it has loaded.
    expect(await within(screen.getByRole('banner')).findByText('Free Plan', {}, LONG)).toBeTruthy();
    // The why stays on the dashboard until dismissed (a 4-second notice is easily missed).
    await new Promise((resolve) => setTimeout(resolve, 4500));
    const notice = screen.getByTestId('removed-notice');
    expect(notice.textContent).toContain(removed);
    expect(notice.getAttribute('role')).toBe('alert');
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('removed-notice')).toBeNull();
  }, 15_000);

  it('is not moved by any other refusal of the workspace', async () => {
    const api = installFakeApi();
    signInAs(api, inTeam);
    answerWorkspaces(api, { current: team.id, workspaces: [own, team] });
    api.on('GET', '/automation/queue', {
      status: 403,
      body: { code: 'FORBIDDEN', message: TEAM_TEXTS.ownerOnly },
    });
    const { router } = renderApp('/automations/active');
    await waitFor(
      () => expect(api.callsTo('GET', '/automation/queue').length).toBeGreaterThanOrEqual(1),
      LONG,
    );
    await waitFor(() => expect(api.callsTo('GET', '/workspaces')).toHaveLength(1));
    expect(api.callsTo('PUT', '/workspaces/current')).toEqual([]);
    expect(router.state.location.pathname).toBe('/automations/active');
  });
});
