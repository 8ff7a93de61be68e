import type { SandboxPerson, SandboxPlatform, SandboxWorld } from './world-types';

/**
 * The accounts a sandbox site signs in: every site has its owner (the default of `issueSession`);
 * LinkedIn also has a free account, a person of the pinned world, so flows can be tried on both tiers
 * (premium: 300-character notes; free: 200 characters and 5 notes a month).
 */
export interface SandboxAccount {
  /** 'owner' or 'free': what `issueSession(platform, { account })` names. */
  name: string;
  person: SandboxPerson;
  /** LinkedIn Premium (the /me JSON's premiumSubscriber). */
  premium: boolean;
  /** What the login form takes besides the password (lower case): handle and e-mail addresses. */
  logins: string[];
}

export const DEFAULT_ACCOUNT = 'owner';

/** The free LinkedIn account's sign-in address (its handle works too). */
export const LINKEDIN_FREE_ACCOUNT_EMAIL = 'linkedin-free@sandbox.trobly.local';

/**
 * The free LinkedIn account: the first person of the pinned world after the owner whom LinkedIn does
 * not hide. Chosen, not generated, so the pinned world stays as it is.
 */
export function linkedInFreeAccount(world: SandboxWorld): SandboxPerson {
  const person = world.people.find((p) => !p.isOwner && !p.hidden);
  if (!person) throw new Error('The sandbox LinkedIn world has no person for the free account');
  return person;
}

export function siteAccounts(platform: SandboxPlatform, world: SandboxWorld): SandboxAccount[] {
  const owner: SandboxAccount = {
    name: DEFAULT_ACCOUNT,
    person: world.owner,
    premium: platform === 'linkedin',
    logins: [world.owner.handle.toLowerCase(), world.owner.email.toLowerCase()],
  };
  if (platform !== 'linkedin') return [owner];
  const free = linkedInFreeAccount(world);
  return [
    owner,
    {
      name: 'free',
      person: free,
      premium: false,
      logins: [free.handle.toLowerCase(), free.email.toLowerCase(), LINKEDIN_FREE_ACCOUNT_EMAIL],
    },
  ];
}
