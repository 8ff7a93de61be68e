import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import type { TeamView } from '../../../../../shared/team-texts';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { failureMessage } from '../api/profile';
import { removeTeamMember, type TeamMember } from '../api/team';
import { formatTeamDate, ListHeading, listStyle } from './team-list';
import { TEAM_SECTION_TEXTS as TEXTS } from './team-texts';

/** The Team card's members: the owner, then each member with Remove behind a confirmation. */
export function TeamMembers({ team, refresh }: { team: TeamView; refresh: () => Promise<void> }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState<TeamMember>();
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
                onClick={() => setConfirming(member)}
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
      <Modal opened={confirming !== undefined} onClose={close} title={TEXTS.removeTitle} centered>
        {confirming && (
          <Stack gap="md">
            <Text size="sm">{TEXTS.removeText(confirming.name, confirming.email)}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={removing}>
                {TEXTS.cancel}
              </Button>
              <Button color="red" onClick={() => void remove(confirming)} loading={removing}>
                {TEXTS.remove}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
