import { Loader, type LoaderProps, VisuallyHidden } from '@mantine/core';

/**
 * A spinner that says what is loading. Mantine's Loader is a bare span: an aria-label on it names an
 * element without a role, which assistive technology ignores (axe: aria-prohibited-attr). Here the
 * spinner is hidden and a status region (polite) holds the words, visually hidden.
 */
export function LoadingStatus({ label, ...loader }: { label: string } & Omit<LoaderProps, 'children'>) {
  return (
    <div role="status">
      <Loader {...loader} aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </div>
  );
}
