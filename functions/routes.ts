/**
 * THE route table. Data only: CDK creates one Lambda function and one API route per row
 * (lib/api-stack.ts, lib/web-stack.ts), the local gateway serves the same rows
 * (scripts/local-cloud/http-gateway.ts), and test/infra checks every row has a route and a handler.
 *
 * `handler` names `functions/<handler>.handler.ts`, which exports `handler`.
 * `auth`: 'public' (anyone), 'user' (signed in), 'verified' (signed in with a verified e-mail).
 * `stream`: served as server-sent events from a RESPONSE_STREAM function URL instead of the HTTP API.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type AuthLevel = 'public' | 'user' | 'verified';

export interface HttpRoute {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/api/automation/{id}`. */
  readonly path: `/api/${string}`;
  readonly handler: string;
  readonly auth: AuthLevel;
  readonly stream?: true;
  /** Extra grants beyond table access; keeps each function's policy least-privilege. */
  readonly needs?: readonly Capability[];
}

/** What a function may touch besides reading and writing the table. */
export type Capability =
  | 'queue:trob-runs'
  | 'queue:flow-runs'
  | 'scheduler'
  | 'mail'
  | 'keys'
  | 'realtime-push';

export const httpRoutes: readonly HttpRoute[] = [
  {
    method: 'GET',
    path: '/api/health',
    handler: 'health/get-health',
    auth: 'public',
    needs: ['queue:trob-runs'],
  },
  {
    method: 'POST',
    path: '/api/leads/ai-filter',
    handler: 'leads/ai-filter',
    auth: 'verified',
    stream: true,
  },
];

/** WebSocket API routes (DECISIONS 12). `route` is the API Gateway route key. */
export interface WebSocketRoute {
  readonly route: '$connect' | '$disconnect' | '$default' | string;
  readonly handler: string;
  readonly needs?: readonly Capability[];
}

export const webSocketRoutes: readonly WebSocketRoute[] = [
  { route: '$connect', handler: 'realtime/connect' },
  { route: '$disconnect', handler: 'realtime/disconnect' },
  { route: 'subscribeToJobProgress', handler: 'realtime/subscribe-to-job-progress' },
];

/** The WebSocket route selection expression used by CDK and the local gateway alike. */
export const webSocketRouteSelection = '$request.body.action';

export const handlerFile = (handler: string): string => `functions/${handler}.handler.ts`;
