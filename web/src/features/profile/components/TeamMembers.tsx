import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import type { TeamView } from '../../../../../shared/team-texts';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { LazyConfirmDialog } from '../../../lib/ui/LazyConfirmDialog';
import { failureMessage } from '../api/profile';
import { removeTeamMember, type TeamMember } from '../api/team';
import { formatTeamDate, ListHeading, listStyle } from './team-list';
import { TEAM_SECTION_TEXTS as TEXTS } from './team-texts';

/** The Team card's members: the owner, then each member with Remove behind a confirmation. */
export function TeamMembers({ team, refresh }: { team: TeamView; refresh: () => Promise<void> }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState<TeamMember>();
  // The member the dialog names, kept while it closes so its text does not empty mid-transition.
  const [asked, setAsked] = useState<TeamMember>();
  const ask = (member: TeamMember) => {
    setAsked(member);
    setConfirming(member);
  };
  const [removing, setRemoving] = useState(false);

  const close = () => {
    if (!removing) setConfirming(undefined);
  };

  const remove = async (member: TeamMember) => {
    setRemoving(true);
    try {
      await removeTeamMember(member.userId);
      notifySuccess(TEXTS.removed(member.name));
      setConfirming(undefined);
      await refresh();
      // The row is gone: keep the keyboard in the list it left.
      heading.current?.focus();
    } catch (error) {
      notifyError(failureMessage(error, TEXTS.failures.remove));
      // A 404: the member left meanwhile.
      void refresh().catch(() => undefined);
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Stack gap="xs">
      <ListHeading headingRef={heading} id={headingId}>
        {TEXTS.membersTitle}
      </ListHeading>
      <Stack component="ul" gap="xs" style={listStyle} aria-labelledby={headingId}>
        <Paper component="li" withBorder p="sm">
          <Group gap="xs">
            <Text fw={600} size="sm">
              {team.owner.name}
            </Text>
            <Badge variant="light" color="indigo" size="sm" tt="none">
              {TEXTS.owner}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {team.owner.email}
          </Text>
        </Paper>
        {team.members.map((member) => (
          <Paper component="li" withBorder p="sm" key={member.userId} data-testid="team-member">
            <Group justify="space-between" wrap="nowrap" align="center">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {member.name}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {member.email}
                </Text>
                <Text size="xs" c="dimmed">
                  {TEXTS.joined(formatTeamDate(member.joinedAt))}
                </Text>
              </Stack>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} aria-hidden />}
                aria-label={TEXTS.removeLabel(member.name)}
                onClick={() => ask(member)}
              >
                {TEXTS.remove}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
      {team.members.length === 0 && (
        <Text size="sm" c="dimmed">
          {TEXTS.noMembers}
        </Text>
      )}
      <LazyConfirmDialog
        opened={confirming !== undefined}
        title={TEXTS.removeTitle}
        text={asked ? TEXTS.removeText(asked.name, asked.email) : ''}
        cancelLabel={TEXTS.cancel}
        confirmLabel={TEXTS.remove}
        busy={removing}
        onCancel={close}
        onConfirm={() => confirming && void remove(confirming)}
      />
    </Stack>
  );
}
