import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * What the sandbox LinkedIn's accounts did, as it is kept: the records of linkedin-state.ts and the
 * file `sandbox-platforms/state-linkedin.json` under the state dir (next to sessions-linkedin.json),
 * written whole through a temporary file so a crash never leaves half of one.
 */

export interface StoredLike {
  accountId: string;
  postId: string;
  at: number;
}

export interface StoredComment {
  id: string;
  accountId: string;
  postId: string;
  text: string;
  at: number;
}

export interface StoredInvitation {
  id: string;
  accountId: string;
  personId: string;
  note?: string;
  sentAt: number;
  /**
   * When the account withdrew it (it was pending then). Kept, not deleted: LinkedIn's 3 weeks before
   * the person may be invited again count from it, and a second withdrawal is refused, not unknown.
   */
  withdrawnAt?: number;
}

export interface StoredMessage {
  id: string;
  accountId: string;
  personId: string;
  text: string;
  at: number;
}

export interface StateFile {
  version: 1;
  clockOffsetMs: number;
  /** The time recent posts' ages count back from: when the state was first made. */
  postAnchor: number;
  likes: StoredLike[];
  comments: StoredComment[];
  invitations: StoredInvitation[];
  messages: StoredMessage[];
}

export function linkedInStateFile(stateDir: string): string {
  return join(stateDir, 'sandbox-platforms', 'state-linkedin.json');
}

/** The kept state, or undefined without one (or with a damaged one: the site starts afresh). */
export function loadStateFile(file: string | undefined, now: () => number): StateFile | undefined {
  if (!file || !existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as StateFile;
    if (parsed.version !== 1) return undefined;
    return {
      version: 1,
      clockOffsetMs: Number(parsed.clockOffsetMs) || 0,
      postAnchor: Number(parsed.postAnchor) || now(),
      likes: parsed.likes ?? [],
      comments: parsed.comments ?? [],
      invitations: parsed.invitations ?? [],
      messages: parsed.messages ?? [],
    };
  } catch {
    // A damaged file only loses what the sandbox accounts did.
    return undefined;
  }
}

export function saveStateFile(file: string | undefined, data: StateFile): void {
  if (!file) return;
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
  renameSync(tmp, file);
}
