import { NavLink, Stack } from '@mantine/core';
import { IconHelp, IconLogout } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { HELP_CENTER_LABEL, HELP_CENTER_PATH } from '../../lib/help-center';
import { useSession } from '../../lib/session';
import { LOGIN_PATH } from '../../lib/session/navigation';
import { LazyTooltip } from './LazyTooltip';
import { isCurrent, isGroup, type NavGroupItem, type NavLinkItem, navItems } from './nav-items';

// Only the icon-only sidebar of a wide screen opens a group as a menu (and loads the menu's code).
const IconOnlyGroupMenu = lazy(() => import('./IconOnlyGroupMenu'));

interface SidebarProps {
  /** Wide screen with the sidebar collapsed: icons only, each named by a tooltip and its aria-label. */
  iconOnly: boolean;
  /** Called after any choice, so the small-screen slide-over closes. */
  onNavigate: () => void;
}

const ICON_SIZE = 20;

/** In icon-only mode a label moves to a tooltip (and stays the accessible name). */
function WithTooltip({
  label,
  iconOnly,
  children,
}: {
  label: string;
  iconOnly: boolean;
  children: ReactNode;
}) {
  if (!iconOnly) return children;
  return (
    <LazyTooltip label={label} position="right" withArrow>
      {children}
    </LazyTooltip>
  );
}

function SidebarLink({ item, iconOnly, onNavigate }: { item: NavLinkItem } & SidebarProps) {
  const { pathname } = useLocation();
  const Icon = item.icon;
  return (
    <WithTooltip label={item.label} iconOnly={iconOnly}>
      <NavLink
        component={Link}
        to={item.to}
        label={iconOnly ? undefined : item.label}
        aria-label={iconOnly ? item.label : undefined}
        leftSection={<Icon size={ICON_SIZE} stroke={1.6} aria-hidden />}
        active={isCurrent(pathname, item.to)}
        aria-current={isCurrent(pathname, item.to) ? 'page' : undefined}
        onClick={onNavigate}
      />
    </WithTooltip>
  );
}

/** The Automations dropdown: a collapsible group, or a menu beside the icon when the sidebar is narrow. */
function SidebarGroup({ item, iconOnly, onNavigate }: { item: NavGroupItem } & SidebarProps) {
  const { pathname } = useLocation();
  const Icon = item.icon;
  const inside = isCurrent(pathname, item.prefix);

  if (iconOnly) {
    const button = (
      <NavLink
        component="button"
        type="button"
        aria-label={item.label}
        leftSection={<Icon size={ICON_SIZE} stroke={1.6} aria-hidden />}
        active={inside}
      />
    );
    // Until the menu's code is in, the button shows without its menu.
    return (
      <Suspense fallback={button}>
        <IconOnlyGroupMenu item={item} button={button} onNavigate={onNavigate} />
      </Suspense>
    );
  }

  return (
    <NavLink
      component="button"
      type="button"
      label={item.label}
      leftSection={<Icon size={ICON_SIZE} stroke={1.6} aria-hidden />}
      defaultOpened={inside}
      active={inside}
      variant="subtle"
    >
      {item.links.map((link) => (
        <SidebarLink key={link.to} item={link} iconOnly={false} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

/** The in-app links of spec 2.2. */
export function SidebarLinks(props: SidebarProps) {
  return (
    <Stack gap={2}>
      {navItems.map((item) =>
        isGroup(item) ? (
          <SidebarGroup key={item.label} item={item} {...props} />
        ) : (
          <SidebarLink key={item.to} item={item} {...props} />
        ),
      )}
    </Stack>
  );
}

/** The external help link and Sign Out, at the foot of the sidebar. */
export function SidebarFooter({ iconOnly, onNavigate }: SidebarProps) {
  const { signOut } = useSession();
  const navigate = useNavigate();

  async function handleSignOut() {
    onNavigate();
    // signOut clears the tokens even when the server call fails (spec 4) and never rejects.
    await signOut();
    // Synchronously, so this navigation lands after the page guard's own redirect (which would remember
    // the page to come back to).
    navigate(LOGIN_PATH, { replace: true, flushSync: true });
  }

  return (
    <Stack gap={2}>
      <SidebarLink
        item={{ label: HELP_CENTER_LABEL, to: HELP_CENTER_PATH, icon: IconHelp }}
        iconOnly={iconOnly}
        onNavigate={onNavigate}
      />
      <WithTooltip label="Sign Out" iconOnly={iconOnly}>
        <NavLink
          component="button"
          type="button"
          label={iconOnly ? undefined : 'Sign Out'}
          aria-label={iconOnly ? 'Sign Out' : undefined}
          leftSection={<IconLogout size={ICON_SIZE} stroke={1.6} aria-hidden />}
          onClick={handleSignOut}
          c="red"
        />
      </WithTooltip>
    </Stack>
  );
}
