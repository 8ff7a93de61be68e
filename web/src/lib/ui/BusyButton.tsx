import { Button, type ButtonProps, Loader } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

/**
 * A button whose call can take a moment (Pause, Resume, Refresh, Load More). While busy its label stays
 * visible beside a spinner (Mantine's `loading` would hide the label), it says so to screen readers
 * (aria-busy, aria-disabled) and keeps the keyboard's focus; a press meanwhile does nothing.
 */
export function BusyButton({
  busy,
  icon,
  onClick,
  children,
  ...props
}: Omit<ButtonProps, 'leftSection' | 'loading' | 'children'> &
  Pick<ComponentPropsWithoutRef<'button'>, 'onFocus' | 'onPointerEnter'> & {
    busy: boolean;
    icon?: ReactNode;
    onClick: () => void;
    children: ReactNode;
  }) {
  return (
    <Button
      {...props}
      leftSection={busy ? <Loader size={14} color="currentColor" aria-hidden /> : icon}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick();
      }}
    >
      {children}
    </Button>
  );
}
