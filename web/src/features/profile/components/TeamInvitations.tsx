import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { TEAM_TEXTS } from '../../../../../shared/team';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { failureMessage } from '../api/profile';
import { resendInvitation, revokeInvitation, type TeamInvitation } from '../api/team';
import { formatTeamDate, isExpired, ListHeading, listStyle } from './team-list';
import { TEAM_SECTION_TEXTS as TEXTS } from './team-texts';

/** The Team card's pending invitations: when each expires, Resend and Revoke. */
export function TeamInvitations({
  invitations,
  refresh,
}: {
  invitations: readonly TeamInvitation[];
  refresh: () => Promise<void>;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState<string>();

  const act = async (key: string, action: () => Promise<string>, failure: string, refocus: boolean) => {
    if (busy) return;
    setBusy(key);
    try {
      notifySuccess(await action());
      await refresh();
      if (refocus) heading.current?.focus();
    } catch (error) {
      notifyError(failureMessage(error, failure));
      // A 404: the invitation is gone meanwhile (accepted, revoked elsewhere).
      void refresh().catch(() => undefined);
    } finally {
      setBusy(undefined);
    }
  };

  const resend = (invitation: TeamInvitation) =>
    act(
      `resend:${invitation.id}`,
      async () => (await resendInvitation(invitation.id))?.message || TEAM_TEXTS.invited(invitation.email),
      TEXTS.failures.resend,
      false,
    );

  const revoke = (invitation: TeamInvitation) =>
    act(
      `revoke:${invitation.id}`,
      async () => {
        await revokeInvitation(invitation.id);
        return TEXTS.revoked(invitation.email);
      },
      TEXTS.failures.revoke,
      true,
    );

  const now = Date.now();
  return (
    <Stack gap="xs">
      <ListHeading headingRef={heading} id={headingId}>
        {TEXTS.invitationsTitle}
      </ListHeading>
      {invitations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {TEXTS.noInvitations}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={listStyle} aria-labelledby={headingId}>
          {invitations.map((invitation) => (
            <Paper component="li" withBorder p="sm" key={invitation.id} data-testid="team-invitation">
              <Group justify="space-between" wrap="wrap" align="center" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {invitation.email}
                  </Text>
                  {isExpired(invitation.expiresAt, now) ? (
                    <Text size="xs" c="red" fw={600}>
                      {TEXTS.expired}
                    </Text>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {TEXTS.expires(formatTeamDate(invitation.expiresAt))}
                    </Text>
                  )}
                </Stack>
                <Group gap="xs">
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconSend size={14} aria-hidden />}
                    aria-label={TEXTS.resendLabel(invitation.email)}
                    loading={busy === `resend:${invitation.id}`}
                    disabled={busy !== undefined && busy !== `resend:${invitation.id}`}
                    onClick={() => void resend(invitation)}
                  >
                    {TEXTS.resend}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={TEXTS.revokeLabel(invitation.email)}
                    loading={busy === `revoke:${invitation.id}`}
                    disabled={busy !== undefined && busy !== `revoke:${invitation.id}`}
                    onClick={() => void revoke(invitation)}
                  >
                    {TEXTS.revoke}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
