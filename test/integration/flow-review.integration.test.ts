import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../functions/core/clients/dynamo';
import { keys } from '../../functions/core/table';
import { recordReviewIntent } from '../../functions/flows/review-repository';
import { flowTemplates } from '../../functions/flows/templates/registry';
import { FREE_NOTES_PER_MONTH } from '../../functions/platforms/flow-driver-types';
import { budgetUsed } from '../../functions/safety/budget-repository';
import { periodsOf } from '../../functions/safety/governor';
import { AUTOPILOT_OFFER_STREAK, REVIEW_TEXTS, type ReviewItem } from '../../shared/review';
import type { TestUser } from '../support/api-client';
import { api, as, connectedUser, deliverFlowRuns, sandbox, startEngineSuite } from '../support/engine-suite';
import { newUser } from '../support/users';
import { markWarmedUp } from '../support/warm-up';

/**
 * Review before send (issue 23 point 1) through a flow's runs on the sandbox LinkedIn: the real
 * worker, real Chromium, DynamoDB Local and the local AI. A new flow reviews everything: its run
 * writes its notes, comments and messages and sends none; the user's approvals (as written or
 * edited) go at the next run with the text approved, skips never go, and nothing unapproved is ever
 * performed, also when the run's message is delivered twice.
 */
startEngineSuite();

const template = flowTemplates.find((t) => t.id === 'linkedin-thought-leader-warmup-flow')!;

async function items(pk: string): Promise<Record<string, unknown>[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

async function startFlow(user: TestUser, reviewMode?: 'everything' | 'texts', prospectsPerRun = 6) {
  const config = structuredClone(template.defaultConfig);
  config.executionSettings!.prospectsPerRun = prospectsPerRun;
  if (reviewMode) config.messagingSettings = { ...config.messagingSettings!, reviewMode };
  const res = await api.post('/api/flows', { templateId: template.id, config }, as(user));
  expect(res.status, res.text).toBe(201);
  return res.body.data.flow as { id: string; config: { messagingSettings: { reviewMode: string } } };
}

const queueOf = async (user: TestUser, flowId: string) => {
  const res = await api.get(`/api/flows/${flowId}/review`, as(user));
  expect(res.status, res.text).toBe(200);
  return res.body.data as {
    items: ReviewItem[];
    approvalStreak: number;
    offerAutopilot: boolean;
    reviewMode: string;
  };
};

const decide = (user: TestUser, flowId: string, decisions: unknown[]) =>
  api.post(`/api/flows/${flowId}/review`, { decisions }, as(user));

/** A note waiting for review, as a run of the flow records it. */
function waitingNote(account: { workspaceId: string; connectionId: string }, flowId: string, i: number) {
  const key = `invite:person-${i}`;
  const at = new Date(Date.now() - (30 - i) * 60_000).toISOString();
  const text = `Hi Person ${i}, your post on revenue operations made me think of our work with sales teams.`;
  return recordReviewIntent(
    account,
    { key, kind: 'invite', personId: `person-${i}`, flowId, jobId: `${flowId}.1`, text },
    {
      key,
      kind: 'invite',
      flowId,
      connectionId: account.connectionId,
      state: 'waiting',
      createdAt: at,
      text,
      maxLength: 300,
      prospect: {
        id: `person-${i}`,
        name: `Person ${i}`,
        aiScore: 80 - i,
        matchQuality: 'hot',
        matchReason: 'Leads sales',
      },
      target: { person: { id: `person-${i}`, name: `Person ${i}`, profileUrl: '' } },
    },
    at,
  );
}

const connectionOf = async (user: TestUser) =>
  (await api.get('/api/users/platforms', as(user))).body.data.platforms[0] as {
    id: string;
    timeZone?: string;
  };

describe('review before send', () => {
  it('holds every write of a new flow for review, sends what was approved next run with the approved text, never what was skipped', async () => {
    const ada = await connectedUser('PLUS');
    const flow = await startFlow(ada);
    expect(flow.config.messagingSettings.reviewMode).toBe('everything');
    await deliverFlowRuns(ada, { twice: true });

    const connection = await connectionOf(ada);
    const account = { workspaceId: ada.id, connectionId: connection.id };
    const today = periodsOf(new Date(), connection.timeZone ?? 'UTC');
    // Nothing went out: no write budget taken, no write done.
    for (const action of ['invitations', 'likes', 'comments', 'messages'] as const)
      expect((await budgetUsed(account, action, today)).daily, action).toBe(0);
    const writes = (await items(keys.ledgerPartition(ada.id, connection.id))).filter((i) =>
      String(i.sk).startsWith('WRITE#'),
    );
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes) expect(write).toMatchObject({ status: 'intent', approved: false });

    const queue = await queueOf(ada, flow.id);
    expect(queue).toMatchObject({ reviewMode: 'everything', approvalStreak: 0, offerAutopilot: false });
    expect(queue.items).toHaveLength(writes.length);
    const byKind = (kind: string) => queue.items.filter((i) => i.kind === kind);
    const [invite, secondInvite] = byKind('invite');
    const [comment] = byKind('comment');
    const [like] = byKind('like');
    expect(invite && secondInvite && comment && like).toBeTruthy();
    // Each with its prospect, score and reason; a comment with the post it answers and its text.
    expect(invite!.prospect).toMatchObject({ name: expect.any(String), aiScore: expect.any(Number) });
    expect(invite!.prospect.matchReason).toEqual(expect.any(String));
    expect(invite!.text).toEqual(expect.any(String));
    expect(invite!.maxLength).toBe(300);
    expect(comment!.post).toMatchObject({ text: expect.any(String), url: expect.stringContaining('http') });
    expect(comment!.text!.length).toBeGreaterThan(0);
    expect(Date.parse(comment!.expiresAt) - Date.parse(comment!.createdAt)).toBe(7 * 24 * 3600 * 1000);
    // The run's history says what waits.
    const job = (await api.get(`/api/flows/${flow.id}`, as(ada))).body.data.flow;
    expect(job.state.prospectTracking.totalConnectionRequests).toBe(0);

    const edited = `Thanks for sharing this, ${comment!.prospect.name.split(' ')[0]}: the point on pipeline reviews is one we see every week.`;
    const decided = await decide(ada, flow.id, [
      { key: invite!.key, action: 'approve' },
      { key: comment!.key, action: 'approve', text: edited },
      { key: like!.key, action: 'approve' },
      { key: secondInvite!.key, action: 'skip' },
    ]);
    expect(decided.status, decided.text).toBe(200);
    expect(decided.body.data.results).toEqual([
      { key: invite!.key, outcome: 'approved' },
      { key: comment!.key, outcome: 'approved' },
      { key: like!.key, outcome: 'approved' },
      { key: secondInvite!.key, outcome: 'skipped' },
    ]);
    // The edit came after the first approval: the streak restarts, then counts the like.
    expect(decided.body.data.approvalStreak).toBe(1);
    // A second decision on a decided item changes nothing.
    expect(
      (await decide(ada, flow.id, [{ key: secondInvite!.key, action: 'approve' }])).body.data.results,
    ).toEqual([{ key: secondInvite!.key, outcome: 'gone' }]);
    const left = (await queueOf(ada, flow.id)).items.map((i) => i.key);
    expect(left).not.toEqual(
      expect.arrayContaining([invite!.key, comment!.key, like!.key, secondInvite!.key]),
    );
    expect(left).toHaveLength(queue.items.length - 4);

    // The next run sends the approved ones, the edited comment as edited, and nothing else of the queue.
    expect((await api.post(`/api/flows/${flow.id}/execute`, {}, as(ada))).status).toBe(200);
    await deliverFlowRuns(ada, { twice: true });
    const after = new Map(
      (await items(keys.ledgerPartition(ada.id, connection.id)))
        .filter((i) => String(i.sk).startsWith('WRITE#'))
        .map((i) => [String(i.key), i]),
    );
    expect(after.get(invite!.key)).toMatchObject({ status: 'done', origin: 'approved', text: invite!.text });
    expect(after.get(comment!.key)).toMatchObject({ status: 'done', origin: 'edited', text: edited });
    expect(after.get(like!.key)).toMatchObject({ status: 'done' });
    expect(after.get(secondInvite!.key)).toMatchObject({ status: 'skipped' });
    for (const key of left) expect(after.get(key)).toMatchObject({ status: 'intent', approved: false });
    const used = (action: 'invitations' | 'comments' | 'likes') =>
      budgetUsed(account, action, periodsOf(new Date(), connection.timeZone ?? 'UTC'));
    expect((await used('invitations')).daily).toBe(1);
    expect((await used('comments')).daily).toBe(1);
    expect((await used('likes')).daily).toBe(1);
    // The sent ones left the queue; the run's new prospects' writes joined it.
    const now = (await queueOf(ada, flow.id)).items.map((i) => i.key);
    expect(now).toEqual(expect.arrayContaining(left));
    expect(now).not.toEqual(expect.arrayContaining([invite!.key]));
    const activities = (await items(keys.flowActivitiesPartition(ada.id, flow.id))).filter(
      (i) => i.type === 'POST_COMMENTED',
    );
    expect(activities.map((a) => (a.engagement as { comment?: string }).comment)).toEqual([edited]);
    // The analytics compare texts by where they came from: the note approved as written went out.
    const analytics = (await api.get(`/api/flows/${flow.id}/analytics`, as(ada))).body.data.analytics;
    expect(analytics.reviewComparison).toEqual([
      { origin: 'approved', notesSent: 1, notesAccepted: 0, messagesSent: 0, messagesReplied: 0 },
      { origin: 'edited', notesSent: 0, notesAccepted: 0, messagesSent: 0, messagesReplied: 0 },
      { origin: 'autopilot', notesSent: 0, notesAccepted: 0, messagesSent: 0, messagesReplied: 0 },
    ]);
  });

  it('lets likes and note-less steps go under "Review notes and messages", while comments and notes wait', async () => {
    const ada = await connectedUser('PLUS');
    const flow = await startFlow(ada, 'texts');
    await deliverFlowRuns(ada);
    const connection = await connectionOf(ada);
    const writes = (await items(keys.ledgerPartition(ada.id, connection.id))).filter((i) =>
      String(i.sk).startsWith('WRITE#'),
    );
    const ofKind = (prefix: string) => writes.filter((w) => String(w.key).startsWith(prefix));
    expect(ofKind('like:').length).toBeGreaterThan(0);
    for (const like of ofKind('like:')) expect(like).toMatchObject({ approved: true, origin: 'autopilot' });
    expect(ofKind('like:').some((w) => w.status === 'done')).toBe(true);
    for (const waiting of [...ofKind('comment:'), ...ofKind('invite:')])
      expect(waiting).toMatchObject({ status: 'intent', approved: false });
    const queue = await queueOf(ada, flow.id);
    expect(queue.items.every((i) => i.kind === 'comment' || i.kind === 'invite')).toBe(true);
  });

  it(`keeps a free account's notes within its ${FREE_NOTES_PER_MONTH} a month when they wait for review across runs, so approving all sends all`, async () => {
    // The sandbox's free LinkedIn account, synced as the extension would.
    const ada = await newUser({ plan: 'PLUS' });
    const session = sandbox.sites.linkedin.issueSession(undefined, { account: 'free' });
    const synced = await api.post(
      '/api/users/platforms/sync',
      { platform: 'linkedin', cookies: session.cookies, userAgent: session.userAgent },
      as(ada),
    );
    expect(synced.status, synced.text).toBe(201);
    const account = { workspaceId: ada.id, connectionId: synced.body.data.platform.id as string };
    await markWarmedUp(account);
    const flow = await startFlow(ada, 'everything', 5);
    const runAgain = async () => {
      expect((await api.post(`/api/flows/${flow.id}/execute`, {}, as(ada))).status).toBe(200);
      await deliverFlowRuns(ada);
    };
    await deliverFlowRuns(ada);
    await runAgain();
    const invites = (await queueOf(ada, flow.id)).items.filter((i) => i.kind === 'invite');
    // Two runs' invitations wait: more than the month's notes, and exactly the month's notes have one.
    expect(invites.length).toBeGreaterThan(FREE_NOTES_PER_MONTH);
    expect(invites.filter((i) => i.text)).toHaveLength(FREE_NOTES_PER_MONTH);
    for (const invite of invites.filter((i) => i.text)) expect(invite.maxLength).toBe(200);

    const decided = await decide(
      ada,
      flow.id,
      invites.map((i) => ({ key: i.key, action: 'approve' })),
    );
    expect(decided.status, decided.text).toBe(200);
    await runAgain();
    const writes = new Map(
      (await items(keys.ledgerPartition(account.workspaceId, account.connectionId)))
        .filter((i) => String(i.sk).startsWith('WRITE#'))
        .map((i) => [String(i.key), i]),
    );
    // Every approved invitation went, each note with it: none refused for a note past the month's.
    for (const invite of invites)
      expect(writes.get(invite.key), invite.key).toMatchObject({
        status: 'done',
        ...(invite.text ? { text: invite.text } : {}),
      });
    // The third run's new prospects get no note: the month's are used.
    const sentNotes = [...writes.values()].filter(
      (w) => String(w.key).startsWith('invite:') && w.text && w.status !== 'failed',
    );
    expect(sentNotes).toHaveLength(FREE_NOTES_PER_MONTH);
  });

  it('expires what waited more than 7 days, and refuses a bad edit without deciding anything of the batch', async () => {
    const ada = await connectedUser('PLUS');
    const flow = await startFlow(ada);
    await deliverFlowRuns(ada);
    const connection = await connectionOf(ada);
    const queue = await queueOf(ada, flow.id);
    const [old, fresh] = queue.items;
    const note = queue.items.find((i) => i.kind === 'invite' && i.text)!;
    const like = queue.items.find((i) => i.kind === 'like')!;

    // A note over its limit, brackets, and a text on a like: 400 with the message, nothing decided.
    const tooLong = 'x'.repeat(note.maxLength! + 1);
    const refused = await decide(ada, flow.id, [
      { key: fresh!.key, action: 'skip' },
      { key: note.key, action: 'approve', text: tooLong },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(REVIEW_TEXTS.tooLong(note.maxLength!, note.maxLength! + 1));
    const atLimit = await decide(ada, flow.id, [
      { key: note.key, action: 'approve', text: 'y'.repeat(note.maxLength!) },
    ]);
    expect(atLimit.body.data.results).toEqual([{ key: note.key, outcome: 'approved' }]);
    expect(
      (await decide(ada, flow.id, [{ key: fresh!.key, action: 'approve', text: 'Hi {first_name}' }])).body
        .message,
    ).toBe(REVIEW_TEXTS.placeholder);
    expect(
      (await decide(ada, flow.id, [{ key: like.key, action: 'approve', text: 'Nice' }])).body.message,
    ).toBe(REVIEW_TEXTS.noText);
    expect((await decide(ada, flow.id, [])).status).toBe(400);
    expect((await queueOf(ada, flow.id)).items.map((i) => i.key)).toContain(fresh!.key);

    // One waiting 7 days and a second is gone from the queue and settled as expired; one just under stays.
    const backdate = (key: string, ms: number) =>
      Promise.all([
        dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.reviewItem(ada.id, flow.id, key),
            UpdateExpression: 'SET createdAt = :at',
            ExpressionAttributeValues: { ':at': new Date(Date.now() - ms).toISOString() },
          }),
        ),
        dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.ledgerWrite(ada.id, connection.id, key),
            UpdateExpression: 'SET createdAt = :at',
            ExpressionAttributeValues: { ':at': new Date(Date.now() - ms).toISOString() },
          }),
        ),
      ]);
    const week = 7 * 24 * 3600 * 1000;
    await backdate(old!.key, week + 1000);
    await backdate(fresh!.key, week - 60_000);
    const after = (await queueOf(ada, flow.id)).items.map((i) => i.key);
    expect(after).not.toContain(old!.key);
    expect(after).toContain(fresh!.key);
    const ledger = await items(keys.ledgerPartition(ada.id, connection.id));
    expect(ledger.find((i) => i.key === old!.key)).toMatchObject({ status: 'expired' });
    expect((await decide(ada, flow.id, [{ key: old!.key, action: 'approve' }])).body.data.results).toEqual([
      { key: old!.key, outcome: 'gone' },
    ]);
  });

  it(`offers Autopilot after ${AUTOPILOT_OFFER_STREAK} approvals in a row without an edit, never switches by itself, and an edit restarts the count`, async () => {
    const ada = await connectedUser('PLUS');
    const flow = await startFlow(ada);
    const connection = await connectionOf(ada);
    // Enough waiting notes for the streak, recorded as a run records them.
    await Promise.all(
      Array.from({ length: AUTOPILOT_OFFER_STREAK + 2 }, (_, i) =>
        waitingNote({ workspaceId: ada.id, connectionId: connection.id }, flow.id, i),
      ),
    );
    const queue = await queueOf(ada, flow.id);
    const texts = queue.items.filter((i) => i.text);
    const [edit] = texts;
    const plain = queue.items.filter((i) => i.key !== edit!.key);
    const first = await decide(
      ada,
      flow.id,
      plain.slice(0, AUTOPILOT_OFFER_STREAK - 1).map((i) => ({ key: i.key, action: 'approve' })),
    );
    expect(first.body.data).toMatchObject({
      approvalStreak: AUTOPILOT_OFFER_STREAK - 1,
      offerAutopilot: false,
    });
    const twentieth = await decide(ada, flow.id, [
      { key: plain[AUTOPILOT_OFFER_STREAK - 1]!.key, action: 'approve' },
    ]);
    expect(twentieth.body.data).toMatchObject({
      approvalStreak: AUTOPILOT_OFFER_STREAK,
      offerAutopilot: true,
    });
    expect((await queueOf(ada, flow.id)).offerAutopilot).toBe(true);
    // The offer is only an offer: the flow still reviews everything.
    expect(
      (await api.get(`/api/flows/${flow.id}`, as(ada))).body.data.flow.config.messagingSettings.reviewMode,
    ).toBe('everything');
    const edited = await decide(ada, flow.id, [
      { key: edit!.key, action: 'approve', text: `${edit!.text} Thanks!` },
    ]);
    expect(edited.body.data).toMatchObject({ approvalStreak: 0, offerAutopilot: false });

    // The user switches: the mode is stored, the offer ends.
    const switched = await api.put(`/api/flows/${flow.id}/review-mode`, { reviewMode: 'autopilot' }, as(ada));
    expect(switched.status, switched.text).toBe(200);
    expect((await queueOf(ada, flow.id)).reviewMode).toBe('autopilot');
    const bad = await api.put(`/api/flows/${flow.id}/review-mode`, { reviewMode: 'sometimes' }, as(ada));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Choose a review mode from the list');
  });

  it('expires its whole queue when the flow is stopped, waiting and approved alike, so none of it ever goes', async () => {
    const ada = await connectedUser('PLUS');
    const flow = await startFlow(ada);
    await deliverFlowRuns(ada);
    const connection = await connectionOf(ada);
    const queue = await queueOf(ada, flow.id);
    expect(queue.items.length).toBeGreaterThan(1);
    const [approved, waiting] = queue.items;
    expect((await decide(ada, flow.id, [{ key: approved!.key, action: 'approve' }])).status).toBe(200);

    expect((await api.delete(`/api/flows/${flow.id}`, undefined, as(ada))).status).toBe(200);
    expect((await queueOf(ada, flow.id)).items).toEqual([]);
    const writes = (await items(keys.ledgerPartition(ada.id, connection.id))).filter((i) =>
      String(i.sk).startsWith('WRITE#'),
    );
    expect(writes).toHaveLength(queue.items.length);
    for (const write of writes) expect(write.status, String(write.key)).toBe('expired');
    // A write its last run recorded as the flow stopped expires when the queue is read.
    const account = { workspaceId: ada.id, connectionId: connection.id };
    await waitingNote(account, flow.id, 1);
    expect((await queueOf(ada, flow.id)).items).toEqual([]);
    expect(
      (await items(keys.ledgerPartition(ada.id, connection.id))).find((i) => i.key === 'invite:person-1'),
    ).toMatchObject({ status: 'expired' });
    // A decision the stopped flow's screen still had open changes nothing.
    expect(
      (await decide(ada, flow.id, [{ key: waiting!.key, action: 'approve' }])).body.data.results,
    ).toEqual([{ key: waiting!.key, outcome: 'gone' }]);
  });

  it('keeps one user’s review queue from another', async () => {
    const ada = await connectedUser('PLUS');
    const eve = await connectedUser('PLUS');
    const flow = await startFlow(ada);
    await deliverFlowRuns(ada);
    const [item] = (await queueOf(ada, flow.id)).items;
    expect((await api.get(`/api/flows/${flow.id}/review`, as(eve))).status).toBe(404);
    expect((await decide(eve, flow.id, [{ key: item!.key, action: 'approve' }])).status).toBe(404);
    expect(
      (await api.put(`/api/flows/${flow.id}/review-mode`, { reviewMode: 'autopilot' }, as(eve))).status,
    ).toBe(404);
    expect((await queueOf(ada, flow.id)).items.map((i) => i.key)).toContain(item!.key);
  });
});
