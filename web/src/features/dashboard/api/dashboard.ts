/** One of the user's automations as the dashboard lists it (spec 3 'Automation'). */
export interface DashboardAutomation {
  readonly id: string;
  readonly templateId: string;
  readonly name: string;
  readonly status: string;
  readonly createdAt: string;
}

/** A template as the popular-templates card lists it (spec 3 'Template'). */
export interface DashboardTemplate {
  readonly id: string;
  readonly displayName: string;
  readonly platform: string;
}

export interface DashboardData {
  readonly completedAutomations: number;
  readonly templateCount: number;
  /** Connected linkedin and twitter accounts, 0 to 2 (DECISIONS 16). */
  readonly connectedAccounts: number;
  /** The newest first, de-duplicated by template plus config (spec 2.8). */
  readonly automations: readonly DashboardAutomation[];
  /** The 4 most popular templates. */
  readonly popularTemplates: readonly DashboardTemplate[];
}

/** The two platforms the connected-accounts counter counts. */
export const COUNTED_PLATFORMS = 2;

const nothingYet: DashboardData = {
  completedAutomations: 0,
  templateCount: 0,
  connectedAccounts: 0,
  automations: [],
  popularTemplates: [],
};

/**
 * What the dashboard shows. Automations, templates and connections do not exist yet, so the counts are
 * real zeros and no call is made. The catalogue, connections and automations issues plug in here:
 * SWR on `/jobs/dashboard/stats` (completed automations, template count), `/users/platforms`
 * (connected linkedin and twitter accounts), `/automation` (the list, de-duplicated by template
 * plus config, keeping the newest) and `/templates/meta/popular` (the popular templates). Spec 2.8: a load failure is only logged, so each falls back to
 * these zeros.
 */
export function useDashboardData(): DashboardData {
  return nothingYet;
}
