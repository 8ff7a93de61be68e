import { COMPANY_SIZE_OPTIONS, COUNTRY_OPTIONS, type FlowConfig, flowConfig } from '../../shared/flows';
import type { Platform } from '../../shared/platforms';
import type { AiTargeting, ProspectAi } from '../core/ports/ai';
import { prospectAi } from '../core/ports/prospect-ai';
import { findContact, type LedgerAccount, recordContactStep } from '../flows/contact-ledger';
import { addToFlowTotal } from '../flows/flow-repository';
import { findIndustry } from '../flows/industry-repository';
import {
  addProspect,
  prospectsAfter,
  type StoredProspect,
  scoreProspect,
} from '../flows/prospect-repository';
import type { StoredAutomation } from '../jobs/automation-item';
import type { BrowserCookie } from '../platforms/browser';
import type { FlowDriver, FlowPerson } from '../platforms/flow-driver-types';
import { linkedinFlowDriver } from '../platforms/linkedin/flow-driver';

/**
 * What a flow's run handler works with besides the runner's context (issue 20 point 6): the platform's
 * flow driver, the flow's settings, the account's contact ledger and the flow's prospects, and the AI.
 * The handler decides; these store.
 */
export interface FlowSegment {
  readonly flowId: string;
  readonly jobId: string;
  readonly driver: FlowDriver;
  readonly settings: FlowConfig;
  /** Whether any flow or trob of the account already reached the person (the contact ledger). */
  known(personId: string): Promise<boolean>;
  /** Records a person the run found: the ledger's 'discovered' and the flow's new prospect. */
  discovered(person: FlowPerson): Promise<void>;
  /**
   * This run's prospects not scored yet, from a page of the flow's prospects in key order after
   * `after`; `next` is where the following page starts, absent at the end.
   */
  unscored(after: string | undefined, limit: number): Promise<{ prospects: StoredProspect[]; next?: string }>;
  /** Scores a prospect with the AI against the targeting and the company description. */
  score(prospect: StoredProspect): Promise<StoredProspect>;
}

/** The flow driver of a platform; undefined where flows do not run (X, Instagram for now). */
export function flowDriverFor(platform: Platform, cookies: readonly BrowserCookie[]): FlowDriver | undefined {
  return platform === 'linkedin' ? linkedinFlowDriver(cookies) : undefined;
}

const label = <V extends string>(options: readonly { label: string; value: V }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;

/** The targeting as the AI reads it: labels, not the stored values. */
export function aiTargetingOf(settings: FlowConfig): AiTargeting {
  const t = settings.targetingSettings;
  return {
    keywords: t.keywords,
    industries: t.industries.map((value) => findIndustry(value)?.label ?? value),
    jobTitles: t.jobTitles,
    locations: t.locations.map((code) => label(COUNTRY_OPTIONS, code)),
    companySize: t.companySize.map((size) => label(COMPANY_SIZE_OPTIONS, size)),
  };
}

export function createFlowSegment(input: {
  driver: FlowDriver;
  flow: StoredAutomation;
  jobId: string;
  account: LedgerAccount;
  now: () => Date;
  ai?: ProspectAi;
}): FlowSegment {
  const { driver, flow, jobId, account, now } = input;
  const userId = account.userId;
  const settings = flowConfig.parse(flow.config);
  const ai = input.ai ?? prospectAi();
  const targeting = aiTargetingOf(settings);
  return {
    flowId: flow.id,
    jobId,
    driver,
    settings,
    known: async (personId) => (await findContact(account, personId)) !== undefined,
    async discovered(person) {
      const at = now().toISOString();
      const added = await addProspect(userId, flow.id, {
        id: person.id,
        name: person.name,
        profileUrl: person.profileUrl,
        jobId,
        discoveredAt: at,
        ...(person.headline ? { headline: person.headline } : {}),
        ...(person.title ? { title: person.title } : {}),
        ...(person.company ? { company: person.company } : {}),
        ...(person.location ? { location: person.location } : {}),
        ...(person.industry ? { industry: person.industry } : {}),
        ...(person.imageUrl ? { profileImage: person.imageUrl } : {}),
      });
      await recordContactStep(account, person, flow.id, 'discovered', at);
      if (added) await addToFlowTotal(userId, flow.id, 'prospectsFound', 1);
    },
    async unscored(after, limit) {
      const page = await prospectsAfter(userId, flow.id, after, limit);
      const last = page.prospects.at(-1)?.id;
      return {
        prospects: page.prospects.filter((p) => p.jobId === jobId && p.aiScore === undefined),
        ...(page.more && last ? { next: last } : {}),
      };
    },
    async score(prospect) {
      const scored = await ai.scoreProspect({
        prospect: {
          id: prospect.id,
          name: prospect.name,
          ...(prospect.headline ? { headline: prospect.headline } : {}),
          ...(prospect.title ? { title: prospect.title } : {}),
          ...(prospect.company ? { company: prospect.company } : {}),
          ...(prospect.location ? { location: prospect.location } : {}),
          ...(prospect.industry ? { industry: prospect.industry } : {}),
        },
        targeting,
        companyDescription: settings.messagingSettings.companyDescription,
      });
      const at = now().toISOString();
      const score = { ...scored, scoredAt: at };
      await scoreProspect(userId, flow.id, prospect.id, score);
      await recordContactStep(account, prospect, flow.id, 'scored', at);
      return { ...prospect, ...score };
    },
  };
}
