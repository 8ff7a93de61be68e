import { describe, expect, it, vi } from 'vitest';
import { keys } from '../../functions/core/table';
import { INDUSTRY } from '../../functions/flows/templates/audiences';
import { flowTemplates } from '../../functions/flows/templates/registry';
import { budgetUsed } from '../../functions/safety/budget-repository';
import { periodsOf } from '../../functions/safety/governor';
import { FLOW_RUN_TEXTS } from '../../shared/flow-run-texts';
import type { CountryCode } from '../../shared/flows';
import type { TestUser } from '../support/api-client';
import {
  api,
  as,
  automationItem,
  connectedUser,
  currentJobItem,
  deliverFlowRuns,
  sandbox,
  startEngineSuite,
} from '../support/engine-suite';
import { itemsOf, leaveOnly, prospectsOf } from '../support/flow-ledger';
import { onAutopilot } from '../support/flows';
import { markWarmedUp } from '../support/warm-up';

/**
 * Issue 36 point 6 and found 4b, on the sandbox LinkedIn with the real worker: what a spent budget
 * left waiting goes first in the next run, before anyone new is searched, and a run discovers no more
 * people than the day's budget can still reach. Issue 36 found 5: a run makes only its template's
 * writes. Issue 36: a run reads each new prospect's profile once, so its title and company are known.
 *
 * Each test aims at countries no other test of this file reaches (the sandbox's one premium account).
 */
startEngineSuite();

/**
 * The backlog's seam: once armed, the first score of a run spends the account's invitations down to
 * `left`, as another run of the account would while this one scores. The run then finds more people
 * than it can invite, which is how a backlog forms (a run never searches past what the budget reaches
 * when it starts).
 */
const seam = vi.hoisted(() => ({ armed: undefined as undefined | (() => Promise<void>) }));
vi.mock('../../functions/flows/prospect-repository', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/flows/prospect-repository')>();
  return {
    ...real,
    scoreProspect: async (...args: Parameters<typeof real.scoreProspect>) => {
      const spend = seam.armed;
      seam.armed = undefined;
      if (spend) await spend();
      return real.scoreProspect(...args);
    },
  };
});

const RUN_TIMEOUT = 240_000;
const prospecting = flowTemplates.find((t) => t.id === 'linkedin-ai-prospecting-flow')!;

/** The template's defaults aimed at everyone in `countries` whose headline says where they work. */
function configFor(
  template: (typeof flowTemplates)[number],
  countries: CountryCode[],
  prospectsPerRun: number,
) {
  const config = onAutopilot(template.defaultConfig);
  config.targetingSettings = {
    keywords: 'at',
    industries: Object.values(INDUSTRY),
    jobTitles: [],
    locations: countries,
    companySize: [],
    // Everyone the search finds may be contacted: the backlog, not the score, is what is tested.
    minimumMatch: 'cold',
  };
  config.executionSettings!.prospectsPerRun = prospectsPerRun;
  return config;
}

async function startFlow(user: TestUser, config: ReturnType<typeof configFor>, template = prospecting) {
  const res = await api.post('/api/flows', { templateId: template.id, config }, as(user));
  expect(res.status, res.text).toBe(201);
  return res.body.data.flow.id as string;
}

async function accountOf(user: TestUser) {
  const connection = (await api.get('/api/users/platforms', as(user))).body.data.platforms[0];
  return { workspaceId: user.id, connectionId: connection.id as string };
}

/** The flow's writes of one kind in the account's ledger. */
const writesOf = async (
  account: { workspaceId: string; connectionId: string },
  flowId: string,
  kind: string,
) =>
  (await itemsOf(keys.ledgerPartition(account.workspaceId, account.connectionId))).filter(
    (i) => String(i.sk).startsWith(`WRITE#${kind}:`) && i.flowId === flowId,
  );

const historyOf = async (userId: string, flowId: string) =>
  (await currentJobItem(userId, flowId)).stages as Array<{ stage: string; message?: string }>;

describe('a flow’s backlog', () => {
  it(
    'invites the people a spent budget left waiting first the next day, then only as many new as the budget reaches',
    async () => {
      const ada = await connectedUser('PLUS');
      const account = await accountOf(ada);
      await markWarmedUp(account);
      const flowId = await startFlow(ada, configFor(prospecting, ['AU', 'ES'], 6));
      // Day 1: the run finds its six; while it scores, the day's invitations fall to two.
      seam.armed = () => leaveOnly(account, 'invitations', 2);
      await deliverFlowRuns(ada);
      const day1 = await prospectsOf(ada.id, flowId);
      const strangers = day1.filter((p) => p.distance !== 1).map((p) => String(p.id));
      expect(strangers.length).toBeGreaterThan(3);
      const sentDay1 = (await writesOf(account, flowId, 'invite')).filter((w) => w.status === 'done');
      expect(sentDay1).toHaveLength(2);
      const day1Ids = new Set(sentDay1.map((w) => String(w.personId)));
      const waiting = strangers.filter((id) => !day1Ids.has(id));

      // Day 2 (the worker's clock a day on): exactly as many invitations left as people wait.
      const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
      sandbox.advanceClock(24 * 3600 * 1000);
      await leaveOnly(account, 'invitations', waiting.length, tomorrow);
      const executed = await api.post(`/api/flows/${flowId}/execute`, {}, as(ada));
      expect(executed.status, executed.text).toBe(200);
      await deliverFlowRuns(ada, { daysLater: 1 });

      // Every one of them invited, once; nobody new found, as the budget reached nobody else.
      const invites = await writesOf(account, flowId, 'invite');
      const sentDay2 = invites.filter((w) => w.status === 'done' && !day1Ids.has(String(w.personId)));
      expect(sentDay2.map((w) => String(w.personId)).sort()).toEqual([...waiting].sort());
      expect(new Set(invites.map((w) => w.personId)).size).toBe(invites.length);
      expect((await prospectsOf(ada.id, flowId)).length).toBe(day1.length);
      // It did not search: the day's searches are untouched.
      expect((await budgetUsed(account, 'searches', periodsOf(tomorrow))).daily).toBe(0);
      const run = await automationItem(ada.id, flowId);
      expect(run).toMatchObject({ status: 'active', totalRuns: 2, successfulRuns: 2 });
      expect(run.message).toBe(FLOW_RUN_TEXTS.noRoom);
    },
    RUN_TIMEOUT,
  );

  it(
    'searches for no more new people than the day’s invitations can reach',
    async () => {
      const ada = await connectedUser('PLUS');
      const account = await accountOf(ada);
      await markWarmedUp(account);
      const flowId = await startFlow(ada, configFor(prospecting, ['PT'], 10));
      await leaveOnly(account, 'invitations', 3);
      await deliverFlowRuns(ada);
      // One past what the budget reaches would be a prospect nobody can be invited today.
      const found = await prospectsOf(ada.id, flowId);
      expect(found.length).toBe(3);
      // Each of them invited but a connection already (nothing to invite).
      const strangers = found.filter((p) => p.distance !== 1).map((p) => String(p.id));
      const sent = (await writesOf(account, flowId, 'invite')).filter((w) => w.status === 'done');
      expect(sent.map((w) => String(w.personId)).sort()).toEqual(strangers.sort());
      expect(FLOW_RUN_TEXTS.budgetLeft(3, 10)).toBe(
        "Today's budget reaches 3 more prospects: searching for 3, not 10",
      );
    },
    RUN_TIMEOUT,
  );
});

describe('a flow makes only its template’s writes', () => {
  it(
    'AI Prospecting reads each new profile once, invites, and never likes or comments',
    async () => {
      const ada = await connectedUser('PLUS');
      const account = await accountOf(ada);
      const flowId = await startFlow(ada, configFor(prospecting, ['IT'], 5));
      await deliverFlowRuns(ada);
      const prospects = await prospectsOf(ada.id, flowId);
      expect(prospects.length).toBeGreaterThan(0);
      // Its profile read: the current title and company, which the search's row does not carry.
      for (const p of prospects) {
        expect(p.profileReadAt, String(p.name)).toEqual(expect.any(String));
        expect(p.title, String(p.name)).toEqual(expect.any(String));
        expect(p.company, String(p.name)).toEqual(expect.any(String));
      }
      expect((await writesOf(account, flowId, 'invite')).length).toBeGreaterThan(0);
      expect(await writesOf(account, flowId, 'like')).toEqual([]);
      expect(await writesOf(account, flowId, 'comment')).toEqual([]);
      const stages = (await historyOf(ada.id, flowId)).map((s) => s.stage);
      expect(stages).not.toContain('engaging');
      // The activity rows name the person's company and title (issue 36 found 6).
      const feed = await api.get(`/api/flows/${flowId}/activities?limit=50`, as(ada));
      expect(feed.status, feed.text).toBe(200);
      const sent = (feed.body.data.activities as Array<Record<string, unknown>>).filter(
        (a) => a.type === 'CONNECTION_SENT',
      );
      expect(sent.length).toBeGreaterThan(0);
      for (const a of sent)
        expect(a.prospect).toMatchObject({ company: expect.any(String), title: expect.any(String) });
    },
    RUN_TIMEOUT,
  );
});
