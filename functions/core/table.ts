/**
 * The single table: its definition (read by the CDK data stack and by the local cloud, so both
 * create the very same table) and every key the app writes. No other file builds a key.
 *
 * Generic attribute names keep the table open to new entities without a migration. Every user-owned
 * key starts with the owner (`USER#<id>`), so a query on a request path can only see its owner's items.
 * A workspace's id is its owner's user id (README glossary), so a workspace's items (connections,
 * automations, jobs, leads, budgets, ledgers, flows' prospects, usage) live under `USER#<workspaceId>`:
 * the keys below name that id `workspaceId`, and `userId` only where the item is the user's own.
 *
 * Access patterns
 * | #  | pattern                                         | index | key condition                                   |
 * |----|-------------------------------------------------|-------|-------------------------------------------------|
 * | 1  | a WebSocket socket by its id                     | table | pk = SOCKET#<socketId>, sk = SOCKET              |
 * | 2  | the sockets subscribed to one job of a workspace | table | pk = USER#<ownerId>, sk begins_with JOBSUB#<job># |
 * | 3  | (retired: leads live per automation, 25-27)     |       |                                                   |
 * | 4  | rate-limit buckets of a subject in a window     | table | pk = RATE#<subject>, sk BETWEEN <bucket starts>   |
 * | 5  | the health probe's read (never written)         | table | pk = HEALTH, sk = HEALTH                          |
 * | 6  | a user by id                                    | table | pk = USER#<id>, sk = PROFILE                      |
 * | 7  | a user id by e-mail (unique)                    | table | pk = EMAIL#<lower-case e-mail>, sk = EMAIL         |
 * | 8  | a user id by username (unique, any case)        | table | pk = USERNAME#<lower-case name>, sk = USERNAME     |
 * | 9  | one session (refresh-token family) of a user    | table | pk = USER#<id>, sk = SESSION#<family id>           |
 * | 10 | all sessions of a user                          | table | pk = USER#<id>, sk begins_with SESSION#            |
 * | 11 | everything a user owns (account deletion)       | table | pk = USER#<id>                                     |
 * | 12 | a one-time token (verify / reset) by its hash   | table | pk = TOKEN#<sha-256>, sk = TOKEN                   |
 * | 12b| the one-time tokens of a user (account deletion)| table | pk = USER#<id>, sk begins_with TOKEN#              |
 * | 13 | a checkout session of the payment sandbox       | table | pk = CHECKOUT#<id>, sk = CHECKOUT                  |
 * | 14 | a processed payment event (idempotency)         | table | pk = PAYMENT-EVENT#<id>, sk = PAYMENT-EVENT        |
 * | 15 | one catalogue template (trob) by id             | table | pk = CATALOG, sk = TEMPLATE#<id>                   |
 * | 16 | the whole catalogue (list, popular, seed)       | table | pk = CATALOG, sk begins_with TEMPLATE#             |
 * | 17 | one platform connection of a workspace          | table | pk = USER#<workspaceId>, sk = PLATFORM#<connectionId> |
 * | 18 | all platform connections of a workspace         | table | pk = USER#<workspaceId>, sk begins_with PLATFORM#   |
 * | 19 | one automation (trob or flow) of a workspace    | table | pk = USER#<workspaceId>, sk = AUTOMATION#<automationId> |
 * | 20 | all automations of a workspace (list, limit, stats) | table | pk = USER#<workspaceId>, sk begins_with AUTOMATION# |
 * | 21 | the start guard of a workspace (one start at a time) | table | pk = USER#<workspaceId>, sk = AUTOMATION-GUARD |
 * | 22 | automations stored but not yet on the run queue | gsi1  | gsi1pk = AUTOMATION-UNSENT, gsi1sk = <createdAt>#<workspaceId>#<id> |
 * | 23 | the open WebSocket sockets of a user's session   | table | pk = USER#<id>, sk begins_with SOCKET#<session>#    |
 * | 24 | all open WebSocket sockets of a user             | table | pk = USER#<id>, sk begins_with SOCKET#              |
 * | 25 | one lead of an automation (by profile id)        | table | pk = USER#<workspaceId>#LEADS#<automationId>, sk = LEAD#<profileId> |
 * | 26 | a page of an automation's leads                  | table | pk = USER#<workspaceId>#LEADS#<automationId>, sk begins_with LEAD# |
 * | 27 | (retired: no longer written; old items are purged with the account) | table | pk = USER#<workspaceId>#SEEN#<platform> |
 * | 28 | an action budget counter of a connected account  | table | pk = USER#<workspaceId>#BUDGET#<connectionId>, sk = <action>#<D|W>#<period> |
 * | 29 | a workspace's monthly profile usage (DECISIONS 22) | table | pk = USER#<workspaceId>#USAGE, sk = MONTH#<yyyy-mm> |
 * | 30 | automations waiting for a worker (queue status)  | gsi2  | gsi2pk = RUN-QUEUE#<waiting|running>, gsi2sk = <since>#<workspaceId>#<id> |
 * | 31 | a workspace's jobs, newest first (GET /api/jobs) | table | pk = USER#<workspaceId>#JOBS, sk = JOB#<createdAt>#<jobId> |
 * | 31b| one job: its running state (lease, segment, cursor, progress), by its automation's pointer | table | pk = USER#<workspaceId>#JOBS, sk = JOB#<jobCreatedAt>#<jobId> |
 * | 32 | one automation's jobs, newest first (Runs card)  | gsi1  | gsi1pk = USER#<workspaceId>#JOBS#<automationId>, gsi1sk = <createdAt>#<jobId> |
 * | 33 | the lead count shards of an automation           | table | pk = USER#<workspaceId>#LEADS#<automationId>, sk begins_with COUNT# |
 * | 34 | one person of a connected account's contact ledger | table | pk = USER#<workspaceId>#LEDGER#<connectionId>, sk = PERSON#<personId> |
 * | 35 | one write of a connected account (idempotency key) | table | pk = USER#<workspaceId>#LEDGER#<connectionId>, sk = WRITE#<key> |
 * | 36 | one prospect of a flow (by person id)            | table | pk = USER#<workspaceId>#PROSPECTS#<flowId>, sk = PROSPECT#<personId> |
 * | 37 | a flow's prospects                               | table | pk = USER#<workspaceId>#PROSPECTS#<flowId>, sk begins_with PROSPECT# |
 * | 38 | a flow's activities, newest first                | table | pk = USER#<workspaceId>#PROSPECTS#<flowId>, sk begins_with ACTIVITY# (descending) |
 * | 39 | a flow's counts of one day (its time zone's)     | table | pk = USER#<workspaceId>#PROSPECTS#<flowId>, sk = DAY#<yyyy-mm-dd> (BETWEEN for a period) |
 * | 40 | a flow's counts of all time                      | table | pk = USER#<workspaceId>#PROSPECTS#<flowId>, sk = TOTALS |
 * | 41 | a team's seats taken (members and pending invitations) | table | pk = USER#<owner>, sk = TEAM            |
 * | 42 | a team's members                                 | table | pk = USER#<owner>, sk begins_with MEMBER#         |
 * | 43 | a team's pending invitations                     | table | pk = USER#<owner>, sk begins_with INVITE#         |
 * | 44 | one address invited to a team (one pending each) | table | pk = USER#<owner>, sk = INVITED#<lower-case e-mail> |
 * | 45 | an invitation by its link's token hash           | table | pk = TEAM-INVITE#<sha-256>, sk = TEAM-INVITE     |
 * | 46 | the workspaces a person is a member of           | table | pk = USER#<member>, sk begins_with WORKSPACE#     |
 * | 47 | a workspace's brand (white label, DECISIONS 32)  | table | pk = USER#<owner>, sk = BRAND                     |
 * | 48 | when a connected account's warm-up started       | table | pk = USER#<workspaceId>#BUDGET#<connectionId>, sk = WARMUP |
 * | 49 | a connected account's adapted invitation budget  | table | pk = USER#<workspaceId>#BUDGET#<connectionId>, sk = ADAPT#invitations |
 * | 50 | a flow's review queue (intents waiting, approved) | table | pk = USER#<workspaceId>#PROSPECTS#<flowId>, sk begins_with REVIEW# |
 * | 51 | a flow's review counts (the approval streak)     | table | pk = USER#<workspaceId>#PROSPECTS#<flowId>, sk = REVIEW-STATE |
 * | 52 | one mail job's send (sent at most once, by job id) | table | pk = MAIL-JOB#<jobId>, sk = MAIL-JOB           |
 * | 53 | writes open (taken, performing), by lease end     | gsi2  | gsi2pk = OPEN-WRITES, gsi2sk = <leaseUntil>#<workspaceId>#<connectionId>#<key> |
 * | 54 | a connected account's audience count for a targeting (10 min) | table | pk = USER#<workspaceId>#BUDGET#<connectionId>, sk = AUDIENCE#<sha-256 of the facets> |
 * | 55 | a workspace's API keys (name, prefix, scopes, last use) | table | pk = USER#<owner>, sk begins_with APIKEY#      |
 * | 56 | how many API keys a workspace holds              | table | pk = USER#<owner>, sk = APIKEYS                   |
 * | 57 | an API key by the SHA-256 of its secret          | table | pk = API-KEY#<sha-256>, sk = API-KEY              |
 *
 * Starting an automation checks the running count and writes the automation in one transaction with
 * a version bump of the workspace's start guard (conditional on the version read), so two starts at once
 * cannot both pass the plan limit. An automation carries the gsi1 keys until its run message is on
 * the queue; a sweep re-sends what is still there, so a failed send loses no automation.
 *
 * A connection's id is a hash of (user, platform, account id), so a re-sync of the same account lands
 * on the same item (an upsert) without a lookup item; the user in the hash keeps ids unlinkable across
 * users who connect the same account.
 *
 * The catalogue is the one partition no user owns: it is written only by the seed step (from code,
 * functions/catalog/catalogue.ts) and by the usage counter, and every signed-in user reads the same.
 * It stays small (tens of items), so reading the partition on a request is one page.
 *
 * Leads, the profiles a user already has, budget counters and usage live in partitions of their own
 * (owner first, then the parent), never in the user's main partition that every request reads: a job
 * writes thousands of them. New leads are counted in the same transaction that creates them, on one of
 * a few count shards in the leads partition (so two batches in flight never write the same item);
 * the automation's `totalLeads` is what its job counted at its last checkpoint, made exact from the
 * shards at the next claim (functions/leads/lead-count.ts). The shards sort before `LEAD#`.
 *
 * Later issues add their rows here (users by e-mail on gsi1, automations by status on gsi1, ...).
 */
export interface TableAttribute {
  readonly name: string;
  readonly type: 'S' | 'N';
}

export interface GlobalIndexDefinition {
  readonly indexName: string;
  readonly partitionKey: TableAttribute;
  readonly sortKey: TableAttribute;
}

export interface TableDefinition {
  readonly partitionKey: TableAttribute;
  readonly sortKey: TableAttribute;
  readonly globalIndexes: readonly GlobalIndexDefinition[];
  /** Items carrying this attribute (epoch seconds) expire on their own. */
  readonly timeToLiveAttribute: string;
}

export const tableDefinition: TableDefinition = {
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  globalIndexes: [
    {
      indexName: 'gsi1',
      partitionKey: { name: 'gsi1pk', type: 'S' },
      sortKey: { name: 'gsi1sk', type: 'S' },
    },
    {
      indexName: 'gsi2',
      partitionKey: { name: 'gsi2pk', type: 'S' },
      sortKey: { name: 'gsi2sk', type: 'S' },
    },
  ],
  timeToLiveAttribute: 'expiresAt',
};

/** The base name of the table; each stage prefixes it (`<stage>-trobly`). */
export const tableBaseName = 'trobly';

export interface ItemKey {
  pk: string;
  sk: string;
}

/**
 * The partition of a user's own items (profile, sessions, sockets, one-time tokens) and of the workspace
 * the user owns: a workspace's id is its owner's user id (README glossary), so both are `USER#<id>`.
 */
const user = (id: string) => `USER#${id}`;

export const keys = {
  user: (userId: string): ItemKey => ({ pk: user(userId), sk: 'PROFILE' }),
  userPartition: (userId: string) => user(userId),
  email: (email: string): ItemKey => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' }),
  username: (name: string): ItemKey => ({ pk: `USERNAME#${name.toLowerCase()}`, sk: 'USERNAME' }),
  session: (userId: string, familyId: string): ItemKey => ({ pk: user(userId), sk: `SESSION#${familyId}` }),
  sessionsPrefix: (userId: string) => ({ pk: user(userId), skPrefix: 'SESSION#' }),
  oneTimeToken: (tokenHash: string): ItemKey => ({ pk: `TOKEN#${tokenHash}`, sk: 'TOKEN' }),
  userOneTimeToken: (userId: string, tokenHash: string): ItemKey => ({
    pk: user(userId),
    sk: `TOKEN#${tokenHash}`,
  }),
  userOneTimeTokenPrefix: 'TOKEN#',
  checkoutSession: (id: string): ItemKey => ({ pk: `CHECKOUT#${id}`, sk: 'CHECKOUT' }),
  paymentEvent: (id: string): ItemKey => ({ pk: `PAYMENT-EVENT#${id}`, sk: 'PAYMENT-EVENT' }),
  /**
   * A mail job's send (functions/auth/mail-send-repository.ts): no owner in the key, as the job names an
   * address that may have no account; the job id is random, and the item expires.
   */
  mailJob: (jobId: string): ItemKey => ({ pk: `MAIL-JOB#${jobId}`, sk: 'MAIL-JOB' }),
  catalogTemplate: (id: string): ItemKey => ({ pk: 'CATALOG', sk: `TEMPLATE#${id}` }),
  catalogTemplatesPrefix: () => ({ pk: 'CATALOG', skPrefix: 'TEMPLATE#' }),
  healthProbe: (): ItemKey => ({ pk: 'HEALTH', sk: 'HEALTH' }),
  /** A WebSocket (API Gateway's connection; 'connection' in this app means a platform account). */
  socket: (socketId: string): ItemKey => ({ pk: `SOCKET#${socketId}`, sk: 'SOCKET' }),
  /** A user's pointer to one of its sockets, so ending a session can close the sockets it opened. */
  userSocket: (userId: string, sessionId: string, socketId: string): ItemKey => ({
    pk: user(userId),
    sk: `SOCKET#${sessionId}#${socketId}`,
  }),
  userSocketsPrefix: (userId: string, sessionId?: string) => ({
    pk: user(userId),
    skPrefix: sessionId ? `SOCKET#${sessionId}#` : 'SOCKET#',
  }),
  /** In the job's workspace (its owner's partition): a member's sockets subscribe there too. */
  jobSubscription: (workspaceId: string, jobId: string, socketId: string): ItemKey => ({
    pk: user(workspaceId),
    sk: `JOBSUB#${jobId}#${socketId}`,
  }),
  jobSubscriptionsPrefix: (workspaceId: string, jobId: string) => ({
    pk: user(workspaceId),
    skPrefix: `JOBSUB#${jobId}#`,
  }),
  platformConnection: (workspaceId: string, connectionId: string): ItemKey => ({
    pk: user(workspaceId),
    sk: `PLATFORM#${connectionId}`,
  }),
  platformConnectionsPrefix: (workspaceId: string) => ({ pk: user(workspaceId), skPrefix: 'PLATFORM#' }),
  automation: (workspaceId: string, automationId: string): ItemKey => ({
    pk: user(workspaceId),
    sk: `AUTOMATION#${automationId}`,
  }),
  automationsPrefix: (workspaceId: string) => ({ pk: user(workspaceId), skPrefix: 'AUTOMATION#' }),
  automationStartGuard: (workspaceId: string): ItemKey => ({ pk: user(workspaceId), sk: 'AUTOMATION-GUARD' }),
  unsentAutomations: { index: 'gsi1', pk: 'AUTOMATION-UNSENT' },
  unsentAutomationSort: (createdAt: string, workspaceId: string, automationId: string) =>
    `${createdAt}#${workspaceId}#${automationId}`,
  automationLeadsPartition: (workspaceId: string, automationId: string) =>
    `${user(workspaceId)}#LEADS#${automationId}`,
  lead: (workspaceId: string, automationId: string, profileId: string): ItemKey => ({
    pk: `${user(workspaceId)}#LEADS#${automationId}`,
    sk: `LEAD#${profileId}`,
  }),
  leadSortPrefix: 'LEAD#',
  leadCountShard: (workspaceId: string, automationId: string, shard: number): ItemKey => ({
    pk: `${user(workspaceId)}#LEADS#${automationId}`,
    sk: `COUNT#${shard}`,
  }),
  leadCountPrefix: 'COUNT#',
  /** Retired (issue 19 point 10): no longer written; what earlier versions wrote is purged with the account. */
  seenProfilesPartition: (workspaceId: string, platform: string) => `${user(workspaceId)}#SEEN#${platform}`,
  budgetCounter: (
    workspaceId: string,
    connectionId: string,
    action: string,
    window: 'D' | 'W',
    period: string,
  ): ItemKey => ({
    pk: `${user(workspaceId)}#BUDGET#${connectionId}`,
    sk: `${action}#${window}#${period}`,
  }),
  /** When a connected account first took a write action: the start of its warm-up (issue 23 point 3). */
  warmUp: (workspaceId: string, connectionId: string): ItemKey => ({
    pk: `${user(workspaceId)}#BUDGET#${connectionId}`,
    sk: 'WARMUP',
  }),
  /** A connected account's invitation budget while it adapts (issue 23 point 5). */
  invitationLimit: (workspaceId: string, connectionId: string): ItemKey => ({
    pk: `${user(workspaceId)}#BUDGET#${connectionId}`,
    sk: 'ADAPT#invitations',
  }),
  /**
   * The wizard's audience preview (issue 36 point 2): the platform's count for one targeting's facets
   * (their hash), kept 10 minutes beside the account's budget counters (purged with them), so going back
   * to an earlier audience costs no search. Read by key only; the item expires (and reads check it).
   */
  audienceCount: (workspaceId: string, connectionId: string, facetsHash: string): ItemKey => ({
    pk: `${user(workspaceId)}#BUDGET#${connectionId}`,
    sk: `AUDIENCE#${facetsHash}`,
  }),
  budgetPartition: (workspaceId: string, connectionId: string) =>
    `${user(workspaceId)}#BUDGET#${connectionId}`,
  /** A connected account's contact ledger (issue 20): every flow and trob of the account shares it. */
  ledgerPartition: (workspaceId: string, connectionId: string) =>
    `${user(workspaceId)}#LEDGER#${connectionId}`,
  ledgerPerson: (workspaceId: string, connectionId: string, personId: string): ItemKey => ({
    pk: `${user(workspaceId)}#LEDGER#${connectionId}`,
    sk: `PERSON#${personId}`,
  }),
  prospectsPartition: (workspaceId: string, flowId: string) => `${user(workspaceId)}#PROSPECTS#${flowId}`,
  prospect: (workspaceId: string, flowId: string, personId: string): ItemKey => ({
    pk: `${user(workspaceId)}#PROSPECTS#${flowId}`,
    sk: `PROSPECT#${personId}`,
  }),
  prospectSortPrefix: 'PROSPECT#',
  /** A flow's activities share its prospects' partition (purged with it), sorted by time. */
  flowActivitiesPartition: (workspaceId: string, flowId: string) =>
    `${user(workspaceId)}#PROSPECTS#${flowId}`,
  flowActivity: (workspaceId: string, flowId: string, at: string, id: string): ItemKey => ({
    pk: `${user(workspaceId)}#PROSPECTS#${flowId}`,
    sk: `ACTIVITY#${at}#${id}`,
  }),
  flowActivityPrefix: 'ACTIVITY#',
  /** An intent of the flow in its review queue (issue 23), by its write's idempotency key. */
  reviewItem: (workspaceId: string, flowId: string, writeKey: string): ItemKey => ({
    pk: `${user(workspaceId)}#PROSPECTS#${flowId}`,
    sk: `REVIEW#${writeKey}`,
  }),
  reviewItemPrefix: 'REVIEW#',
  /** The flow's review counts: approvals in a row without an edit (the Autopilot offer). */
  reviewState: (workspaceId: string, flowId: string): ItemKey => ({
    pk: `${user(workspaceId)}#PROSPECTS#${flowId}`,
    sk: 'REVIEW-STATE',
  }),
  /** A flow's counts of one day in its own time zone, kept as things happen (issue 21's analytics). */
  flowDay: (workspaceId: string, flowId: string, day: string): ItemKey => ({
    pk: `${user(workspaceId)}#PROSPECTS#${flowId}`,
    sk: `DAY#${day}`,
  }),
  flowDayPrefix: 'DAY#',
  /** The same counts over the flow's whole life (the activity feed's totals). */
  flowTotals: (workspaceId: string, flowId: string): ItemKey => ({
    pk: `${user(workspaceId)}#PROSPECTS#${flowId}`,
    sk: 'TOTALS',
  }),
  ledgerWrite: (workspaceId: string, connectionId: string, key: string): ItemKey => ({
    pk: `${user(workspaceId)}#LEDGER#${connectionId}`,
    sk: `WRITE#${key}`,
  }),
  /**
   * Writes taken or performing (issue 35 point 1), sorted by when their lease ends: those before now were
   * left by a worker that stopped, for the next run of their flow or the sweep to settle. Few at any time
   * (a write is open for seconds), so one partition serves every account.
   */
  openWrites: { index: 'gsi2', pk: 'OPEN-WRITES' },
  openWriteSort: (leaseUntil: string, workspaceId: string, connectionId: string, key: string) =>
    `${leaseUntil}#${workspaceId}#${connectionId}#${key}`,
  /**
   * The account of a ledger partition (`ledgerPartition`), read back from an item's key, in the shape
   * of a ledger account.
   */
  ledgerAccountOf: (pk: string): { workspaceId: string; connectionId: string } | undefined => {
    const match = /^USER#([^#]+)#LEDGER#([^#]+)$/.exec(pk);
    return match ? { workspaceId: match[1]!, connectionId: match[2]! } : undefined;
  },
  monthlyUsage: (workspaceId: string, month: string): ItemKey => ({
    pk: `${user(workspaceId)}#USAGE`,
    sk: `MONTH#${month}`,
  }),
  usagePartition: (workspaceId: string) => `${user(workspaceId)}#USAGE`,
  runQueue: { index: 'gsi2', waiting: 'RUN-QUEUE#waiting', running: 'RUN-QUEUE#running' },
  /** A job (DECISIONS 23): one run of an automation, kept after it ends; found again by its start time. */
  job: (workspaceId: string, createdAt: string, jobId: string): ItemKey => ({
    pk: `${user(workspaceId)}#JOBS`,
    sk: `JOB#${createdAt}#${jobId}`,
  }),
  jobsPartition: (workspaceId: string) => `${user(workspaceId)}#JOBS`,
  jobSortPrefix: 'JOB#',
  automationJobs: { index: 'gsi1' },
  automationJobsIndexKey: (workspaceId: string, automationId: string, createdAt: string, jobId: string) => ({
    gsi1pk: `${user(workspaceId)}#JOBS#${automationId}`,
    gsi1sk: `${createdAt}#${jobId}`,
  }),
  automationJobsPartition: (workspaceId: string, automationId: string) =>
    `${user(workspaceId)}#JOBS#${automationId}`,
  runQueueSort: (since: string, workspaceId: string, automationId: string) =>
    `${since}#${workspaceId}#${automationId}`,
  /**
   * Teams (DECISIONS 31): the workspace is its owner's (its id is the owner's user id), so its team
   * lives in the owner's partition and goes with the owner's account; a member's side of it (the
   * workspaces they may switch to) lives in theirs. The workspace a person used last (DECISIONS 34),
   * which their next sign-in resumes, is an attribute of their profile item (row 6), no key of its own.
   */
  teamSeats: (ownerId: string): ItemKey => ({ pk: user(ownerId), sk: 'TEAM' }),
  teamMember: (ownerId: string, memberId: string): ItemKey => ({
    pk: user(ownerId),
    sk: `MEMBER#${memberId}`,
  }),
  teamMemberPrefix: 'MEMBER#',
  teamInvitation: (ownerId: string, invitationId: string): ItemKey => ({
    pk: user(ownerId),
    sk: `INVITE#${invitationId}`,
  }),
  teamInvitationPrefix: 'INVITE#',
  teamInvitedEmail: (ownerId: string, email: string): ItemKey => ({
    pk: user(ownerId),
    sk: `INVITED#${email.toLowerCase()}`,
  }),
  teamInvitationToken: (tokenHash: string): ItemKey => ({
    pk: `TEAM-INVITE#${tokenHash}`,
    sk: 'TEAM-INVITE',
  }),
  membership: (memberId: string, ownerId: string): ItemKey => ({
    pk: user(memberId),
    sk: `WORKSPACE#${ownerId}`,
  }),
  membershipPrefix: 'WORKSPACE#',
  /**
   * The workspace's brand (DECISIONS 32): one item with the logo's bytes (at most 200 KB, well inside
   * DynamoDB's 400 KB). In the owner's partition, read by key only, so no request that queries the
   * partition by a prefix reads it, and it goes with the owner's account.
   */
  brand: (ownerId: string): ItemKey => ({ pk: user(ownerId), sk: 'BRAND' }),
  /**
   * API keys (issue 39): the workspace's list of them (never the secret, only its hash, which names the
   * lookup item), the count that caps them, and the lookup by the secret's SHA-256 that the auth hook
   * reads. A key's secret is 30 random bytes, so a plain hash is as hard to reverse as the secret.
   */
  apiKey: (ownerId: string, keyId: string): ItemKey => ({ pk: user(ownerId), sk: `APIKEY#${keyId}` }),
  apiKeyPrefix: 'APIKEY#',
  apiKeyCount: (ownerId: string): ItemKey => ({ pk: user(ownerId), sk: 'APIKEYS' }),
  apiKeySecret: (secretHash: string): ItemKey => ({ pk: `API-KEY#${secretHash}`, sk: 'API-KEY' }),
  /** Zero-padded, so the sort key's string order is time order in a query over a window's buckets. */
  rateBucket: (subject: string, bucketStart: number): ItemKey => ({
    pk: `RATE#${subject}`,
    sk: String(bucketStart).padStart(12, '0'),
  }),
} as const;

/** Epoch seconds, for the TTL attribute. */
export const expiresAfter = (seconds: number, now = Date.now()): number => Math.floor(now / 1000) + seconds;
