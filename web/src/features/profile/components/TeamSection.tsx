import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { hasFeature } from '../../../../../shared/plan-policy';
import type { UserPlan } from '../../../../../shared/pricing-plans';
import { TEAM_TEXTS, type TeamView } from '../../../../../shared/team-texts';
import { useTeam } from '../api/team';
import { PlusOnly, SectionLoadError } from './section-states';
import { TeamInvitations } from './TeamInvitations';
import { TeamInviteForm } from './TeamInviteForm';
import { TeamMembers } from './TeamMembers';
import { TEAM_SECTION_TEXTS as TEXTS } from './team-texts';

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
  const notInPlan = <PlusOnly text={TEAM_TEXTS.notInPlan} viewPricing={TEXTS.viewPricing} />;
  if (!inPlan) body = notInPlan;
  else if (!team && error)
    body = (
      <SectionLoadError
        error={error}
        onRetry={() => void refresh()}
        title={TEXTS.loadError}
        retry={TEXTS.retry}
      />
    );
  else if (!team) body = <Loading />;
  else if (team.seats.total < 2) body = notInPlan;
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
      <TeamInviteForm seatsFull={used >= total} total={total} refresh={refresh} />
      <TeamMembers team={team} refresh={refresh} />
      <TeamInvitations teamInvitations={team.invitations} refresh={refresh} />
    </Stack>
  );
}
