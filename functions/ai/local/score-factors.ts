/** The local scorer's criteria and what each is worth (the scheme: prospect-scorer.ts). */
export const FACTOR_POINTS = {
  keywords: 30,
  jobTitle: 25,
  industry: 15,
  location: 10,
  companySize: 10,
  offer: 10,
} as const;
export type FactorKey = keyof typeof FACTOR_POINTS;

export const FACTOR_NAMES: Record<FactorKey, string> = {
  keywords: 'Keywords',
  jobTitle: 'Job title',
  industry: 'Industry',
  location: 'Location',
  companySize: 'Company size',
  offer: 'Fit with your offer',
};

/** What one criterion gave a prospect. */
export interface Assessment {
  key: FactorKey;
  /** 0 to 1. */
  credit: number;
  detail: string;
  /** For the reason sentence, when it matched: 'job title (Head of Growth)'. */
  summary?: string;
}
