import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AUTH_TEXTS } from '../../../../../shared/auth';
import { notifyError } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { LOGIN_PATH, type LoginState } from '../../../lib/session/navigation';
import { deleteAccount, failureMessage, fieldIssuesOf, PROFILE_FAILURES } from '../api/profile';

/** Spec 5 'Delete account'. */
export const DELETE_CONFIRM_TEXT =
  'Are you sure you want to delete your account? This action cannot be undone.';
/** DECISIONS 31: what deleting an account does to a team, said before it is done. */
export const DELETE_TEAM_TEXT =
  'If you have teammates, your workspace is deleted with your account and they are told by e-mail. ' +
  'The teams you are a member of keep everything you made in them.';

type Step = 'closed' | 'confirm' | 'password';

/**
 * Spec 5: a confirm dialog, then a password prompt; an empty password cancels. DECISIONS 10: after
 * deletion the user is signed out and sent to /login with 'Account deleted successfully'.
 */
export function DangerZone() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('closed');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  // 'Continue' leaves the dialog with the password step: focus moves to its field, not to the page.
  useEffect(() => {
    if (step === 'password') passwordRef.current?.focus();
  }, [step]);

  function close() {
    if (deleting) return;
    setStep('closed');
    setPassword('');
    setPasswordError(undefined);
  }

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    if (password === '') {
      close();
      return;
    }
    setDeleting(true);
    try {
      await deleteAccount({ password });
    } catch (error) {
      setDeleting(false);
      setPasswordError(fieldIssuesOf(error, ['password'] as const)[0]?.message);
      notifyError(failureMessage(error, PROFILE_FAILURES.delete));
      return;
    }
    // The account is gone, so the server may refuse the sign-out call; signOut clears the tokens anyway.
    // The message travels to /login, which shows it above the form (DECISIONS 10). Synchronously, so
    // this navigation lands after the page guard's own redirect to /login.
    await signOut();
    navigate(LOGIN_PATH, {
      replace: true,
      state: { message: AUTH_TEXTS.accountDeleted } satisfies LoginState,
      flushSync: true,
    });
  }

  return (
    <Stack gap="md">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={20} aria-hidden />}
        title="Delete Account"
      >
        Deleting your account removes your profile, platform connections, automations, leads and flows for
        good.
      </Alert>
      <Group>
        <Button color="red" onClick={() => setStep('confirm')}>
          Delete Account
        </Button>
      </Group>

      <Modal
        opened={step !== 'closed'}
        onClose={close}
        title={
          <Title order={2} size="h4">
            Delete Account
          </Title>
        }
        centered
      >
        {step === 'confirm' ? (
          <Stack gap="md">
            <Text>{DELETE_CONFIRM_TEXT}</Text>
            <Text size="sm" c="dimmed">
              {DELETE_TEAM_TEXT}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button color="red" onClick={() => setStep('password')}>
                Continue
              </Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={submitPassword} noValidate>
            <Stack gap="md">
              <PasswordInput
                ref={passwordRef}
                label="Password"
                description="Enter your password to confirm the deletion."
                autoComplete="current-password"
                data-autofocus
                visibilityToggleFocusable
                value={password}
                onChange={(event) => {
                  setPassword(event.currentTarget.value);
                  setPasswordError(undefined);
                }}
                error={passwordError}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={close} disabled={deleting}>
                  Cancel
                </Button>
                <Button type="submit" color="red" loading={deleting}>
                  Delete My Account
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Stack>
  );
}
