import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SandboxPlatform } from './world-types';

/**
 * Cookie sessions of one sandbox site: in memory, and in a JSON file under the state dir when one is
 * given, so sessions (and the app's connected sandbox accounts) survive an `npm start` restart.
 */
export interface SandboxSession {
  /** The login cookie's value: li_at, auth_token or sessionid. */
  token: string;
  /** The CSRF cookie's value as set: JSESSIONID ("ajax:..." with its quotes), ct0 or csrftoken. */
  csrf: string;
  accountId: string;
  userAgent: string;
  createdAt: string;
  /** Unix seconds. */
  expiresAt: number;
}

export const SESSION_LIFETIME_SECONDS = 365 * 24 * 3600;

function alnum(n: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

function digits(n: number): string {
  let out = String(randomInt(1, 10));
  while (out.length < n) out += String(randomInt(10));
  return out;
}

/** Long random values shaped like each platform's own. */
export function newSessionValues(
  platform: SandboxPlatform,
  accountId: string,
): { token: string; csrf: string } {
  switch (platform) {
    case 'linkedin':
      return { token: `AQEDAR${randomBytes(132).toString('base64url')}`, csrf: `"ajax:${digits(19)}"` };
    case 'x':
      return { token: randomBytes(20).toString('hex'), csrf: randomBytes(80).toString('hex') };
    case 'instagram':
      return {
        token: `${accountId}%3A${alnum(14)}%3A${randomInt(1, 30)}%3A${randomBytes(40).toString('base64url')}`,
        csrf: alnum(32),
      };
  }
}

export function sessionsFile(stateDir: string, platform: SandboxPlatform): string {
  return join(stateDir, 'sandbox-platforms', `sessions-${platform}.json`);
}

export class SessionStore {
  private readonly sessions = new Map<string, SandboxSession>();

  constructor(
    private readonly platform: SandboxPlatform,
    private readonly file?: string,
  ) {
    if (file && existsSync(file)) {
      try {
        for (const s of JSON.parse(readFileSync(file, 'utf8')) as SandboxSession[])
          this.sessions.set(s.token, s);
      } catch {
        // A damaged file only loses sandbox sessions: the user connects the sandbox account again.
      }
    }
  }

  create(accountId: string, userAgent: string): SandboxSession {
    const now = Date.now();
    const session: SandboxSession = {
      ...newSessionValues(this.platform, accountId),
      accountId,
      userAgent,
      createdAt: new Date(now).toISOString(),
      expiresAt: Math.floor(now / 1000) + SESSION_LIFETIME_SECONDS,
    };
    this.sessions.set(session.token, session);
    this.save();
    return session;
  }

  find(token: string | undefined): SandboxSession | undefined {
    if (!token) return undefined;
    const session = this.sessions.get(token);
    if (!session) return undefined;
    if (session.expiresAt * 1000 <= Date.now()) {
      this.revoke(token);
      return undefined;
    }
    return session;
  }

  revoke(token: string | undefined): boolean {
    if (!token || !this.sessions.delete(token)) return false;
    this.save();
    return true;
  }

  /** The sessions issued to a browser: what a test finds its own sandbox session by. */
  withUserAgent(userAgent: string): SandboxSession[] {
    return [...this.sessions.values()].filter((session) => session.userAgent === userAgent);
  }

  get size(): number {
    return this.sessions.size;
  }

  private save(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify([...this.sessions.values()], null, 2), { mode: 0o600 });
    renameSync(tmp, this.file);
  }
}
