import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import type * as z from 'zod/mini';
import { loginInput } from '../../../../../shared/auth';
import { PRODUCT_NAME } from '../../../../../shared/product';
import { useSession } from '../../../lib/session';
import { loginMessage, returnTarget } from '../../../lib/session/navigation';
import { AUTH_FAILURES, AUTHENTICATION_REQUIRED_MESSAGE } from '../auth-texts';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { failureMessage, fieldRegistrar, showFieldIssues } from '../components/form-errors';
import { PasswordField } from '../components/PasswordField';

/**
 * Spec 2.3. On success the session is signed in and the route's guard takes the user to the page
 * that sent them here, or /dashboard. Only a route guard sends a visitor here with the page to come
 * back to (`from`, app/guards.tsx); the page then says 'Authentication required' (part 2 section 8).
 */
export default function LoginPage() {
  useDocumentTitle(`Sign in | ${PRODUCT_NAME}`);
  const { signIn } = useSession();
  const location = useLocation();
  const message = loginMessage(location.state);
  const sentByGuard = returnTarget(location.state) !== undefined;
  const [failure, setFailure] = useState<string>();
  const form = useForm<z.input<typeof loginInput>, unknown, z.output<typeof loginInput>>({
    resolver: zodResolver(loginInput),
    defaultValues: { email: '', password: '', rememberMe: false },
    reValidateMode: 'onSubmit',
  });
  const field = fieldRegistrar(form);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password, rememberMe }) => {
    setFailure(undefined);
    try {
      await signIn(email, password, rememberMe ?? false);
    } catch (error) {
      if (!showFieldIssues(error, form, ['email', 'password'])) {
        setFailure(failureMessage(error, AUTH_FAILURES.login));
      }
    }
  });

  return (
    <AuthCard title="Sign in" subtitle={`Welcome back to ${PRODUCT_NAME}.`}>
      {sentByGuard && <FormAlert kind="info">{AUTHENTICATION_REQUIRED_MESSAGE}</FormAlert>}
      {message !== undefined && <FormAlert kind="success">{message}</FormAlert>}
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
          <PasswordField
            label="Password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...field('password')}
          />
          <Group justify="space-between">
            <Checkbox label="Remember me" {...field('rememberMe')} />
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={isSubmitting}>
            Sign in
          </Button>
          <Text ta="center" size="sm">
            Don't have an account?{' '}
            <Anchor component={Link} to="/register">
              Create one
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
