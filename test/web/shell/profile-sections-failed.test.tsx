import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SECTIONS_LOAD_FAILED } from '../../../web/src/features/profile/profile-texts';
import { renderApp } from '../render-app';
import { installFakeApi, makeUser, signInAs } from '../support/fake-api';

// The Team and Brand cards' code fails to arrive (a dropped connection).
vi.mock('../../../web/src/features/profile/components/WorkspaceSections', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const LONG = { timeout: 5000 };

describe("/profile's Team and Brand cards whose code does not arrive", () => {
  it('say so and to reload, and the rest of the page stays', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser({ plan: 'PLUS' }));
    renderApp('/profile');
    expect(await screen.findByText(SECTIONS_LOAD_FAILED, {}, LONG)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Profile Settings' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Profile Info' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Team' })).toBeNull();
  });
});
