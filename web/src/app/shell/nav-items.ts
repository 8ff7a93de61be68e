import {
  type Icon,
  IconCircleCheck,
  IconCreditCard,
  IconLayoutDashboard,
  IconPlayerPlay,
  IconPlugConnected,
  IconRobot,
  IconRoute,
  IconTemplate,
  IconUser,
} from '@tabler/icons-react';

export interface NavLinkItem {
  readonly label: string;
  readonly to: string;
  readonly icon: Icon;
}

export interface NavGroupItem {
  readonly label: string;
  readonly icon: Icon;
  /** The path prefix the group's links share: the group is highlighted and opened under it. */
  readonly prefix: string;
  readonly links: readonly NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

export const isGroup = (item: NavItem): item is NavGroupItem => 'links' in item;

/**
 * The sidebar's in-app links, in the order of spec 2.2. The help link (external) and Sign Out follow
 * them. Links to screens not built yet stay listed: until built they fall to the unknown-path rule.
 */
export const navItems: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard },
  { label: 'Trobs', to: '/trobs', icon: IconTemplate },
  { label: 'Flows', to: '/flows', icon: IconRoute },
  {
    label: 'Automations',
    icon: IconRobot,
    prefix: '/automations',
    links: [
      { label: 'Active', to: '/automations/active', icon: IconPlayerPlay },
      { label: 'Completed', to: '/automations/completed', icon: IconCircleCheck },
    ],
  },
  { label: 'Connections', to: '/platforms', icon: IconPlugConnected },
  { label: 'Pricing', to: '/pricing', icon: IconCreditCard },
  { label: 'Profile', to: '/profile', icon: IconUser },
];

/** A link is current on its own path and below it (/trobs is current on /trobs/abc). */
export function isCurrent(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
