import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TAB_LOAD_FAILED } from '../../../web/src/features/profile/pages/use-tab-panels';
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
});
