import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { Ref } from 'react';

/**
 * A password input whose show/hide toggle is a real, focusable button: "Show password", pressed
 * while the password is shown.
 */
export function PasswordField(props: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
      {...props}
    />
  );
}
