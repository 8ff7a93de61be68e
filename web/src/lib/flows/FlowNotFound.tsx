import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { FLOW_TEXTS } from '../../../../shared/flow-texts';
import { FLOWS_PATH } from './flow-paths';

/** The screen's own words beside the spec's 'Flow not found' (FLOW_TEXTS). */
const FLOW_NOT_FOUND_TEXTS = {
  text: 'This flow does not exist or is no longer yours.',
  backToFlows: 'Back to Flows',
} as const;

/** Spec 2.5: an unknown flow says 'Flow not found' and leads back to /flows (or the page's tab of it). */
export function FlowNotFound({
  text = FLOW_NOT_FOUND_TEXTS.text,
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
        {FLOW_NOT_FOUND_TEXTS.backToFlows}
      </Anchor>
    </Stack>
  );
}
