import { ActionIcon, Alert, AppShell, Burger, FocusTrap, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useCurrentUser } from '../../lib/session';
import { setProductName, useWorkspaces } from '../../lib/workspace';
import { PageFallback } from '../PageFallback';
import { MAIN_CONTENT_ID, SkipLink } from '../SkipLink';
import { accentStyle, BrandMark } from './BrandMark';
import { LazyTooltip, WIDE_QUERY } from './LazyTooltip';
import { PlanStatus } from './PlanStatus';
import { SidebarFooter, SidebarLinks } from './Sidebar';
import { useSidebarCollapsed } from './sidebar-state';
import { useLeaveRemovedWorkspace } from './use-leave-removed-workspace';

// Only someone in a second workspace, or in a paused team, loads these (DECISIONS 31).
const WorkspaceSwitch = lazy(() => import('./WorkspaceSwitch'));
const SuspendedBanner = lazy(() => import('./SuspendedBanner'));

/** Where the sidebar stops being a slide-over: Mantine's `sm`, the width WIDE_QUERY names. */
const WIDE_BREAKPOINT = 'sm';
const NAVBAR_WIDTH = 248;
const NAVBAR_ICON_WIDTH = 72;
const HEADER_HEIGHT = 56;

/**
 * The signed-in frame (spec 2.2): a header with the plan status and a sidebar that collapses to icons
 * on wide screens (remembered in this browser) and is a slide-over, opened by the burger, on small ones.
 * In a team (DECISIONS 31, 32, 34) it carries the workspace switch, the workspace's brand and, while
 * the team is paused or after a removal, the way back to one's own workspace.
 */
export function AppShellLayout() {
  const user = useCurrentUser();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const wide = useMediaQuery(WIDE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const iconOnly = wide && collapsed;
  const burgerRef = useRef<HTMLButtonElement>(null);
  // On a phone the menu is a slide-over: closed, its links are out of the Tab order (inert); open, it
  // holds focus until Escape or a choice closes it (issue 10 point 9).
  const slideOver = !wide;
  const menuHidden = slideOver && !mobileOpened;
  // A phone renders the menu's links when it is first opened, not with every page load: it is hidden
  // until then, and its dozen links are a good part of a first render's work (issue 10 point 7).
  const [menuRendered, setMenuRendered] = useState(false);
  if (!menuRendered && !menuHidden) setMenuRendered(true);
  // A visitor on the way to /login asks nothing.
  const workspaces = useWorkspaces(Boolean(user));
  // A removed teammate is told why and taken to their own workspace (DECISIONS 34).
  const removed = useLeaveRemovedWorkspace(user?.id);
  const brand = workspaces.view?.brand ?? null;
  // The tab titles of the pages say the brand's name; back to the product's when the frame goes.
  useEffect(() => {
    setProductName(brand?.name);
    return () => setProductName(undefined);
  }, [brand?.name]);

  function closeMenuByKey(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !slideOver || !mobileOpened) return;
    event.stopPropagation();
    closeMobile();
    burgerRef.current?.focus();
  }

  function navigated() {
    if (!slideOver || !mobileOpened) return;
    closeMobile();
    // The link that had focus is hidden now: the page's content takes it.
    requestAnimationFrame(() => document.getElementById(MAIN_CONTENT_ID)?.focus());
  }

  // A visitor is on their way to /login (the route's guard sends them): no frame to show.
  if (!user) {
    return (
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    );
  }

  const collapseLabel = collapsed ? 'Expand sidebar' : 'Collapse sidebar';

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: { base: NAVBAR_WIDTH, [WIDE_BREAKPOINT]: collapsed ? NAVBAR_ICON_WIDTH : NAVBAR_WIDTH },
        breakpoint: WIDE_BREAKPOINT,
        collapsed: { mobile: !mobileOpened },
      }}
      padding="md"
      style={accentStyle(brand)}
    >
      <AppShell.Header>
        <SkipLink />
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} gap="xs" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger
              ref={burgerRef}
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom={WIDE_BREAKPOINT}
              size="sm"
              aria-label={mobileOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={mobileOpened}
              aria-controls="main-navigation"
            />
            {/* Only a wide screen has the sidebar to collapse (and loads the tooltip's code). */}
            {wide && (
              <LazyTooltip label={collapseLabel}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => setCollapsed(!collapsed)}
                  aria-label={collapseLabel}
                  aria-pressed={collapsed}
                >
                  {collapsed ? (
                    <IconLayoutSidebarLeftExpand size={20} aria-hidden />
                  ) : (
                    <IconLayoutSidebarLeftCollapse size={20} aria-hidden />
                  )}
                </ActionIcon>
              </LazyTooltip>
            )}
            <BrandMark brand={brand} />
          </Group>
          {/* The plan of the workspace worked in: a team's while in one (DECISIONS 31). */}
          <PlanStatus user={user.workspace ?? user} />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        p={iconOnly ? 'xs' : 'sm'}
        aria-label="Main"
        id="main-navigation"
        inert={menuHidden}
        onKeyDown={closeMenuByKey}
      >
        <FocusTrap active={slideOver && mobileOpened}>
          <div style={{ display: 'contents' }}>
            {menuRendered && (
              <>
                {/* The browser's own scrolling: Mantine's ScrollArea would add its code to every page. */}
                <AppShell.Section grow mih={0} style={{ overflowY: 'auto' }}>
                  {!iconOnly && (workspaces.view?.workspaces.length ?? 0) > 1 && (
                    <Suspense fallback={null}>
                      <WorkspaceSwitch workspaces={workspaces} onSwitched={navigated} />
                    </Suspense>
                  )}
                  <SidebarLinks iconOnly={iconOnly} onNavigate={navigated} />
                </AppShell.Section>
                <AppShell.Section
                  pt="sm"
                  style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                >
                  <SidebarFooter iconOnly={iconOnly} onNavigate={navigated} />
                </AppShell.Section>
              </>
            )}
          </div>
        </FocusTrap>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {removed.notice && (
          <Alert
            role="alert"
            color="red"
            variant="light"
            m="md"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={removed.dismiss}
            data-testid="removed-notice"
          >
            {removed.notice}
          </Alert>
        )}
        {workspaces.current && !workspaces.current.available && (
          <Suspense fallback={null}>
            <SuspendedBanner workspaces={workspaces} />
          </Suspense>
        )}
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
