import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyError, notifySuccess } from '../../web/src/lib/notify';
import { renderWithProviders } from './render-app';

afterEach(() => {
  vi.useRealTimers();
});

const notification = async (message: string) =>
  (await screen.findByText(message)).closest<HTMLElement>('[role="alert"]')!;

/**
 * The app with its notification area loaded: the area's code loads with the first notification, so a
 * first one is shown and cleared before the test's own (whose timing the fake clock then measures).
 */
async function renderWithLoadedArea() {
  renderWithProviders(<p>page</p>);
  act(() => notifySuccess('warming up'));
  await screen.findByText('warming up');
  act(() => notifications.clean());
  await waitFor(() => expect(screen.queryByText('warming up')).toBeNull());
}

describe('notifications', () => {
  it('shows an error in red and a success in green, in the bottom-right corner away from the page actions, the first as soon as its code is in', async () => {
    renderWithProviders(<p>page</p>);
    // Nothing of the area is there before the first notification.
    expect(document.querySelector('[data-position]')).toBeNull();

    act(() => {
      notifyError('Failed to update profile');
      notifySuccess('Profile updated successfully');
    });

    const error = await notification('Failed to update profile');
    const success = await notification('Profile updated successfully');
    expect(error.style.getPropertyValue('--notification-color')).toContain('red');
    expect(success.style.getPropertyValue('--notification-color')).toContain('green');
    // Each page keeps its actions top-right (Refresh, Export…), under where the spec put the area.
    expect(error.closest('[data-position]')?.getAttribute('data-position')).toBe('bottom-right');
    expect(success.closest('[data-position]')?.getAttribute('data-position')).toBe('bottom-right');
  });

  it('closes a notification after 4 seconds', async () => {
    await renderWithLoadedArea();
    vi.useFakeTimers();

    act(() => {
      notifyError('Please login to continue');
      notifySuccess('Account deleted successfully');
    });
    act(() => {
      vi.advanceTimersByTime(3900);
    });
    expect(screen.queryByText('Please login to continue')).not.toBeNull();
    expect(screen.queryByText('Account deleted successfully')).not.toBeNull();

    act(() => {
      vi.advanceTimersByTime(100);
    });
    // Then the 250 ms leave transition.
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.queryByText('Please login to continue')).toBeNull();
    expect(screen.queryByText('Account deleted successfully')).toBeNull();
  });

  it('shows at most 20 notifications at once', async () => {
    await renderWithLoadedArea();

    act(() => {
      for (let n = 1; n <= 25; n++) notifyError(`Problem ${n}`);
    });

    await screen.findByText('Problem 20');
    expect(screen.getAllByRole('alert')).toHaveLength(20);
  });
});
