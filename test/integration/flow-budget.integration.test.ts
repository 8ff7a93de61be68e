import { describe, expect, it, vi } from 'vitest';
import { keys } from '../../functions/core/table';
import { INDUSTRY } from '../../functions/flows/templates/audiences';
import { flowTemplates } from '../../functions/flows/templates/registry';
import { budgetUsed } from '../../functions/safety/budget-repository';
import { BUDGETS, type GovernedAction } from '../../functions/safety/budgets';
import { periodsOf } from '../../functions/safety/governor';
import { LINKEDIN } from '../../scripts/sandbox-platforms';
import type { CountryCode } from '../../shared/flows';
import type { TestUser } from '../support/api-client';
import {
  api,
  as,
  automationItem,
  connectedUser,
  currentJobItem,
  deliver,
  sandbox,
  startEngineSuite,
  startTrob,
  storedLeads,
  takeRunMessages,
} from '../support/engine-suite';
import { itemsOf, leaveOnly, prospectsOf } from '../support/flow-ledger';
import { onAutopilot } from '../support/flows';

/**
 * The account's budgets under concurrent runs (issue 20): the governor is shared by every flow and
 * trob of a connected account, so two flows and a trob running at once never take more than what is
 * left of a budget, and the contact ledger keeps two flows of the account from inviting a person
 * twice. The runs are delivered to the real worker at the same time (Promise.all): real Chromium on
 * the sandbox LinkedIn, DynamoDB Local, the local AI. What is asserted is what a user would notice:
 * the invitations the platform shows, the account's budget counters, the flows' prospects.
 *
 * The suite's users all connect the sandbox's one premium account, so each test targets people of
 * its own countries: no test meets an invitation an earlier one sent.
 */
startEngineSuite();

/**
 * The contact-ledger test's seam: once armed for `flows` flows, the first claim of a person by each
 * flow waits until that many flows have reached theirs (at most 5 s), as a slow ledger write would,
 * so two flows searching at once claim the same people at the same moment every time rather than
 * now and then.
 */
const seam = vi.hoisted(() => {
  const state = {
    flows: 0,
    arrived: new Set<string>(),
    gate: Promise.resolve(),
    open: (): void => undefined,
    arm(flows: number): void {
      state.flows = flows;
      state.arrived = new Set();
      state.gate = new Promise((resolve) => {
        state.open = resolve;
      });
    },
  };
  return state;
});
vi.mock('../../functions/flows/contact-ledger-repository', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/flows/contact-ledger-repository')>();
  return {
    ...real,
    claimContact: async (...args: Parameters<typeof real.claimContact>) => {
      const [, , flowId] = args;
      if (seam.flows > 0 && !seam.arrived.has(flowId)) {
        seam.arrived.add(flowId);
        if (seam.arrived.size >= seam.flows) seam.open();
        await Promise.race([seam.gate, new Promise((resolve) => setTimeout(resolve, 5000))]);
      }
      return real.claimContact(...args);
    },
  };
});

/**
 * The scoring seam (issue 36 point 6): a run searches for no more people than the day's budget of its
 * first write can reach when it starts. Once armed, the first score of any run spends the budget it
 * names, as another run of the account would while this one scores, so a test can have runs find
 * more people than the budget lets them contact.
 */
const scoring = vi.hoisted(() => ({ armed: undefined as undefined | (() => Promise<void>) }));
vi.mock('../../functions/flows/prospect-repository', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../functions/flows/prospect-repository')>();
  return {
    ...real,
    scoreProspect: async (...args: Parameters<typeof real.scoreProspect>) => {
      const spend = scoring.armed;
      scoring.armed = undefined;
      if (spend) await spend();
      return real.scoreProspect(...args);
    },
  };
});

const RUN_TIMEOUT = 180_000;

const engagers = flowTemplates.find((t) => t.id === 'linkedin-engager-follow-up-flow')!;
const prospecting = flowTemplates.find((t) => t.id === 'linkedin-ai-prospecting-flow')!;

/**
 * A template's default config aimed at everyone of the sandbox world in `countries` whose headline
 * names where they work ('CEO at Ironwood Group'): large audiences, a quarter to a half of them
 * already connected to the account (1st degree: found, never invited).
 */
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
  };
  config.executionSettings!.prospectsPerRun = prospectsPerRun;
  return config;
}

async function startFlow(
  user: TestUser,
  template: (typeof flowTemplates)[number],
  config: ReturnType<typeof configFor>,
): Promise<string> {
  const res = await api.post('/api/flows', { templateId: template.id, config }, as(user));
  expect(res.status, res.text).toBe(201);
  return res.body.data.flow.id as string;
}

async function connectionOf(user: TestUser): Promise<{ workspaceId: string; connectionId: string }> {
  const connection = (await api.get('/api/users/platforms', as(user))).body.data.platforms[0];
  return { workspaceId: user.id, connectionId: connection.id as string };
}

const usedToday = (account: { workspaceId: string; connectionId: string }, action: GovernedAction) =>
  budgetUsed(account, action, periodsOf(new Date()));

/** The account's invitation writes in the contact ledger. */
async function inviteWrites(account: { workspaceId: string; connectionId: string }) {
  return (await itemsOf(keys.ledgerPartition(account.workspaceId, account.connectionId))).filter((i) =>
    String(i.sk).startsWith('WRITE#invite:'),
  );
}

/**
 * The invitations the sandbox LinkedIn shows its premium account as sent and pending, read as the
 * platform answers them (the Sent list's JSON, in the account's own session): one entry per invitation,
 * the invited person's id each. The sandbox clock is never moved here, so none is answered yet.
 */
async function sentInvitations(): Promise<string[]> {
  const site = sandbox.sites.linkedin;
  const session = site.issueSession();
  const cookie = session.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const csrf = session.cookies.find((c) => c.name === 'JSESSIONID')!.value.replace(/"/g, '');
  const ids: string[] = [];
  for (let start = 0; ; start += 100) {
    const response = await fetch(
      `${site.url}${LINKEDIN.paths.sentInvitationsApi}?q=invitationType&invitationType=CONNECTION&start=${start}&count=100`,
      {
        headers: {
          cookie,
          'csrf-token': csrf,
          accept: 'application/vnd.linkedin.normalized+json+2.1',
          'x-restli-protocol-version': '2.0.0',
        },
      },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      data: { paging: { total: number }; '*elements': string[] };
      included: Array<{ entityUrn: string; toMemberId?: string }>;
    };
    const byUrn = new Map(body.included.map((e) => [e.entityUrn, e]));
    ids.push(...body.data['*elements'].map((urn) => String(byUrn.get(urn)?.toMemberId)));
    if (start + 100 >= body.data.paging.total) return ids;
  }
}

/** What the platform shows as sent since `before` was read. */
const sentSince = async (before: string[]) => (await sentInvitations()).filter((id) => !before.includes(id));

const stagesOf = async (userId: string, id: string) =>
  ((await currentJobItem(userId, id)).stages as Array<{ stage: string }>).map((s) => s.stage);

/** The stage right after `stage` in a job's history, each time it was entered. */
const after = (stages: string[], stage: string) =>
  stages.flatMap((s, i) => (s === stage ? [stages[i + 1]] : []));

/** People found by more than one of the flows. */
function inSeveral(prospects: Array<Array<Record<string, unknown>>>): string[] {
  const seen = new Map<string, number>();
  for (const list of prospects)
    for (const p of list) seen.set(String(p.id), (seen.get(String(p.id)) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
}

describe('the invitation budget under concurrent flows of one account', () => {
  it(
    'sends exactly the invitations left today across two flows run at once, not one more, and says the budget is spent',
    async () => {
      const ada = await connectedUser('PLUS');
      const account = await connectionOf(ada);
      // Two flows of different templates aimed at the same people (the United States).
      const flows = [
        await startFlow(ada, engagers, configFor(engagers, ['US'], 8)),
        await startFlow(ada, prospecting, configFor(prospecting, ['US'], 8)),
      ];
      // Three invitations left today, spent down to while the first run scores: both have searched.
      const daily = BUDGETS.linkedin.invitations.daily;
      const before = await sentInvitations();

      const messages = await takeRunMessages(ada.id, 'flow-runs');
      expect(messages).toHaveLength(2);
      seam.arm(2);
      scoring.armed = () => leaveOnly(account, 'invitations', 3);
      try {
        expect(await Promise.all(messages.map((m) => deliver(m)))).toEqual([[], []]);
      } finally {
        seam.flows = 0;
      }

      for (const id of flows)
        expect(await automationItem(ada.id, id)).toMatchObject({
          status: 'active',
          totalRuns: 1,
          successfulRuns: 1,
        });
      // The flows found more people to invite than the budget allows.
      const prospects = await Promise.all(flows.map((id) => prospectsOf(ada.id, id)));
      const strangers = new Set(
        prospects
          .flat()
          .filter((p) => p.distance !== 1)
          .map((p) => String(p.id)),
      );
      expect(strangers.size).toBeGreaterThan(3);
      // The platform shows exactly three new invitations, to three of them.
      const sent = await sentSince(before);
      expect(sent).toHaveLength(3);
      expect(new Set(sent).size).toBe(3);
      for (const id of sent) expect(strangers.has(id)).toBe(true);
      // The governor counted them, and nothing past the day's budget.
      expect(await usedToday(account, 'invitations')).toEqual({ daily, weekly: daily });
      // The ledger: the three sent are the writes done; the others never reached the platform.
      const writes = await inviteWrites(account);
      expect(
        writes
          .filter((w) => w.status === 'done')
          .map((w) => String(w.personId))
          .sort(),
      ).toEqual([...sent].sort());
      for (const w of writes.filter((w) => w.status !== 'done')) expect(w.status).toBe('intent');
      // Each invitation counted once, on the flow that sent it.
      const counted = await Promise.all(
        flows.map(async (id) => Number((await automationItem(ada.id, id)).connectionRequests ?? 0)),
      );
      expect(counted[0]! + counted[1]!).toBe(3);
      // A flow left with people to invite says the invitation budget ended its connecting stage.
      const afterConnecting = await Promise.all(
        flows.map(async (id) => after(await stagesOf(ada.id, id), 'connecting')),
      );
      expect(afterConnecting.flat()).toContain('budget-spent');
    },
    RUN_TIMEOUT,
  );

  it(
    'invites nobody twice when two flows of the account find the same people at once',
    async () => {
      const ada = await connectedUser('PLUS');
      const account = await connectionOf(ada);
      const config = configFor(engagers, ['BR', 'SE'], 8);
      const flows = [await startFlow(ada, engagers, config), await startFlow(ada, engagers, config)];
      const before = await sentInvitations();

      const messages = await takeRunMessages(ada.id, 'flow-runs');
      expect(messages).toHaveLength(2);
      expect(await Promise.all(messages.map((m) => deliver(m)))).toEqual([[], []]);

      const prospects = await Promise.all(flows.map((id) => prospectsOf(ada.id, id)));
      const strangers = [
        ...new Set(
          prospects
            .flat()
            .filter((p) => p.distance !== 1)
            .map((p) => String(p.id)),
        ),
      ].sort();
      expect(strangers.length).toBeGreaterThan(5);
      // Every person to invite got one invitation on the platform, and only one.
      const sent = await sentSince(before);
      expect(sent.length).toBe(new Set(sent).size);
      expect([...sent].sort()).toEqual(strangers);
      // No invitation was tried twice: every write is done, none refused as already invited.
      const writes = await inviteWrites(account);
      expect(writes.map((w) => w.status)).toEqual(writes.map(() => 'done'));
      expect(writes.map((w) => String(w.personId)).sort()).toEqual(strangers);
      // One take per invitation sent: no budget went to a duplicate.
      expect((await usedToday(account, 'invitations')).daily).toBe(strangers.length);
      const counted = await Promise.all(
        flows.map(async (id) => Number((await automationItem(ada.id, id)).connectionRequests ?? 0)),
      );
      expect(counted[0]! + counted[1]!).toBe(strangers.length);
    },
    RUN_TIMEOUT,
  );

  it(
    'sends each invitation once when a flow’s first run is delivered twice at once',
    async () => {
      const ada = await connectedUser('PLUS');
      const account = await connectionOf(ada);
      const flow = await startFlow(ada, engagers, configFor(engagers, ['DE', 'FR', 'NL', 'IE', 'GB'], 6));
      const before = await sentInvitations();
      const [message] = await takeRunMessages(ada.id, 'flow-runs');
      expect(message).toBeDefined();
      await Promise.all([deliver(message!), deliver(message!)]);
      // A copy delivered after the run claims nothing.
      expect(await deliver(message!)).toEqual([]);

      expect(await automationItem(ada.id, flow)).toMatchObject({
        status: 'active',
        totalRuns: 1,
        successfulRuns: 1,
      });
      const strangers = (await prospectsOf(ada.id, flow))
        .filter((p) => p.distance !== 1)
        .map((p) => String(p.id))
        .sort();
      expect(strangers.length).toBeGreaterThan(0);
      const sent = await sentSince(before);
      expect([...sent].sort()).toEqual(strangers);
      const writes = await inviteWrites(account);
      expect(writes.map((w) => w.status)).toEqual(writes.map(() => 'done'));
      expect((await usedToday(account, 'invitations')).daily).toBe(strangers.length);
      expect((await automationItem(ada.id, flow)).connectionRequests).toBe(strangers.length);
    },
    RUN_TIMEOUT,
  );
});

describe('the contact ledger under concurrent flows of one account', () => {
  // Discovery claims each person with one conditional write of the ledger (contact-ledger-repository.ts,
  // claimContact): of two flows that found the same person at once, one has them, the other counts a
  // duplicate. Found by this test: the check and the record used to be two steps, and both flows took
  // the same people. The seam above makes both flows claim at the same moment every run.
  it(
    'gives each person to one flow only when two flows search the same people at once',
    async () => {
      const ada = await connectedUser('PLUS');
      const account = await connectionOf(ada);
      // This test writes nothing to the platform: no profile views left today, and no invitations
      // once both runs have searched (spent while the first one scores).
      await leaveOnly(account, 'profile-views', 0);
      const config = configFor(engagers, ['US'], 8);
      const flows = [await startFlow(ada, engagers, config), await startFlow(ada, engagers, config)];
      const messages = await takeRunMessages(ada.id, 'flow-runs');
      expect(messages).toHaveLength(2);
      seam.arm(2);
      scoring.armed = () => leaveOnly(account, 'invitations', 0);
      try {
        expect(await Promise.all(messages.map((m) => deliver(m)))).toEqual([[], []]);
      } finally {
        seam.flows = 0;
      }

      const prospects = await Promise.all(flows.map((id) => prospectsOf(ada.id, id)));
      for (const list of prospects) expect(list).toHaveLength(8);
      expect(inSeveral(prospects)).toEqual([]);
      // The ledger names, for each person, the flow that has them as a prospect.
      const people = (await itemsOf(keys.ledgerPartition(account.workspaceId, account.connectionId))).filter(
        (i) => String(i.sk).startsWith('PERSON#'),
      );
      for (const [i, id] of flows.entries())
        for (const p of prospects[i]!)
          expect(people.find((c) => c.personId === p.id)?.flowId, String(p.id)).toBe(id);
    },
    RUN_TIMEOUT,
  );
});

describe('a read budget shared by two flows and a trob of one account', () => {
  it(
    'never lets two flows and a search export take more searches than are left, and uses every one',
    async () => {
      const ada = await connectedUser('PLUS');
      const account = await connectionOf(ada);
      // The flows search for 15 prospects each (two pages or more); the trob wants every result page.
      const flows = [
        await startFlow(ada, engagers, configFor(engagers, ['JP', 'IN', 'SG'], 15)),
        await startFlow(ada, prospecting, configFor(prospecting, ['JP', 'IN', 'SG'], 15)),
      ];
      const trob = await startTrob(ada, 'linkedin-search-export', {
        searchSettings: { keywords: 'at', network: ['S', 'O'], locations: [], currentCompanies: [] },
        filteringSettings: { maxProfiles: 1000, headlineKeywords: [] },
        exportSettings: { format: 'csv', skipDuplicates: false },
      });
      const daily = BUDGETS.linkedin.searches.daily;
      const left = 4;
      await leaveOnly(account, 'searches', left);

      const flowMessages = await takeRunMessages(ada.id, 'flow-runs');
      const trobMessages = await takeRunMessages(ada.id, 'trob-runs');
      expect(flowMessages).toHaveLength(2);
      expect(trobMessages).toHaveLength(1);
      const outcomes = await Promise.all([...flowMessages, ...trobMessages].map((m) => deliver(m)));
      expect(outcomes).toEqual([[], [], []]);

      // The governor's counter is at the day's budget, not past it.
      expect(await usedToday(account, 'searches')).toEqual({ daily, weekly: daily });
      // What each run read, from what it found (a search page holds 10 people): together, what was left.
      const pageSize = LINKEDIN.pageSizes.search;
      const pagesOf = async (id: string) =>
        Math.ceil(((await currentJobItem(ada.id, id)).counters as { found: number }).found / pageSize);
      const flowPages = await Promise.all(flows.map(pagesOf));
      const trobPages = await pagesOf(trob.id);
      expect(flowPages[0]! + flowPages[1]! + trobPages).toBe(left);
      // The trob keeps what it read and waits for the budget; a flow that wanted more prospects says
      // its search budget is spent and goes on with those it found.
      const waiting = await automationItem(ada.id, trob.id);
      expect(waiting).toMatchObject({ status: 'running', forecast: { summary: expect.any(String) } });
      expect(new Date(String(waiting.waitUntil)).getTime()).toBeGreaterThan(Date.now());
      expect((await stagesOf(ada.id, trob.id)).at(-1)).toBe('waiting');
      expect((await storedLeads(ada.id, trob.id)).length).toBeLessThanOrEqual(trobPages * pageSize);
      for (const [i, id] of flows.entries()) {
        const item = await automationItem(ada.id, id);
        expect(item).toMatchObject({ status: 'active', totalRuns: 1, successfulRuns: 1 });
        const stored = ((await currentJobItem(ada.id, id)).counters as { stored: number }).stored;
        expect(stored).toBe((await prospectsOf(ada.id, id)).length);
        // Two pages without anyone the other flow took may be enough for 15: then no word of the budget.
        // A flow that starts after the others spent every search has no share of the day plan at all:
        // it says so before it would search, so the discovery is every stage before the scoring.
        const stages = await stagesOf(ada.id, id);
        const scoring = stages.indexOf('scoring');
        const spent = stages.slice(0, scoring === -1 ? undefined : scoring).includes('budget-spent');
        expect(spent, `flow ${i + 1} found ${stored}`).toBe(stored < 15);
      }
    },
    RUN_TIMEOUT,
  );
});
