import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../web/src/app/providers';
import { AppSplash } from '../../../web/src/app/splash/AppSplash';
import { StartupSplash } from '../../../web/src/app/splash/StartupSplash';
import { installFakeApi, makeUser, signInAs } from '../support/fake-api';

afterEach(() => {
  vi.useRealTimers();
});

const splash = () => screen.queryByText('Automation Loading...');

describe('startup splash', () => {
  it("shows 'Automation Loading...' full screen, then goes away after 1 second", () => {
    vi.useFakeTimers();
    render(
      <AppProviders env="test">
        <StartupSplash>
          <p>app</p>
        </StartupSplash>
      </AppProviders>,
    );

    expect(splash()).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Automation Loading...');
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(splash()).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(splash()).toBeNull();
    expect(screen.getByText('app')).toBeTruthy();
  });

  it('stays up while the stored session is restored, and not on client navigation afterwards', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi();
    signInAs(api, makeUser());
    let answerMe: () => void = () => {};
    api.on(
      'GET',
      '/auth/me',
      () =>
        new Promise((resolve) => {
          answerMe = () => resolve({ status: 200, body: { data: { user: makeUser() } } });
        }),
    );
    const router = createMemoryRouter(
      [
        { path: '/one', element: <p>one</p> },
        { path: '/two', element: <p>two</p> },
      ],
      { initialEntries: ['/one'] },
    );
    render(
      <AppProviders env="test">
        <AppSplash>
          <RouterProvider router={router} />
        </AppSplash>
      </AppProviders>,
    );

    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(splash()).toBeTruthy();

    await act(async () => {
      answerMe();
    });
    expect(splash()).toBeNull();

    await act(async () => {
      await router.navigate('/two');
    });
    expect(screen.getByText('two')).toBeTruthy();
    expect(splash()).toBeNull();
  });
});
