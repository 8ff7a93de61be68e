import { Anchor, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ProspectResponse } from '../../../../../shared/flow-insights-values';
import { FLOW_TEXTS } from '../../../../../shared/flow-texts';
import { get } from '../../../lib/api-client';
import { flowProspectsPath } from '../../../lib/flows/flow-paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { BackLink } from '../../../lib/ui/BackLink';
import { BusyButton } from '../../../lib/ui/BusyButton';
import { usePageTitle } from '../../../lib/workspace';
import { prospectKey, useProspect } from '../api/insights';
import { LoadFailed } from '../components/InsightParts';
import { INSIGHT_TEXTS } from '../components/insight-texts';
import { ProspectHeaderCard } from '../components/ProspectHeaderCard';
import { ProspectTabs } from '../components/ProspectTabs';

function ProspectNotFound({ flowId }: { flowId: string }) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Title order={1} size="h2">
        {FLOW_TEXTS.empty.prospectNotFound}
      </Title>
      <Text c="dimmed">{INSIGHT_TEXTS.prospectNotFoundText}</Text>
      <Anchor component={Link} to={flowProspectsPath(flowId)}>
        {INSIGHT_TEXTS.backToProspects}
      </Anchor>
    </Stack>
  );
}

function Prospect({ flowId, prospectId }: { flowId: string; prospectId: string }) {
  const answer = useProspect(flowId, prospectId);
  const { notFound, error } = answer;
  // The prospect's cards are drawn from its answer as a transition, in slices: SWR hands the answer over
  // in a synchronous update, which drew the whole page in one task (issue 38 point 2).
  const prospect = useDeferredValue(answer.prospect);
  usePageTitle(prospect?.name ?? 'Prospect');
  const [refreshing, setRefreshing] = useState(false);

  // Spec 2.7 and 8: Refresh reads the prospect again and says so; a failure says 'Failed to load prospect details'.
  const refresh = async () => {
    if (refreshing) return;
    setRefreshing(true);
    try {
      const fresh = await get<ProspectResponse>(prospectKey(flowId, prospectId));
      await answer.mutate(fresh, { revalidate: false });
      notifySuccess(FLOW_TEXTS.toasts.prospectDetailsRefreshed);
    } catch {
      notifyError(FLOW_TEXTS.errors.loadProspectDetails);
      void answer.mutate();
    } finally {
      setRefreshing(false);
    }
  };

  if (notFound) return <ProspectNotFound flowId={flowId} />;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <BackLink to={flowProspectsPath(flowId)}>{INSIGHT_TEXTS.backToProspects}</BackLink>
        {prospect && (
          <BusyButton
            variant="default"
            busy={refreshing}
            icon={<IconRefresh size={16} aria-hidden />}
            onClick={() => void refresh()}
          >
            {INSIGHT_TEXTS.refresh}
          </BusyButton>
        )}
      </Group>
      {prospect ? (
        <>
          <ProspectHeaderCard prospect={prospect} />
          <ProspectTabs prospect={prospect} />
        </>
      ) : error ? (
        <>
          <Title order={1} size="h2">
            {INSIGHT_TEXTS.prospectFallbackTitle}
          </Title>
          <LoadFailed title={FLOW_TEXTS.errors.loadProspectDetails} onRetry={() => void answer.mutate()} />
        </>
      ) : (
        <Stack role="status" aria-busy="true" aria-label={INSIGHT_TEXTS.loadingProspect}>
          <Skeleton height={180} radius="md" />
          <Skeleton height={36} width="60%" />
          <Skeleton height={200} radius="md" />
        </Stack>
      )}
    </Stack>
  );
}

/** Spec 2.7, /flows/{flowId}/prospects/{prospectId}: one prospect's story (issue 21 point 5). */
export default function ProspectDetailPage() {
  const { flowId = '', prospectId = '' } = useParams();
  return (
    <Container size="lg" py="md">
      <Prospect key={`${flowId}/${prospectId}`} flowId={flowId} prospectId={prospectId} />
    </Container>
  );
}
