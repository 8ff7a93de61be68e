import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { createElement } from 'react';

/**
 * The notification area (spec part 1, sections 2.1 and 9): 4 seconds, green for success and red for
 * error, at most 20 at once. The spec also names 2 s for successes as a default "elsewhere"; the app
 * has one notification area, so both kinds stay the area's 4 s.
 *
 * The spec puts it top-right; there it covered the header's plan status and each page's own actions,
 * which sit top-right under it (the leads' Export for the 4 s its 'Exported …' shows, issue 36). It is
 * bottom-right instead (on a phone across the bottom), away from the actions every page heads itself with.
 */
export const NOTIFICATION_POSITION = 'bottom-right';
export const NOTIFICATION_DURATION_MS = 4000;
export const NOTIFICATION_LIMIT = 20;

/** Mantine's close button is an icon alone: it needs a name for screen readers (WCAG 4.1.2). */
const closeButtonProps = { 'aria-label': 'Close notification' };

export function notifySuccess(message: string): void {
  notifications.show({
    message,
    closeButtonProps,
    color: 'green',
    icon: createElement(IconCheck, { size: 18 }),
    autoClose: NOTIFICATION_DURATION_MS,
  });
}

export function notifyError(message: string): void {
  notifications.show({
    message,
    closeButtonProps,
    color: 'red',
    icon: createElement(IconX, { size: 18 }),
    autoClose: NOTIFICATION_DURATION_MS,
  });
}
