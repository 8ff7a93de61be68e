import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';

/**
 * What Mantine's AppShell header, footer and aside read of react-remove-scroll: its class names, to
 * keep fixed bars clear of the scroll bar while a modal holds the page. Vite hands them this module
 * in its place (web/vite.config.ts), so every signed-in page's first load no longer carries the whole
 * library for two strings; a modal still imports the real one, whose names these are.
 */
export const RemoveScroll = {
  classNames: { zeroRight: zeroRightClassName, fullWidth: fullWidthClassName },
} as const;
