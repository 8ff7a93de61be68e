import type { ComponentType } from 'react';

/** The access levels of spec part 1, section 2.1. */
export type AccessLevel =
  /** Open to visitors; a signed-in user is sent to /dashboard. */
  | 'public-only'
  /** Open to everyone. */
  | 'public'
  /** Sign-in required; shown inside the app layout. */
  | 'protected'
  /** Sign-in and a verified e-mail address required. */
  | 'verified';

/**
 * The frame a screen is shown in: 'public' (the visitors' header), 'app' (the signed-in app shell of
 * spec 2.2) or 'adaptive' (the shell for a signed-in user, the public frame for a visitor).
 */
export type RouteLayout = 'public' | 'app' | 'adaptive';

/** Without a layout of its own, a row takes the one of its access level. */
export function layoutOf(row: Pick<AppRoute, 'access' | 'layout'>): RouteLayout {
  return row.layout ?? (row.access === 'protected' || row.access === 'verified' ? 'app' : 'public');
}

/** Loads a page module whose default export is the screen. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

export interface AppRoute {
  /** React Router syntax: the spec's `/trobs/{trobId}` is `/trobs/:trobId`. */
  readonly path: string;
  readonly access: AccessLevel;
  /** Set only once the screen exists: a row without a page is not routed. */
  readonly page?: PageLoader;
  /** A row that only redirects. */
  readonly redirectTo?: string;
  /** Only where the access level's own layout (see layoutOf) is not the right one. */
  readonly layout?: RouteLayout;
  /**
   * Starts the API calls the page makes first, when the app is opened at it with a stored session:
   * they then run beside the session's restore and the page's code instead of after both (issue 10
   * point 7). The page's own SWR calls take the answers over.
   */
  readonly prefetch?: () => Promise<unknown>;
}

/** Every path of spec part 1, section 2.1, in the spec's order. */
export const appRoutes: readonly AppRoute[] = [
  { path: '/login', access: 'public-only', page: () => import('../features/auth/pages/LoginPage') },
  { path: '/register', access: 'public-only', page: () => import('../features/auth/pages/RegisterPage') },
  {
    path: '/forgot-password',
    access: 'public-only',
    page: () => import('../features/auth/pages/ForgotPasswordPage'),
  },
  {
    path: '/reset-password',
    access: 'public-only',
    page: () => import('../features/auth/pages/ResetPasswordPage'),
  },

  { path: '/verify-email', access: 'public', page: () => import('../features/auth/pages/VerifyEmailPage') },
  // Reached from the sidebar too: a signed-in user keeps the app shell around it.
  {
    path: '/pricing',
    access: 'public',
    page: () => import('../features/pricing/pages/PricingPage'),
    layout: 'adaptive',
  },
  // Not in the spec's list, but the register form links to them (spec 2.4): readable signed out.
  {
    path: '/terms',
    access: 'public',
    page: () => import('../features/legal/pages/TermsPage'),
    layout: 'adaptive',
  },
  {
    path: '/privacy',
    access: 'public',
    page: () => import('../features/legal/pages/PrivacyPage'),
    layout: 'adaptive',
  },

  { path: '/', access: 'protected', redirectTo: '/dashboard' },
  {
    path: '/dashboard',
    access: 'protected',
    page: () => import('../features/dashboard/pages/DashboardPage'),
    prefetch: () => import('../features/dashboard/api/dashboard').then((m) => m.prefetchDashboard()),
  },
  {
    path: '/trobs',
    access: 'protected',
    page: () => import('../features/catalogue/pages/CataloguePage'),
    prefetch: () => import('../features/catalogue/api/catalogue').then((m) => m.prefetchCatalogue()),
  },
  { path: '/profile', access: 'protected', page: () => import('../features/profile/pages/ProfilePage') },
  { path: '/help', access: 'protected', page: () => import('../features/placeholders/pages/HelpPage') },

  {
    path: '/trobs/:trobId',
    access: 'verified',
    page: () => import('../features/catalogue/pages/TemplatePage'),
  },
  {
    path: '/flows',
    access: 'verified',
    page: () => import('../features/flows/pages/FlowsPage'),
    prefetch: () => import('../features/flows/api/flows').then((m) => m.prefetchFlows()),
  },
  {
    path: '/flows/template/:templateId',
    access: 'verified',
    page: () => import('../features/flow-setup/pages/FlowTemplatePage'),
  },
  {
    path: '/flows/setup/:templateId',
    access: 'verified',
    page: () => import('../features/flow-setup/pages/FlowSetupPage'),
  },
  {
    path: '/flows/:flowId/analytics',
    access: 'verified',
    page: () => import('../features/flows/pages/FlowAnalyticsPage'),
    prefetch: () => import('../features/flows/api/analytics').then((m) => m.prefetchAnalytics()),
  },
  {
    path: '/flows/:flowId/review',
    access: 'verified',
    page: () => import('../features/flow-review/pages/FlowReviewPage'),
    prefetch: () => import('../features/flow-review/api/review').then((m) => m.prefetchReview()),
  },
  {
    path: '/flows/:flowId/activities',
    access: 'verified',
    page: () => import('../features/flow-insights/pages/FlowActivitiesPage'),
  },
  {
    path: '/flows/:flowId/prospects',
    access: 'verified',
    page: () => import('../features/flow-insights/pages/FlowProspectsPage'),
  },
  {
    path: '/flows/:flowId/prospects/:prospectId',
    access: 'verified',
    page: () => import('../features/flow-insights/pages/ProspectDetailPage'),
  },
  { path: '/automations', access: 'verified', redirectTo: '/automations/active' },
  {
    path: '/automations/active',
    access: 'verified',
    page: () => import('../features/automations/pages/ActiveAutomationsPage'),
    prefetch: () => import('../lib/automations').then((m) => m.prefetchAutomations()),
  },
  {
    path: '/automations/completed',
    access: 'verified',
    page: () => import('../features/automations/pages/CompletedAutomationsPage'),
    prefetch: () => import('../lib/automations').then((m) => m.prefetchAutomations()),
  },
  {
    path: '/automations/:automationId',
    access: 'verified',
    page: () => import('../features/automations/pages/AutomationDetailPage'),
    prefetch: () => import('../lib/automations').then((m) => m.prefetchAutomations()),
  },
  {
    path: '/automations/:automationId/leads',
    access: 'verified',
    page: () => import('../features/leads/pages/LeadsPage'),
    prefetch: () => import('../lib/automations').then((m) => m.prefetchAutomations()),
  },
  { path: '/exports', access: 'verified', page: () => import('../features/placeholders/pages/ExportsPage') },
  {
    path: '/platforms',
    access: 'verified',
    page: () => import('../features/connections/pages/PlatformsPage'),
  },
  // DECISIONS 31: where the team invitation e-mail leads; a visitor signs in first and comes back.
  {
    path: '/team/accept',
    access: 'verified',
    page: () => import('../features/team/pages/AcceptTeamInvitationPage'),
  },

  // Not in the spec: the local stand-in for Stripe Checkout, where the sandbox's checkout URLs lead.
  {
    path: '/sandbox/checkout/:sessionId',
    access: 'public',
    page: () => import('../features/billing/pages/SandboxCheckoutPage'),
  },
];

/** Where the spec sends any unknown path. */
export const UNKNOWN_PATH_TARGET = '/dashboard';

/**
 * The rows the router serves: a screen that exists, or a redirect to one, at an access level the
 * guards can apply (`canServe`, from guards.tsx).
 */
export function servedRoutes(
  table: readonly AppRoute[],
  canServe: (access: AccessLevel) => boolean,
): AppRoute[] {
  const screens = table.filter((row) => row.page !== undefined && canServe(row.access));
  const screenPaths = new Set(screens.map((row) => row.path));
  return table.filter(
    (row) =>
      screenPaths.has(row.path) ||
      (row.redirectTo !== undefined && canServe(row.access) && screenPaths.has(row.redirectTo)),
  );
}

/**
 * Where an unknown path goes. The spec says /dashboard; until that screen is served, redirecting
 * there would land on another unknown path (a loop), so the rule falls back to the first served
 * screen in table order that needs no parameters.
 */
export function unknownPathTarget(served: readonly AppRoute[]): string {
  const screens = served.filter((row) => row.page !== undefined && !row.path.includes(':'));
  const target = screens.find((row) => row.path === UNKNOWN_PATH_TARGET) ?? screens[0];
  if (!target) throw new Error('The route table serves no screen to send an unknown path to');
  return target.path;
}
