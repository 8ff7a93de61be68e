import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyError, notifySuccess } from '../../web/src/lib/notify';
import { renderWithProviders } from './render-app';

afterEach(() => {
  vi.useRealTimers();
});

const notification = (message: string) => screen.getByText(message).closest<HTMLElement>('[role="alert"]')!;

describe('notifications', () => {
  it('shows an error in red and a success in green, in the top-right corner', () => {
    renderWithProviders(<p>page</p>);

    act(() => {
      notifyError('Failed to update profile');
      notifySuccess('Profile updated successfully');
    });

    const error = notification('Failed to update profile');
    const success = notification('Profile updated successfully');
    expect(error.style.getPropertyValue('--notification-color')).toContain('red');
    expect(success.style.getPropertyValue('--notification-color')).toContain('green');
    expect(error.closest('[data-position]')?.getAttribute('data-position')).toBe('top-right');
    expect(success.closest('[data-position]')?.getAttribute('data-position')).toBe('top-right');
  });

  it('closes a notification after 4 seconds', () => {
    vi.useFakeTimers();
    renderWithProviders(<p>page</p>);

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

  it('shows at most 20 notifications at once', () => {
    renderWithProviders(<p>page</p>);

    act(() => {
      for (let n = 1; n <= 25; n++) notifyError(`Problem ${n}`);
    });

    expect(screen.getAllByRole('alert')).toHaveLength(20);
  });
});
