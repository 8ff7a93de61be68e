import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type * as z from 'zod/mini';
import { registerForm } from '../../../../../shared/auth';
import { PRODUCT_NAME } from '../../../../../shared/product';
import { registerAccount } from '../api/auth-api';
import { AUTH_FAILURES } from '../auth-texts';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { failureMessage, fieldRegistrar, showFieldIssues } from '../components/form-errors';
import { PasswordField } from '../components/PasswordField';
import { ResendVerificationButton } from '../components/ResendVerification';

type RegisterFormInput = z.input<typeof registerForm>;

const SERVER_FIELDS = ['email', 'username', 'password', 'firstName', 'lastName'] as const;

/** Spec 2.4: the account is created unverified; the user signs in after following the e-mail's link. */
export default function RegisterPage() {
  useDocumentTitle(`Create your account | ${PRODUCT_NAME}`);
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const form = useForm<RegisterFormInput, unknown, z.output<typeof registerForm>>({
    resolver: zodResolver(registerForm),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      username: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
    reValidateMode: 'onSubmit',
  });
  const field = fieldRegistrar(form);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await registerAccount({
        email: values.email,
        username: values.username,
        password: values.password,
        firstName: values.firstName || undefined,
        lastName: values.lastName || undefined,
      });
      setRegisteredEmail(values.email);
    } catch (error) {
      if (!showFieldIssues(error, form, SERVER_FIELDS)) {
        setFailure(failureMessage(error, AUTH_FAILURES.register));
      }
    }
  });

  if (registeredEmail !== undefined) {
    return (
      <AuthCard title="Check your email!">
        <Text>
          We sent a verification link to <strong>{registeredEmail}</strong>. Open it to verify your account,
          then sign in.
        </Text>
        <Text size="sm" c="dimmed">
          Nothing arrived? Check your spam folder, or send the e-mail again.
        </Text>
        <Group>
          <ResendVerificationButton email={registeredEmail} />
          <Button component={Link} to="/login">
            Back to sign in
          </Button>
        </Group>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your account" subtitle={`Start automating your outreach with ${PRODUCT_NAME}.`}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          {failure !== undefined && <FormAlert kind="error">{failure}</FormAlert>}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="First name"
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...field('firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...field('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...field('email')}
          />
          <TextInput
            label="Username"
            autoComplete="username"
            description="3 to 30 letters, numbers, hyphens or underscores"
            required
            error={errors.username?.message}
            {...field('username')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            description="At least 8 characters, with an uppercase letter, a lowercase letter and a number"
            required
            error={errors.password?.message}
            {...field('password')}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword?.message}
            {...field('confirmPassword')}
          />
          <Checkbox
            label={
              <>
                I accept the{' '}
                <Anchor href="/terms" target="_blank" rel="noopener">
                  Terms of Service
                </Anchor>{' '}
                and the{' '}
                <Anchor href="/privacy" target="_blank" rel="noopener">
                  Privacy Policy
                </Anchor>
              </>
            }
            error={errors.acceptTerms?.message}
            {...field('acceptTerms')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            Create account
          </Button>
          <Text ta="center" size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
