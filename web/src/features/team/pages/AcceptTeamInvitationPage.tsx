import { Alert, Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck, IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../../../shared/product';
import { acceptTeamInvitationInput } from '../../../../../shared/team';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { HOME_PATH } from '../../../lib/session/navigation';
import { useSwitchWorkspace } from '../../../lib/workspace';
import { acceptTeamInvitation } from '../api/team-invitations';
import { ACCEPT_TEXTS as TEXTS } from '../team-texts';

type Outcome =
  | { state: 'idle' }
  | { state: 'accepting' }
  | { state: 'joined'; workspace: { id: string; name: string } }
  | { state: 'refused'; message: string };

/** The API's own words for a refusal it explains (409: no longer valid, own team...; 403: wrong account). */
function refusalMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 409 || error.status === 403) && error.message) {
    return error.message;
  }
  return TEXTS.failed;
}

/**
 * `/team/accept?token=...` (DECISIONS 31), where the invitation e-mail leads. The guard has the visitor
 * sign in first (and come back); the page names the signed-in account, so that a refusal for the wrong
 * account reads clearly, and joins the team on 'Accept invitation'.
 */
export default function AcceptTeamInvitationPage() {
  useDocumentTitle(`${TEXTS.documentTitle} | ${PRODUCT_NAME}`);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = acceptTeamInvitationInput.safeParse({ token }).success;

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Card withBorder padding="xl">
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap">
              <IconUsersGroup size={28} aria-hidden color="var(--mantine-color-indigo-6)" />
              <Title order={1} size="h2">
                {TEXTS.title}
              </Title>
            </Group>
            {valid ? (
              <Accept token={token} />
            ) : (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
                {TEXTS.noToken}
              </Alert>
            )}
          </Stack>
        </Card>
        <Text size="sm" c="dimmed" ta="center">
          {TEXTS.noAccountLead}{' '}
          <Anchor component={Link} to="/register" size="sm" fw={600}>
            {TEXTS.createAccount}
          </Anchor>{' '}
          {TEXTS.noAccountRest}
        </Text>
      </Stack>
    </Container>
  );
}

function Accept({ token }: { token: string }) {
  const user = useCurrentUser();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const dashboardLink = useRef<HTMLButtonElement>(null);
  const switchWorkspace = useSwitchWorkspace();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  const [switchError, setSwitchError] = useState<string>();

  /** Straight into the team's workspace: the session acts in it from now on (DECISIONS 31). */
  async function openWorkspace(workspaceId: string) {
    setSwitching(true);
    setSwitchError(undefined);
    try {
      await switchWorkspace(workspaceId);
      navigate(HOME_PATH);
    } catch (error) {
      setSwitchError(error instanceof ApiError && error.message ? error.message : TEXTS.switchFailed);
      setSwitching(false);
    }
  }
  const joined = outcome.state === 'joined';

  // The button leaves with the success: the keyboard moves on to where the person goes next.
  useEffect(() => {
    if (joined) dashboardLink.current?.focus();
  }, [joined]);

  const accept = async () => {
    if (outcome.state === 'accepting') return;
    setOutcome({ state: 'accepting' });
    try {
      const answer = await acceptTeamInvitation({ token });
      setOutcome({ state: 'joined', workspace: answer.data.workspace });
    } catch (error) {
      setOutcome({ state: 'refused', message: refusalMessage(error) });
    }
  };

  if (outcome.state === 'joined') {
    const { workspace } = outcome;
    return (
      <Stack gap="md">
        <Alert role="status" color="green" variant="light" icon={<IconCircleCheck size={20} aria-hidden />}>
          {TEXTS.joined(workspace.name)}
        </Alert>
        {switchError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
            {switchError}
          </Alert>
        )}
        <Group>
          <Button ref={dashboardLink} onClick={() => void openWorkspace(workspace.id)} loading={switching}>
            {TEXTS.openWorkspace(workspace.name)}
          </Button>
          <Button component={Link} to={HOME_PATH} variant="default">
            {TEXTS.goToDashboard}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text>{TEXTS.intro}</Text>
      {user && (
        <Text size="sm" data-testid="signed-in-account">
          {TEXTS.signedInAs}{' '}
          <Text span fw={600} size="sm">
            {user.email}
          </Text>
          .
        </Text>
      )}
      {outcome.state === 'refused' && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
          {outcome.message}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void accept()} loading={outcome.state === 'accepting'}>
          {TEXTS.accept}
        </Button>
      </Group>
    </Stack>
  );
}
