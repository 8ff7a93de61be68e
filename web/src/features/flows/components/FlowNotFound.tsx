import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { FLOW_TEXTS } from '../../../../../shared/flow-texts';
import { FLOWS_PATH } from '../../../lib/flow-paths';
import { INSIGHT_TEXTS } from './insights/insight-texts';

/** Spec 2.5: an unknown flow says 'Flow not found' and leads back to /flows (or the page's tab of it). */
export function FlowNotFound({
  text = INSIGHT_TEXTS.flowNotFoundText,
  to = FLOWS_PATH,
}: {
  text?: string;
  to?: string;
}) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Title order={1} size="h2">
        {FLOW_TEXTS.empty.flowNotFound}
      </Title>
      <Text c="dimmed">{text}</Text>
      <Anchor component={Link} to={to}>
        {INSIGHT_TEXTS.backToFlows}
      </Anchor>
    </Stack>
  );
}
