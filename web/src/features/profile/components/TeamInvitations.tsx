import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { TEAM_TEXTS } from '../../../../../shared/team-texts';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { failureMessage } from '../api/profile';
import { resendTeamInvitation, revokeTeamInvitation, type TeamInvitation } from '../api/team';
import { formatTeamDate, isExpired, ListHeading, listStyle } from './team-list';
import { TEAM_SECTION_TEXTS as TEXTS } from './team-texts';

/** The Team card's pending invitations: when each expires, Resend and Revoke. */
export function TeamInvitations({
  teamInvitations,
  refresh,
}: {
  teamInvitations: readonly TeamInvitation[];
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

  const resend = (teamInvitation: TeamInvitation) =>
    act(
      `resend:${teamInvitation.id}`,
      async () =>
        (await resendTeamInvitation(teamInvitation.id))?.message || TEAM_TEXTS.invited(teamInvitation.email),
      TEXTS.failures.resend,
      false,
    );

  const revoke = (teamInvitation: TeamInvitation) =>
    act(
      `revoke:${teamInvitation.id}`,
      async () => {
        await revokeTeamInvitation(teamInvitation.id);
        return TEXTS.revoked(teamInvitation.email);
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
      {teamInvitations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {TEXTS.noInvitations}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={listStyle} aria-labelledby={headingId}>
          {teamInvitations.map((teamInvitation) => (
            <Paper component="li" withBorder p="sm" key={teamInvitation.id} data-testid="team-invitation">
              <Group justify="space-between" wrap="wrap" align="center" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {teamInvitation.email}
                  </Text>
                  {isExpired(teamInvitation.expiresAt, now) ? (
                    <Text size="xs" c="red" fw={600}>
                      {TEXTS.expired}
                    </Text>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {TEXTS.expires(formatTeamDate(teamInvitation.expiresAt))}
                    </Text>
                  )}
                </Stack>
                <Group gap="xs">
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconSend size={14} aria-hidden />}
                    aria-label={TEXTS.resendLabel(teamInvitation.email)}
                    loading={busy === `resend:${teamInvitation.id}`}
                    disabled={busy !== undefined && busy !== `resend:${teamInvitation.id}`}
                    onClick={() => void resend(teamInvitation)}
                  >
                    {TEXTS.resend}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={TEXTS.revokeLabel(teamInvitation.email)}
                    loading={busy === `revoke:${teamInvitation.id}`}
                    disabled={busy !== undefined && busy !== `revoke:${teamInvitation.id}`}
                    onClick={() => void revoke(teamInvitation)}
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
