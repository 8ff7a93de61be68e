import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type * as z from 'zod/mini';
import { AUTH_TEXTS, MESSAGES, resetPasswordForm } from '../../../../../shared/auth';
import { PRODUCT_NAME } from '../../../../../shared/product';
import { LOGIN_PATH, type LoginState } from '../../../lib/session/navigation';
import { resetPassword } from '../api/auth-api';
import { AUTH_FAILURES, PASSWORD_RESET_LOGIN_MESSAGE, RESET_REDIRECT_MS } from '../auth-texts';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { failureMessage, fieldRegistrar, showFieldIssues } from '../components/form-errors';
import { PasswordField } from '../components/PasswordField';

const requestNewLink = (
  <Text ta="center" size="sm">
    <Anchor component={Link} to="/forgot-password">
      Request a new reset link
    </Anchor>
  </Text>
);

/** Spec 2.6 at /reset-password?token=... (DECISIONS 9). */
export default function ResetPasswordPage() {
  useDocumentTitle(`Reset password | ${PRODUCT_NAME}`);
  const [params] = useSearchParams();
  const token = params.get('token');

  if (!token) {
    return (
      <AuthCard title={AUTH_FAILURES.resetTokenMissing}>
        <FormAlert kind="error">{MESSAGES.resetTokenMissing}</FormAlert>
        {requestNewLink}
      </AuthCard>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string>();
  const form = useForm<z.input<typeof resetPasswordForm>, unknown, z.output<typeof resetPasswordForm>>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { token, password: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });
  const field = fieldRegistrar(form);
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      navigate(LOGIN_PATH, {
        replace: true,
        state: { message: PASSWORD_RESET_LOGIN_MESSAGE } satisfies LoginState,
      });
    }, RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await resetPassword({ token: values.token, password: values.password });
      setDone(true);
    } catch (error) {
      if (!showFieldIssues(error, form, ['password'])) {
        setFailure(failureMessage(error, AUTH_FAILURES.resetPassword));
      }
    }
  });

  if (done) {
    return (
      <AuthCard title={AUTH_TEXTS.passwordReset}>
        <Text>Your password has been changed. Taking you to sign in…</Text>
        <Button component={Link} to={LOGIN_PATH} replace state={{ message: PASSWORD_RESET_LOGIN_MESSAGE }}>
          Sign in now
        </Button>
      </AuthCard>
    );
  }

  // The token is no field the user can fix: its problem shows as the screen's failure.
  const tokenProblem = errors.token?.message;
  return (
    <AuthCard title="Set a new password" subtitle="Choose a new password for your account.">
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          {(failure ?? tokenProblem) !== undefined && (
            <FormAlert kind="error">{failure ?? tokenProblem}</FormAlert>
          )}
          <PasswordField
            label="New password"
            autoComplete="new-password"
            description="At least 8 characters, with an uppercase letter, a lowercase letter and a number"
            required
            error={errors.password?.message}
            {...field('password')}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword?.message}
            {...field('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            Reset password
          </Button>
          {(failure !== undefined || tokenProblem !== undefined) && requestNewLink}
        </Stack>
      </form>
    </AuthCard>
  );
}
