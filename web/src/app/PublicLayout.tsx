import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { Suspense } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../shared/product';
import { useSession } from '../lib/session';
import { HOME_PATH, LOGIN_PATH } from '../lib/session/navigation';
import { PageFallback } from './PageFallback';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

/**
 * The frame of the screens open to visitors: the product name and the public links. A visitor gets a
 * Sign in link; a signed-in user here (an unverified one on /verify-email) gets the way back and Sign Out.
 */
export function PublicLayout() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();

  async function handleSignOut() {
    // signOut clears the tokens even when the server call fails (spec 4) and never rejects.
    await signOut();
    navigate(LOGIN_PATH, { replace: true, flushSync: true });
  }

  return (
    <>
      <SkipLink />
      <Box
        component="header"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg">
          <Group justify="space-between">
            <Anchor
              component={NavLink}
              to={user ? HOME_PATH : LOGIN_PATH}
              fw={700}
              fz="xl"
              underline="never"
              c="inherit"
            >
              {PRODUCT_NAME}
            </Anchor>
            <Group component="nav" aria-label="Main" gap="md">
              <Anchor component={NavLink} to="/pricing">
                Pricing
              </Anchor>
              {user ? (
                <Button variant="default" size="compact-sm" onClick={handleSignOut}>
                  Sign Out
                </Button>
              ) : (
                <Anchor component={NavLink} to={LOGIN_PATH}>
                  Sign in
                </Anchor>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </Box>
    </>
  );
}
