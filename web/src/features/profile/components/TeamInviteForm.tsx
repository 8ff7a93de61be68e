import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMail, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { inviteInput } from '../../../../../shared/team';
import { TEAM_TEXTS } from '../../../../../shared/team-texts';
import { notifySuccess } from '../../../lib/notify';
import { failureMessage, fieldIssuesOf } from '../api/profile';
import { inviteTeammate } from '../api/team';
import { TEAM_SECTION_TEXTS as TEXTS } from './team-texts';

/** The invite form of the Team card: one e-mail, the server's refusals on the field or above it. */
export function TeamInviteForm({
  seatsFull,
  total,
  refresh,
}: {
  seatsFull: boolean;
  total: number;
  refresh: () => Promise<void>;
}) {
  const [refusal, setRefusal] = useState<string>();
  const form = useForm({ resolver: zodResolver(inviteInput), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setRefusal(undefined);
    try {
      const answer = await inviteTeammate(email);
      notifySuccess(answer?.message || TEAM_TEXTS.invited(answer?.data.invitation.email ?? email));
      form.reset({ email: '' });
      await refresh();
    } catch (error) {
      const issues = fieldIssuesOf(error, ['email'] as const);
      for (const issue of issues)
        form.setError(issue.field, { message: issue.message }, { shouldFocus: true });
      if (issues.length === 0) setRefusal(failureMessage(error, TEXTS.failures.invite));
      // A refusal (seats full, already invited) may mean the list changed meanwhile.
      void refresh().catch(() => undefined);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Invite a teammate">
      <Stack gap="sm">
        {refusal && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
            {refusal}
          </Alert>
        )}
        <TextInput
          label={TEXTS.emailLabel}
          type="email"
          autoComplete="off"
          placeholder={TEXTS.emailPlaceholder}
          leftSection={<IconMail size={16} aria-hidden />}
          description={seatsFull ? TEAM_TEXTS.seatsFull(total) : undefined}
          {...form.register('email')}
          error={errors.email?.message}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={isSubmitting}
            disabled={seatsFull}
            leftSection={<IconUserPlus size={16} aria-hidden />}
          >
            {TEXTS.invite}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
