import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface FormAlertProps {
  kind: 'error' | 'success';
  children: ReactNode;
}

/** A screen-level outcome above or inside a form, announced to screen readers as it appears. */
export function FormAlert({ kind, children }: FormAlertProps) {
  const error = kind === 'error';
  return (
    <Alert
      role={error ? 'alert' : 'status'}
      color={error ? 'red' : 'green'}
      variant="light"
      icon={error ? <IconAlertCircle size={20} aria-hidden /> : <IconCircleCheck size={20} aria-hidden />}
    >
      {children}
    </Alert>
  );
}
