import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useTabPanels } from '../../../web/src/features/profile/pages/use-tab-panels';
import { TAB_LOAD_FAILED } from '../../../web/src/features/profile/profile-texts';
import { renderApp, withStandIn } from '../render-app';
import { installFakeApi, makeUser, signInAs } from '../support/fake-api';

// The Danger Zone's code fails to arrive (a dropped connection); the Security tab's loads as usual.
vi.mock('../../../web/src/features/profile/components/DangerZone', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const LONG = { timeout: 5000 };

describe("/profile's tabs load their code when chosen", () => {
  it("stays on the current tab and says so when a tab's code does not arrive; another tab still opens", async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    const user = userEvent.setup();
    renderApp('/profile', withStandIn('/login'));
    await screen.findByRole('heading', { name: 'Profile Settings' }, LONG);

    // A click alone, without the pointer moving over the tab first: vitest hangs on a second import of a
    // module whose first import failed (the browser refuses it again at once).
    fireEvent.click(screen.getByRole('tab', { name: 'Danger Zone' }));
    expect(await screen.findByText(TAB_LOAD_FAILED, {}, LONG)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Profile Info' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Danger Zone' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Delete Account' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Security' }));
    expect(await screen.findByLabelText(/^Current password/, {}, LONG)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Security' }).getAttribute('aria-selected')).toBe('true');
  }, 20_000);

  it("keeps a later choice made while a tab's code was on its way", async () => {
    const { result } = renderHook(() => useTabPanels());
    act(() => result.current.choose('security'));
    expect(result.current.loading).toBe('security');
    expect(result.current.active).toBe('info');
    act(() => result.current.choose('info'));
    await waitFor(() => expect(result.current.panels.security).toBeDefined(), LONG);
    expect(result.current.active).toBe('info');
    expect(result.current.loading).toBeUndefined();

    // Its code in, the tab opens at once the next time.
    act(() => result.current.choose('security'));
    expect(result.current.active).toBe('security');
  });
});
