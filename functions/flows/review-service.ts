import { FLOW_API_TEXTS } from '../../shared/flow-api';
import {
  AUTOPILOT_OFFER_STREAK,
  editProblem,
  REVIEW_EXPIRY_MS,
  REVIEW_TEXTS,
  type ReviewDecisionsResult,
  type ReviewItem,
  type ReviewMode,
  type ReviewQueue,
  reviewModeOf,
} from '../../shared/review';
import type { ReviewDecision } from '../../shared/review-requests';
import { MESSAGE_MAX_LENGTH } from '../ai/ai-outreach-rules';
import type { AuthUser } from '../core/auth';
import { NotFoundError, ValidationError } from '../core/errors';
import type { Logger } from '../core/logger';
import { findFlow, type StoredFlow, setFlowReviewMode } from './flow-repository';
import {
  approveEntry,
  closeReviewQueue,
  countDecisions,
  findReviewEntry,
  type ReviewCounts,
  type ReviewEntry,
  readReviewCounts,
  reviewEntries,
  settleEntry,
} from './review-repository';

/**
 * A flow's review queue for its owner's workspace (issue 23 point 1): what waits, the user's
 * decisions, and the review mode. Reading the queue expires what waited more than 7 days; a
 * decision on an item decided, sent or expired meanwhile changes nothing and answers 'gone'.
 */
export function createReviewService(deps: { log: Logger; now: () => Date }) {
  const { log, now } = deps;
  return { queue, decide, setMode };

  async function owned(authUser: AuthUser, flowId: string): Promise<StoredFlow> {
    const flow = await findFlow(authUser.workspaceId, flowId);
    if (!flow) throw new NotFoundError(FLOW_API_TEXTS.notFound);
    return flow;
  }

  async function queue(authUser: AuthUser, flowId: string): Promise<ReviewQueue> {
    const flow = await owned(authUser, flowId);
    const userId = authUser.workspaceId;
    const at = now();
    const notBefore = new Date(at.getTime() - REVIEW_EXPIRY_MS).toISOString();
    // A stopped flow's queue is closed (a write its last run recorded as it stopped expires here, as
    // the stop's did): nothing of it waits.
    let entries: ReviewEntry[] = [];
    if (flow.status === 'cancelled') await closeReviewQueue(userId, flowId, at.toISOString());
    else entries = await reviewEntries(userId, flowId);
    const waiting: ReviewEntry[] = [];
    let expired = 0;
    for (const entry of entries) {
      if (entry.state !== 'waiting') continue;
      if (entry.createdAt > notBefore) waiting.push(entry);
      else if (await settleEntry(userId, entry, 'expired', at.toISOString())) expired++;
    }
    const counts =
      expired > 0
        ? await countDecisions(userId, flowId, {
            approved: 0,
            edited: 0,
            skipped: 0,
            expired,
            streak: { add: 0 },
          })
        : await readReviewCounts(userId, flowId);
    if (expired > 0) log.info('review intents expired', { flowId, expired });
    const mode = reviewModeOf(flow.config as Parameters<typeof reviewModeOf>[0]);
    return {
      reviewMode: mode,
      items: waiting.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(itemOf),
      approvalStreak: counts.streak,
      offerAutopilot: offerOf(mode, counts),
    };
  }

  async function decide(
    authUser: AuthUser,
    flowId: string,
    decisions: ReviewDecision[],
  ): Promise<ReviewDecisionsResult> {
    const flow = await owned(authUser, flowId);
    const userId = authUser.workspaceId;
    const entries = await Promise.all(decisions.map((d) => findReviewEntry(userId, flowId, d.key)));
    // Every edit is checked before anything is decided: a bad text loses no decision of the batch.
    decisions.forEach((decision, i) => {
      const entry = entries[i];
      if (decision.action !== 'approve' || decision.text === undefined || !entry) return;
      if (entry.text === undefined) throw new ValidationError(REVIEW_TEXTS.noText);
      const problem = editProblem(decision.text, entry.maxLength ?? MESSAGE_MAX_LENGTH);
      if (problem) throw new ValidationError(problem, [{ path: `decisions.${i}.text`, message: problem }]);
    });
    const at = now();
    const notBefore = new Date(at.getTime() - REVIEW_EXPIRY_MS).toISOString();
    const results: ReviewDecisionsResult['results'] = [];
    const tally = { approved: 0, edited: 0, skipped: 0, expired: 0 };
    // Approvals as written since the batch's last edit; `edited` says whether the streak restarts.
    let sinceEdit = 0;
    let edited = false;
    for (const [i, decision] of decisions.entries()) {
      const entry = entries[i];
      if (entry?.state !== 'waiting') {
        results.push({ key: decision.key, outcome: 'gone' });
        continue;
      }
      if (decision.action === 'skip') {
        const skipped = await settleEntry(userId, entry, 'skipped', at.toISOString(), notBefore);
        results.push({ key: decision.key, outcome: skipped ? 'skipped' : 'gone' });
        if (skipped) tally.skipped++;
        continue;
      }
      const text = decision.text?.trim();
      const isEdit = text !== undefined && text !== entry.text?.trim();
      const approved = await approveEntry(userId, entry, {
        ...(isEdit ? { text } : {}),
        origin: isEdit ? 'edited' : 'approved',
        at: at.toISOString(),
        notBefore,
      });
      results.push({ key: decision.key, outcome: approved ? 'approved' : 'gone' });
      if (!approved) continue;
      if (isEdit) {
        tally.edited++;
        edited = true;
        sinceEdit = 0;
      } else {
        tally.approved++;
        sinceEdit++;
      }
    }
    const counts = await countDecisions(userId, flowId, {
      ...tally,
      // An edit restarts the count (issue 23): what follows the batch's last edit is the new streak.
      streak: edited ? { set: sinceEdit } : { add: sinceEdit },
    });
    log.info('review decisions', { flowId, ...tally });
    return {
      results,
      approvalStreak: counts.streak,
      offerAutopilot: offerOf(reviewModeOf(flow.config as Parameters<typeof reviewModeOf>[0]), counts),
    };
  }

  async function setMode(
    authUser: AuthUser,
    flowId: string,
    mode: ReviewMode,
  ): Promise<{ reviewMode: ReviewMode }> {
    await owned(authUser, flowId);
    if (!(await setFlowReviewMode(authUser.workspaceId, flowId, mode)))
      throw new NotFoundError(FLOW_API_TEXTS.notFound);
    log.info('review mode set', { flowId, mode });
    return { reviewMode: mode };
  }
}

/** The flow offers Autopilot once the streak reaches the mark, unless it is on Autopilot already. */
const offerOf = (mode: ReviewMode, counts: ReviewCounts) =>
  mode !== 'autopilot' && counts.streak >= AUTOPILOT_OFFER_STREAK;

function itemOf(entry: ReviewEntry): ReviewItem {
  return {
    key: entry.key,
    kind: entry.kind,
    ...(entry.text !== undefined ? { text: entry.text } : {}),
    ...(entry.maxLength !== undefined ? { maxLength: entry.maxLength } : {}),
    createdAt: entry.createdAt,
    expiresAt: new Date(Date.parse(entry.createdAt) + REVIEW_EXPIRY_MS).toISOString(),
    prospect: entry.prospect,
    ...(entry.post ? { post: entry.post } : {}),
  };
}
