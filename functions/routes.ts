/**
 * THE route table. Data only: CDK creates one Lambda function and one API route per row
 * (lib/api-stack.ts, lib/web-stack.ts), the local gateway serves the same rows
 * (scripts/local-cloud/http-gateway.ts), and test/infra checks every row has a route and a handler.
 *
 * `handler` names `functions/<handler>.handler.ts`, which exports `handler`.
 * `auth`: 'public' (anyone), 'user' (signed in), 'verified' (signed in with a verified e-mail).
 * `stream`: served as server-sent events from a RESPONSE_STREAM function URL instead of the HTTP API.
 * `localOnly`: served by the local gateway, never deployed (`deployedHttpRoutes` is what CDK reads).
 */
import { apiKeyRoutes } from './api-key-routes';
import { flowCatalogueRoutes, flowRoutes } from './flow-routes';
import type { HttpRoute, WebSocketRoute } from './route-types';
import { teamRoutes } from './team-routes';

export type * from './route-types';

export const httpRoutes: readonly HttpRoute[] = [
  {
    method: 'GET',
    path: '/api/health',
    handler: 'health/get-health',
    auth: 'public',
    table: 'read',
    // Reads the queue's attributes to prove it answers; it never sends.
    needs: ['queue-probe:trob-runs'],
  },
  // Accounts (spec part 1 sections 2.3-2.7, 5, 7; DECISIONS 19)
  {
    method: 'POST',
    path: '/api/auth/register',
    handler: 'auth/register',
    auth: 'public',
    table: 'write',
    needs: ['queue:mail'],
  },
  {
    method: 'POST',
    path: '/api/auth/verify-email',
    handler: 'auth/verify-email',
    auth: 'public',
    table: 'write',
  },
  {
    method: 'POST',
    path: '/api/auth/resend-verification',
    handler: 'auth/resend-verification',
    auth: 'public',
    table: 'write',
    needs: ['queue:mail'],
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    handler: 'auth/login',
    auth: 'public',
    table: 'write',
    needs: ['auth-secret'],
  },
  {
    method: 'POST',
    path: '/api/auth/refresh',
    handler: 'auth/refresh',
    auth: 'public',
    table: 'write',
    needs: ['auth-secret', 'realtime-push'],
  },
  // Routes that end sessions close the sockets those sessions opened ('realtime-push').
  {
    method: 'POST',
    path: '/api/auth/logout',
    handler: 'auth/logout',
    auth: 'user',
    table: 'write',
    needs: ['realtime-push'],
    anyWorkspace: true,
  },
  {
    method: 'GET',
    path: '/api/auth/me',
    handler: 'auth/me',
    auth: 'user',
    table: 'read',
    anyWorkspace: true,
  },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    handler: 'auth/forgot-password',
    auth: 'public',
    table: 'write',
    needs: ['queue:mail'],
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    handler: 'auth/reset-password',
    auth: 'public',
    table: 'write',
    needs: ['realtime-push'],
  },
  {
    method: 'PUT',
    path: '/api/users/profile',
    handler: 'account/update-profile',
    auth: 'user',
    table: 'write',
  },
  {
    method: 'POST',
    path: '/api/users/change-password',
    handler: 'account/change-password',
    auth: 'user',
    table: 'write',
    needs: ['realtime-push'],
  },
  { method: 'GET', path: '/api/users/usage', handler: 'account/usage', auth: 'user', table: 'read' },
  {
    method: 'DELETE',
    path: '/api/users/account',
    handler: 'account/delete-account',
    auth: 'user',
    table: 'write',
    // The members of a deleted owner's workspace are told by e-mail.
    needs: ['queue:purge', 'mail'],
  },
  // Trob catalogue (spec 2.9, 2.10, 3, 7). The literal `meta` segment wins over {id} (as on API Gateway).
  { method: 'GET', path: '/api/templates', handler: 'catalog/list-templates', auth: 'user', table: 'read' },
  {
    method: 'GET',
    path: '/api/templates/meta/popular',
    handler: 'catalog/popular-templates',
    auth: 'user',
    table: 'read',
  },
  {
    method: 'GET',
    path: '/api/templates/{id}',
    handler: 'catalog/get-template',
    auth: 'user',
    table: 'read',
  },
  ...flowCatalogueRoutes,
  // Billing (spec 2.13, 7, 9)
  {
    method: 'POST',
    path: '/api/billing/start-trial',
    handler: 'billing/start-trial',
    auth: 'user',
    table: 'write',
    ownerOnly: true,
  },
  {
    method: 'POST',
    path: '/api/billing/create-checkout-session',
    handler: 'billing/create-checkout-session',
    auth: 'user',
    table: 'write',
    ownerOnly: true,
    needs: ['payments'],
  },
  {
    method: 'POST',
    path: '/api/billing/webhook',
    handler: 'billing/payment-webhook',
    auth: 'public',
    table: 'write',
    needs: ['payments'],
  },
  // The local payment sandbox behind the checkout URL (local cloud only; 404 unless payments run in sandbox mode).
  {
    method: 'GET',
    path: '/api/billing/sandbox/{sessionId}',
    handler: 'billing/sandbox-session',
    auth: 'public',
    table: 'read',
    localOnly: true,
  },
  {
    method: 'POST',
    path: '/api/billing/sandbox/{sessionId}/complete',
    handler: 'billing/sandbox-complete',
    auth: 'public',
    table: 'write',
    needs: ['payments'],
    localOnly: true,
    // Completing the sandbox's payment delivers the event the webhook route handles.
    runsAs: 'billing/payment-webhook',
  },
  // Platform connections (spec 2.11, 3, 4, 7, 8; DESIGN 5). /platforms needs a verified e-mail.
  {
    method: 'GET',
    path: '/api/users/platforms',
    handler: 'connections/list-platforms',
    auth: 'verified',
    table: 'read',
  },
  {
    method: 'GET',
    path: '/api/users/platform-connections/{platform}',
    handler: 'connections/check-platform-connection',
    auth: 'verified',
    table: 'read',
  },
  {
    method: 'DELETE',
    path: '/api/users/platforms/{id}',
    handler: 'connections/delete-platform',
    auth: 'verified',
    table: 'write',
  },
  // Tomorrow's plan of a connected account (issue 23 point 4): a dry run of its flows' next 24 hours.
  {
    method: 'GET',
    path: '/api/users/platforms/{id}/plan',
    handler: 'flows/get-account-plan',
    auth: 'verified',
    table: 'read',
  },
  {
    method: 'PUT',
    path: '/api/users/platforms/{id}/validate',
    handler: 'connections/validate-platform',
    auth: 'verified',
    table: 'write',
    needs: ['keys'],
  },
  {
    method: 'POST',
    path: '/api/users/platforms/sync',
    handler: 'connections/sync-platform',
    auth: 'verified',
    table: 'write',
    needs: ['keys'],
  },
  // The browser extension's pairing (issue 4): a session of its own for the extension, answered like login.
  {
    method: 'POST',
    path: '/api/users/extension/pair',
    handler: 'connections/pair-extension',
    auth: 'verified',
    table: 'write',
    needs: ['realtime-push'],
  },
  // 'Connect sandbox account' (local cloud only; 404 unless a sandbox site URL is configured).
  {
    method: 'POST',
    path: '/api/users/platforms/sandbox',
    handler: 'connections/sandbox-connect',
    auth: 'verified',
    table: 'write',
    needs: ['keys'],
    localOnly: true,
    // The sandbox's session is stored as the extension's sync stores one.
    runsAs: 'connections/sync-platform',
  },
  // Automations (spec part 1 sections 2.8, 5, 7; part 2 section 7; DECISIONS 2, 3, 20)
  {
    method: 'POST',
    path: '/api/automation/start',
    handler: 'automations/start-automation',
    auth: 'verified',
    table: 'write',
    keyScope: 'automations:run',
  },
  // The dashboard reads these, and it is open to signed-in users whose e-mail is not verified yet.
  {
    method: 'GET',
    path: '/api/automation',
    handler: 'automations/list-automations',
    auth: 'user',
    table: 'read',
    keyScope: 'leads:read',
  },
  {
    method: 'GET',
    path: '/api/automation/queue',
    handler: 'automations/automation-queue',
    auth: 'verified',
    table: 'read',
  },
  {
    method: 'POST',
    path: '/api/automation/{id}/pause',
    handler: 'automations/pause-automation',
    auth: 'verified',
    table: 'write',
    keyScope: 'automations:run',
    needs: ['scheduler'],
  },
  {
    method: 'GET',
    path: '/api/automation/leads/{jobId}',
    handler: 'leads/list-leads',
    auth: 'verified',
    table: 'read',
    keyScope: 'leads:read',
  },
  ...flowRoutes,
  ...teamRoutes,
  ...apiKeyRoutes,
  // Jobs (part 1 section 7; DECISIONS 23): one run of an automation each.
  {
    method: 'GET',
    path: '/api/jobs',
    handler: 'automations/list-jobs',
    auth: 'verified',
    table: 'read',
    keyScope: 'leads:read',
  },
  {
    method: 'POST',
    path: '/api/jobs',
    handler: 'automations/run-job',
    auth: 'verified',
    table: 'write',
    keyScope: 'automations:run',
  },
  {
    method: 'PUT',
    path: '/api/jobs/{jobId}',
    handler: 'automations/update-job',
    auth: 'verified',
    table: 'write',
    keyScope: 'automations:run',
    needs: ['scheduler'],
  },
  {
    method: 'GET',
    path: '/api/jobs/dashboard/stats',
    handler: 'automations/dashboard-stats',
    auth: 'user',
    table: 'read',
  },
  {
    method: 'POST',
    path: '/api/leads/ai-filter',
    handler: 'leads/ai-filter',
    auth: 'verified',
    table: 'read',
    stream: true,
    needs: ['ai-model'],
  },
];

/** The rows an AWS stage deploys: every row but the local cloud's own. */
export const deployedHttpRoutes: readonly HttpRoute[] = httpRoutes.filter((r) => !r.localOnly);

export const webSocketRoutes: readonly WebSocketRoute[] = [
  { route: '$connect', handler: 'realtime/connect', table: 'write' },
  { route: '$disconnect', handler: 'realtime/disconnect', table: 'write' },
  // Closes a socket whose session has ended.
  {
    route: 'subscribeToJobProgress',
    handler: 'realtime/subscribe-to-job-progress',
    table: 'write',
    needs: ['realtime-push'],
  },
];

/** The WebSocket route selection expression used by CDK and the local gateway alike. */
export const webSocketRouteSelection = '$request.body.action';

export const handlerFile = (handler: string): string => `functions/${handler}.handler.ts`;

/**
 * The row of the HTTP handler `functions/<handler>.handler.ts`: each handler hands its own row to its
 * wrapper (core/http-handler.ts, core/stream-handler.ts), which reads the auth level there.
 */
export function httpRoute(handler: string): HttpRoute {
  const row = httpRoutes.find((r) => r.handler === handler);
  if (!row) throw new Error(`No route-table row for the handler ${handler}`);
  return row;
}
