import { Button, Center, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { AUTH_TEXTS } from '../../../../../shared/auth';
import { PRODUCT_NAME } from '../../../../../shared/product';
import { useSession } from '../../../lib/session';
import { HOME_PATH } from '../../../lib/session/navigation';
import { LoadingStatus } from '../../../lib/ui/LoadingStatus';
import { verifyEmail } from '../api/auth-api';
import { AUTH_FAILURES, VERIFY_REDIRECT_MS } from '../auth-texts';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { failureMessage } from '../components/form-errors';
import { ResendVerificationButton, ResendVerificationForm } from '../components/ResendVerification';

/**
 * Spec 2.7. With a token: verifying, then success (on to /dashboard after 2 s) or error. Without one:
 * a signed-in unverified user is asked to verify (needs-verification); anyone else goes to /dashboard.
 */
export default function VerifyEmailPage() {
  useDocumentTitle(`Verify your email | ${PRODUCT_NAME}`);
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <VerifyToken token={token} /> : <NeedsVerification />;
}

type Verification = { state: 'verifying' } | { state: 'success' | 'error'; message: string };

function VerifyToken({ token }: { token: string }) {
  const [verification, setVerification] = useState<Verification>({ state: 'verifying' });
  const { status, refreshUser } = useSession();
  const navigate = useNavigate();
  const succeeded = verification.state === 'success';
  const signedIn = status === 'signed-in';

  useEffect(() => {
    let active = true;
    setVerification({ state: 'verifying' });
    verifyEmail(token).then(
      (answer) => {
        if (active)
          setVerification({ state: 'success', message: answer?.message || AUTH_TEXTS.emailVerified });
      },
      (error: unknown) => {
        if (active) {
          setVerification({
            state: 'error',
            message: failureMessage(error, AUTH_FAILURES.verifyEmail, AUTH_FAILURES.network),
          });
        }
      },
    );
    return () => {
      active = false;
    };
  }, [token]);

  // A signed-in user's emailVerified is true from now on: the verified-only screens open.
  useEffect(() => {
    if (succeeded && signedIn) refreshUser().catch(() => undefined);
  }, [succeeded, signedIn, refreshUser]);

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => navigate(HOME_PATH, { replace: true }), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  if (verification.state === 'verifying') {
    return (
      <AuthCard title="Verifying your email">
        <Center>
          <LoadingStatus label="Verifying your email" />
        </Center>
      </AuthCard>
    );
  }
  if (verification.state === 'success') {
    return (
      <AuthCard title="Email verified">
        <FormAlert kind="success">{verification.message}</FormAlert>
        <Text>Taking you to your dashboard…</Text>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verification failed">
      <FormAlert kind="error">{verification.message}</FormAlert>
      <ResendOrLeave />
    </AuthCard>
  );
}

/** The error state's way out: a new link (to the signed-in user's address, else one typed in), or on. */
function ResendOrLeave() {
  const { user } = useSession();
  return (
    <Stack gap="md">
      {user ? (
        <Text>Send a new verification link to {user.email}, or carry on to your dashboard.</Text>
      ) : (
        <Text>Enter your email address to get a new verification link.</Text>
      )}
      {user ? (
        <Group>
          <ResendVerificationButton email={user.email} />
          <Button component={Link} to={HOME_PATH} variant="default">
            Go to dashboard
          </Button>
        </Group>
      ) : (
        <>
          <ResendVerificationForm />
          <Button component={Link} to={HOME_PATH} variant="default">
            Go to dashboard
          </Button>
        </>
      )}
    </Stack>
  );
}

function NeedsVerification() {
  const { user } = useSession();
  if (!user || user.emailVerified) return <Navigate to={HOME_PATH} replace />;
  return (
    <AuthCard title="Verify your email">
      <Text>
        We sent a verification link to <strong>{user.email}</strong>. Open it to verify your address and
        unlock every feature.
      </Text>
      <Group>
        <ResendVerificationButton email={user.email} variant="filled" />
      </Group>
    </AuthCard>
  );
}
