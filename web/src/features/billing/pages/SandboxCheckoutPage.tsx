import { Alert, Button, Card, Center, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconFlask } from '@tabler/icons-react';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../../../shared/product';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { awaitingAnswer } from '../../../lib/swr-answers';
import { LoadingStatus } from '../../../lib/ui/LoadingStatus';
import {
  completeSandboxSession,
  formatAmount,
  PAYMENT_FAILED_MESSAGE,
  pageNavigation,
  SESSION_NOT_FOUND_MESSAGE,
  useSandboxSession,
} from '../api/sandbox';

export const SANDBOX_NOTICE = 'Sandbox payment — no real money is charged';

/**
 * Not in the spec: the local stand-in for Stripe Checkout. When payments run in sandbox mode, the
 * checkout URL the API hands out points here; paying completes the session on the API, which then
 * upgrades the plan as a Stripe webhook would, and sends the browser to the session's success URL.
 */
export default function SandboxCheckoutPage() {
  useDocumentTitle(`Sandbox checkout | ${PRODUCT_NAME}`);
  const { sessionId = '' } = useParams();
  const answer = useSandboxSession(sessionId);
  const { error } = answer;
  // The session is drawn from its answer as a transition, in slices: SWR hands the answer over in a
  // synchronous update, which drew the whole page in one task (issue 38 point 2).
  const data = useDeferredValue(answer.data);
  const isLoading = awaitingAnswer({ data, error });
  const [paying, setPaying] = useState(false);
  const session = data?.data.session;

  async function pay() {
    setPaying(true);
    try {
      const answer = await completeSandboxSession(sessionId);
      const target = answer?.redirectUrl ?? session?.successUrl;
      if (!target) throw new Error('No redirect URL');
      pageNavigation.assign(target);
    } catch (failure) {
      setPaying(false);
      const serverMessage =
        failure instanceof ApiError &&
        failure.code !== 'NETWORK_ERROR' &&
        failure.code !== 'UNEXPECTED_RESPONSE'
          ? failure.message
          : undefined;
      notifyError(serverMessage ?? PAYMENT_FAILED_MESSAGE);
    }
  }

  let body: ReactNode;
  if (isLoading) {
    body = (
      <Center py="xl">
        <LoadingStatus label="Loading" />
      </Center>
    );
  } else if (error || !session) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
        {error?.status === 404 || !error ? SESSION_NOT_FOUND_MESSAGE : error.message}
      </Alert>
    );
  } else {
    const amount = formatAmount(session.amount, session.currency);
    body = (
      <Stack gap="md">
        <Table variant="vertical" withTableBorder layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={120}>Plan</Table.Th>
              <Table.Td>{session.planName}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Amount</Table.Th>
              <Table.Td>{amount}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>E-mail</Table.Th>
              <Table.Td>{session.email}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={paying}
            onClick={() => pageNavigation.assign(session.cancelUrl)}
          >
            Cancel
          </Button>
          <Button onClick={pay} loading={paying}>
            Pay
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Container size="xs" py="xl">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={1} size="h2">
            Checkout
          </Title>
          <Alert color="yellow" variant="light" icon={<IconFlask size={20} aria-hidden />}>
            <Text fw={600}>{SANDBOX_NOTICE}</Text>
          </Alert>
          {body}
        </Stack>
      </Card>
    </Container>
  );
}
