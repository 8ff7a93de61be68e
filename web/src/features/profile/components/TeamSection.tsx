import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconMail, IconSend, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { hasFeature } from '../../../../../shared/plan-policy';
import type { UserPlan } from '../../../../../shared/pricing-plans';
import { inviteInput, TEAM_TEXTS, type TeamView } from '../../../../../shared/team';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { failureMessage, fieldIssuesOf } from '../api/profile';
import {
  inviteTeammate,
  removeTeamMember,
  resendInvitation,
  revokeInvitation,
  type TeamInvitation,
  type TeamMember,
  useTeam,
} from '../api/team';
import { TEAM_SECTION_TEXTS as TEXTS } from './team-texts';

const dayFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** 'Mar 14, 2025', or the value as it came when it is not a date. */
export function formatTeamDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}

const isExpired = (expiresAt: string, now = Date.now()) => Date.parse(expiresAt) <= now;

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * The Team card of /profile (DECISIONS 31). Below PLUS it says teams are a Plus feature and links to
 * the pricing page; on PLUS it shows the seats used, the invite form, the members and the pending
 * invitations, from `GET /api/team`.
 */
export function TeamSection({ plan }: { plan: UserPlan | null | undefined }) {
  const headingId = useId();
  const inPlan = hasFeature(plan, 'team');
  const { team, error, mutate } = useTeam(inPlan);
  const refresh = async () => {
    await mutate();
  };

  let body: ReactNode;
  if (!inPlan) body = <NotInPlan />;
  else if (!team && error) body = <LoadError error={error} onRetry={() => void refresh()} />;
  else if (!team) body = <Loading />;
  else if (team.seats.total < 2) body = <NotInPlan />;
  else body = <TeamManager team={team} refresh={refresh} />;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h5" id={headingId} mb="sm">
        {TEXTS.title}
      </Title>
      {body}
    </Card>
  );
}

function NotInPlan() {
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{TEAM_TEXTS.notInPlan}</Text>
      <Anchor component={Link} to="/pricing" size="sm" fw={600}>
        {TEXTS.viewPricing}
      </Anchor>
    </Stack>
  );
}

function Loading() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={TEXTS.loading} data-testid="team-skeleton">
      <Skeleton height={16} width="40%" />
      <Skeleton height={36} />
      <Skeleton height={52} />
      <Skeleton height={52} />
    </Stack>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = failureMessage(error, TEXTS.loadError);
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={20} aria-hidden />}
      title={TEXTS.loadError}
    >
      {message !== TEXTS.loadError && <Text size="sm">{message}</Text>}
      <Button mt="xs" size="xs" variant="light" color="red" onClick={onRetry}>
        {TEXTS.retry}
      </Button>
    </Alert>
  );
}

function TeamManager({ team, refresh }: { team: TeamView; refresh: () => Promise<void> }) {
  const { used, total } = team.seats;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {TEXTS.intro(total - 1)}
        </Text>
        <Text size="sm" fw={600} data-testid="team-seats">
          {TEAM_TEXTS.seatsUsed(used, total)}
        </Text>
      </Stack>
      <InviteForm seatsFull={used >= total} total={total} refresh={refresh} />
      <Members team={team} refresh={refresh} />
      <Invitations invitations={team.invitations} refresh={refresh} />
    </Stack>
  );
}

function InviteForm({
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

function ListHeading({
  headingRef,
  id,
  children,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  id: string;
  children: string;
}) {
  return (
    <Title order={3} size="h6" id={id} ref={headingRef} tabIndex={-1}>
      {children}
    </Title>
  );
}

function Members({ team, refresh }: { team: TeamView; refresh: () => Promise<void> }) {
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

function Invitations({
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
