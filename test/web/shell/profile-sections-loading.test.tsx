import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SECTIONS_LOADING } from '../../../web/src/features/profile/profile-texts';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';
import { makeTeam, serveTeam } from '../team/team-fixtures';

/**
 * Issue 38 point 2: /profile's Team and Brand cards sit below the fold, and their code and calls wait
 * until they near the screen or the keyboard is used.
 */
const LONG = { timeout: 5000 };

/** An IntersectionObserver the test drives: nothing is on screen until `show` says so. */
function stubObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return {
    show: () =>
      act(() => {
        for (const callback of callbacks)
          callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      }),
  };
}

async function openProfile(api: FakeApi) {
  signInAs(api, makeUser({ plan: 'PLUS' }));
  serveTeam(api, makeTeam());
  api.on('GET', '/team/brand', { status: 200, body: { data: { brand: null } } });
  renderApp('/profile');
  await screen.findByRole('heading', { name: 'Profile Settings' }, LONG);
}

describe("/profile's Team and Brand cards", () => {
  it('wait below the fold, asking nothing, and load as they come on screen', async () => {
    const observer = stubObserver();
    const api = installFakeApi();
    await openProfile(api);
    expect(await screen.findByText(SECTIONS_LOADING, {}, LONG)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Team' })).toBeNull();
    expect(api.callsTo('GET', '/team')).toHaveLength(0);

    observer.show();
    expect(await screen.findByRole('region', { name: 'Team' }, LONG)).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Brand' }, LONG)).toBeTruthy();
    expect(screen.queryByText(SECTIONS_LOADING)).toBeNull();
    expect(api.callsTo('GET', '/team').length).toBeGreaterThan(0);
  });

  it('load at the first Tab, for someone who reaches them by keyboard without scrolling', async () => {
    stubObserver();
    const api = installFakeApi();
    await openProfile(api);
    expect(await screen.findByText(SECTIONS_LOADING, {}, LONG)).toBeTruthy();
    // Another key does not count.
    fireEvent.keyDown(window, { key: 'Enter' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Team' })).toBeNull();

    fireEvent.keyDown(window, { key: 'Tab' });
    expect(await screen.findByRole('region', { name: 'Team' }, LONG)).toBeTruthy();
  });
});
