import { zodResolver } from '@hookform/resolvers/zod';
import { Button, type ButtonProps, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { AUTH_TEXTS, resendVerificationInput } from '../../../../../shared/auth';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { resendVerification } from '../api/auth-api';
import { AUTH_FAILURES } from '../auth-texts';
import { fieldRegistrar } from './form-errors';

export const RESEND_LABEL = 'Resend verification email';

/** Sends the verification e-mail again (DECISIONS 8) and says how that went (spec 8). */
function useResend() {
  const [sending, setSending] = useState(false);
  async function resend(email: string) {
    setSending(true);
    try {
      await resendVerification(email);
      notifySuccess(AUTH_TEXTS.verificationSent);
    } catch {
      notifyError(AUTH_FAILURES.resendVerification);
    } finally {
      setSending(false);
    }
  }
  return { resend, sending };
}

/** The resend button for a known address: the one just registered, or the signed-in user's. */
export function ResendVerificationButton({
  email,
  variant = 'light',
}: {
  email: string;
  variant?: ButtonProps['variant'];
}) {
  const { resend, sending } = useResend();
  return (
    <Button variant={variant} loading={sending} onClick={() => void resend(email)}>
      {RESEND_LABEL}
    </Button>
  );
}

/** The resend form for a visitor, whose address the screen does not know. */
export function ResendVerificationForm() {
  const { resend } = useResend();
  const form = useForm<
    z.input<typeof resendVerificationInput>,
    unknown,
    z.output<typeof resendVerificationInput>
  >({
    resolver: zodResolver(resendVerificationInput),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });
  const field = fieldRegistrar(form);
  const { errors, isSubmitting } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => resend(values.email))}>
      <Stack gap="sm">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...field('email')}
        />
        <Button type="submit" variant="light" loading={isSubmitting}>
          {RESEND_LABEL}
        </Button>
      </Stack>
    </form>
  );
}
