import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { AUTH_TEXTS, type User, updateProfileInput } from '../../../../../shared/auth';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { failureMessage, fieldIssuesOf, PROFILE_FAILURES, updateProfile } from '../api/profile';

const FIELDS = ['firstName', 'lastName', 'username'] as const;

export const EMAIL_HELP_TEXT = 'Email cannot be changed. Contact support if needed.';

export function ProfileInfoForm({ user }: { user: User }) {
  const { setUser } = useSession();
  const form = useForm({
    resolver: zodResolver(updateProfileInput),
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      username: user.username,
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const answer = await updateProfile(input);
      setUser(answer.data.user);
      form.reset({
        firstName: answer.data.user.firstName ?? '',
        lastName: answer.data.user.lastName ?? '',
        username: answer.data.user.username,
      });
      notifySuccess(AUTH_TEXTS.profileUpdated);
    } catch (error) {
      for (const issue of fieldIssuesOf(error, FIELDS)) {
        form.setError(issue.field, { message: issue.message });
      }
      notifyError(failureMessage(error, PROFILE_FAILURES.update));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            autoComplete="given-name"
            {...form.register('firstName')}
            error={errors.firstName?.message}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            {...form.register('lastName')}
            error={errors.lastName?.message}
          />
        </SimpleGrid>
        <TextInput
          label="Username"
          autoComplete="username"
          required
          {...form.register('username')}
          error={errors.username?.message}
        />
        <TextInput
          label="Email"
          type="email"
          value={user.email}
          disabled
          readOnly
          description={EMAIL_HELP_TEXT}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
