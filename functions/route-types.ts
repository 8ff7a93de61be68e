/** The shapes of the route table's rows (routes.ts): HTTP, streaming and WebSocket routes and their grants. */
import type { ApiKeyScope } from '../shared/api-key-texts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type AuthLevel = 'public' | 'user' | 'verified';
/**
 * A route's table access, granted as such (lib/grants.ts). Declared per row after reading its code path:
 * every signed-in route's auth hook only reads (session and user, BatchGetItem), so a row is 'read' when
 * its own code only reads too; anything that counts a rate limit, stores or deletes is 'write'.
 */
export type TableAccess = 'read' | 'write';

export interface HttpRoute {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/api/automation/{id}`. */
  readonly path: `/api/${string}`;
  readonly handler: string;
  readonly auth: AuthLevel;
  /** What the function may do with the table: 'read' gets read actions only, 'write' reads and writes. */
  readonly table: TableAccess;
  readonly stream?: true;
  /** Extra grants beyond table access; keeps each function's policy least-privilege. */
  readonly needs?: readonly Capability[];
  /**
   * Served by the local cloud only (the sandbox platforms, the local payment page): CDK never deploys the
   * row, so no AWS stage holds its route, function or grants, whatever its handler would answer there.
   */
  readonly localOnly?: true;
  /**
   * A local-only row that does what a deployed route's function does (the sandbox's connect is the
   * extension's sync; the payment page's completion is Stripe's webhook call): the local cloud runs it as
   * that function (its handler name), with its environment and role. Without it, a local-only row runs as
   * the local cloud itself, as the service outside the app it stands in for.
   */
  readonly runsAs?: string;
  /**
   * Served to a member whose team is suspended (the owner's plan dropped below PLUS; DECISIONS 31):
   * who they are, signing out and switching back to their own workspace. Every other signed-in route
   * refuses them with 403.
   */
  readonly anyWorkspace?: true;
  /**
   * An API key with this scope may call the route (issue 39): it acts in its workspace as the owner. A
   * row without one refuses every key (403), whatever its scopes: billing, the team, the brand, the
   * account and the keys themselves never serve one. The row's function also gets 'api-key-use'.
   */
  readonly keyScope?: ApiKeyScope;
  /** The workspace owner's only (billing, team, brand; DECISIONS 31): a member acting in it gets 403. */
  readonly ownerOnly?: true;
  /**
   * Drives the platform in Chromium within the request (the flow wizard's audience preview): its function
   * is bundled and sized like the Chromium workers (2 GB, x86_64, 1 GB of /tmp, @sparticuz/chromium
   * beside the bundle) with the HTTP API's whole 29 s (lib/api-stack.ts).
   */
  readonly chromium?: true;
}

/** What a function may touch besides reading and writing the table. */
export type Capability =
  | 'queue:trob-runs'
  | 'queue:flow-runs'
  /** Queues account e-mails; the mail worker sends them ('mail'). */
  | 'queue:mail'
  /** Empties a deleted account's partitions off the request (functions/account/partition-purge.ts). */
  | 'queue:purge'
  /** sqs:GetQueueAttributes on one queue, no send: the health check's queue probe. */
  | 'queue-probe:trob-runs'
  /**
   * The queue's URL and sqs:ChangeMessageVisibility on it, no send: a consumer that sets when a failed
   * message comes back (the run worker; every run message is sent by the run dispatch).
   */
  | 'queue-retry:trob-runs'
  | 'queue-retry:flow-runs'
  | 'scheduler'
  | 'mail'
  | 'keys'
  | 'realtime-push'
  /**
   * dynamodb:UpdateItem on the table, for what an API key's request writes before its route runs: the
   * key's rate-limit count and its last use. Given to every row with a `keyScope` (lib/api-stack.ts), so a
   * read-only route that serves keys still reads only, but for those two counters.
   */
  | 'api-key-use'
  /** Signs access tokens (every signed-in route verifies them with the same secret). */
  | 'auth-secret'
  /** Stripe keys (API key, webhook secret) or the local sandbox. */
  | 'payments'
  /** Streams from the configured Bedrock model (the AI port's bedrock adapter). */
  | 'ai-model';

/** WebSocket API routes (DECISIONS 12). `route` is the API Gateway route key. */
export interface WebSocketRoute {
  readonly route: '$connect' | '$disconnect' | '$default' | string;
  readonly handler: string;
  readonly table: TableAccess;
  readonly needs?: readonly Capability[];
}
