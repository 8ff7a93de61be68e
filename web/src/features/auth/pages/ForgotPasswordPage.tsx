import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type * as z from 'zod/mini';
import { AUTH_TEXTS, forgotPasswordInput } from '../../../../../shared/auth';
import { PRODUCT_NAME } from '../../../../../shared/product';
import { requestPasswordReset } from '../api/auth-api';
import { AUTH_FAILURES } from '../auth-texts';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { failureMessage, fieldRegistrar, showFieldIssues } from '../components/form-errors';

/** Spec 2.5. The answer is the same whether or not the address has an account. */
export default function ForgotPasswordPage() {
  useDocumentTitle(`Forgot password | ${PRODUCT_NAME}`);
  const [sent, setSent] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const form = useForm<z.input<typeof forgotPasswordInput>, unknown, z.output<typeof forgotPasswordInput>>({
    resolver: zodResolver(forgotPasswordInput),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });
  const field = fieldRegistrar(form);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(undefined);
    try {
      const answer = await requestPasswordReset(email);
      setSent(answer?.message || AUTH_TEXTS.resetSent);
    } catch (error) {
      if (!showFieldIssues(error, form, ['email'])) {
        setFailure(failureMessage(error, AUTH_FAILURES.forgotPassword, AUTH_FAILURES.network));
      }
    }
  });

  const backToSignIn = (
    <Text ta="center" size="sm">
      <Anchor component={Link} to="/login">
        Back to sign in
      </Anchor>
    </Text>
  );

  if (sent !== undefined) {
    return (
      <AuthCard title="Check your email">
        <FormAlert kind="success">{sent}</FormAlert>
        {backToSignIn}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your email address and we'll send you a reset link."
    >
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          {failure !== undefined && <FormAlert kind="error">{failure}</FormAlert>}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...field('email')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            Send reset link
          </Button>
          {backToSignIn}
        </Stack>
      </form>
    </AuthCard>
  );
}
