import { expect } from 'vitest';
import { updateUser } from '../../functions/auth/user-repository';
import type { Plan } from '../../shared/plan-policy';
import type { Platform } from '../../shared/platforms';
import {
  type Api,
  freshAddress,
  newUserInput,
  type RegisterInput,
  register,
  signIn,
  type TestUser,
  uniqueName,
  verifyEmail,
} from './api-client';
import { markWarmedUp } from './warm-up';

/**
 * THE way an integration test gets a user of the app: `newUser()` registers through the API, follows
 * the verification link from the outbox and signs in, the way a person gets there, then sets the plan
 * and connects sandbox accounts when asked. It works against the accounts env of the test file
 * (`useAccountsEnv` binds it). Routes outside the account ones that only need a token for some user id
 * use `accessToken` (integration-env.ts) instead.
 */

export interface NewUserOptions extends Partial<RegisterInput> {
  /** false: registered but the e-mail not verified. Default true. */
  verified?: boolean;
  rememberMe?: boolean;
  /** Set in the table after sign-up. A TRIAL without `trialEndsAt` ends in 7 days; other plans get null. */
  plan?: Plan;
  trialEndsAt?: string | null;
  /**
   * Sandbox accounts connected through the API (the sandbox platforms must run, their env set), as
   * seasoned accounts: past their warm-up, with the full write budgets.
   */
  connect?: Platform[];
  /** Leaves the connected accounts new to write actions: their warm-up starts with their first write. */
  freshAccounts?: boolean;
}

interface UsersEnv {
  api: Api;
  stateDir: string;
}

let env: UsersEnv | undefined;
/** Verified users made up front by `warmUsers`, taken by `newUser` calls that ask nothing of sign-up. */
let pool: TestUser[] = [];

/** Called by `useAccountsEnv` (and with undefined on close): the env `newUser` creates users in. */
export function bindUsers(next: UsersEnv | undefined): void {
  env = next;
  pool = [];
}

function boundEnv(): UsersEnv {
  if (!env) throw new Error('newUser() needs the accounts env: call useAccountsEnv() in beforeAll first');
  return env;
}

/**
 * Registers, verifies and signs in. Costs two password hashes (register and sign-in), so tests that
 * do not change the user share one. Each sign-up comes from a client address of its own (sign-ups are
 * limited per address); `api` picks the address of the e-mail check and sign-in.
 */
async function signedUp(options: NewUserOptions, api: Api): Promise<TestUser> {
  const { stateDir } = boundEnv();
  const {
    verified = true,
    rememberMe,
    plan: _plan,
    trialEndsAt: _ends,
    connect: _connect,
    ...input
  } = options;
  const registration = newUserInput(input);
  await register(api, registration);
  if (verified) await verifyEmail(api, stateDir, registration.email);
  const session = await signIn(api, registration.email, registration.password, rememberMe);
  return { ...registration, ...session, id: session.user.id };
}

const asksNothingOfSignUp = (options: NewUserOptions) =>
  Object.keys(options).every((key) =>
    ['plan', 'trialEndsAt', 'connect', 'freshAccounts', 'verified'].includes(key),
  ) && options.verified !== false;

/** A new signed-in user (see NewUserOptions); from the warmed pool when one is left and fits. */
export async function newUser(options: NewUserOptions = {}): Promise<TestUser> {
  const { api } = boundEnv();
  const pooled = asksNothingOfSignUp(options) ? pool.pop() : undefined;
  const user = pooled ?? (await signedUp(options, api));
  if (options.plan) {
    const trialEndsAt =
      options.trialEndsAt !== undefined
        ? options.trialEndsAt
        : options.plan === 'TRIAL'
          ? new Date(Date.now() + 7 * 24 * 3600_000).toISOString()
          : null;
    await updateUser(user.id, { plan: options.plan, trialEndsAt });
  }
  for (const platform of options.connect ?? []) {
    const res = await api.post('/api/users/platforms/sandbox', { platform }, { token: user.accessToken });
    expect(res.status, res.text).toBe(201);
    // A seasoned account: its write budgets are the full ones (the warm-up's own tests start fresh).
    if (!options.freshAccounts)
      await markWarmedUp({ workspaceId: user.id, connectionId: res.body.data.platform.id });
  }
  return user;
}

/**
 * Makes `count` verified users in parallel before the tests, for the `newUser()` calls that ask only
 * for a plan or connections: two password hashes each is most of a test's time. Each signs in from its
 * own address (more than 20 sign-ins in flight from one address are refused).
 */
export async function warmUsers(count: number, prefix?: string): Promise<void> {
  const { api } = boundEnv();
  const made = await Promise.all(
    Array.from({ length: count }, () =>
      signedUp(prefix === undefined ? {} : { username: uniqueName(prefix) }, api.from(freshAddress())),
    ),
  );
  pool.push(...made);
}
