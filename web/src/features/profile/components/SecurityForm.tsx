import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { AUTH_TEXTS, changePasswordForm } from '../../../../../shared/auth';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { changePassword, failureMessage, fieldIssuesOf, PROFILE_FAILURES } from '../api/profile';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Each field's show/hide toggle is a real, focusable button. */
const toggle = { visibilityToggleFocusable: true } as const;

export function SecurityForm() {
  const form = useForm({ resolver: zodResolver(changePasswordForm), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await changePassword(input);
      form.reset(EMPTY);
      notifySuccess(AUTH_TEXTS.passwordChanged);
    } catch (error) {
      for (const issue of fieldIssuesOf(error, FIELDS)) {
        form.setError(issue.field, { message: issue.message });
      }
      notifyError(failureMessage(error, PROFILE_FAILURES.password));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={480}>
        <div>
          <Title order={3} size="h4">
            Change Password
          </Title>
          <Text size="sm" c="dimmed">
            At least 8 characters, with an uppercase letter, a lowercase letter and a number.
          </Text>
        </div>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...toggle}
          {...form.register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          {...toggle}
          {...form.register('newPassword')}
          error={errors.newPassword?.message}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...toggle}
          {...form.register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Change Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
