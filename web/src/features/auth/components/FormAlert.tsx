import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface FormAlertProps {
  /** 'info': why the user is on this screen ('Authentication required'), neither a failure nor a success. */
  kind: 'error' | 'success' | 'info';
  children: ReactNode;
}

const LOOKS = {
  error: { color: 'red', Icon: IconAlertCircle },
  success: { color: 'green', Icon: IconCircleCheck },
  info: { color: 'blue', Icon: IconLock },
} as const;

/** A screen-level outcome above or inside a form, announced to screen readers as it appears. */
export function FormAlert({ kind, children }: FormAlertProps) {
  const { color, Icon } = LOOKS[kind];
  return (
    <Alert
      role={kind === 'error' ? 'alert' : 'status'}
      color={color}
      variant="light"
      icon={<Icon size={20} aria-hidden />}
    >
      {children}
    </Alert>
  );
}
