import { expect } from 'vitest';
import type { PageResponse, PlatformPage } from '../../../../functions/platforms/browser';
import { PlatformStop } from '../../../../functions/platforms/driver-types';
import type {
  PlatformAnswer,
  PlatformFailure,
  PlatformFailureReason,
} from '../../../../functions/platforms/platform-failure';
import { PlatformServerError } from '../../../../functions/platforms/platform-request';
import {
  PLATFORM_SESSION_VERDICT,
  type PlatformSessionCheck,
  type PlatformSessionSpec,
} from '../../../../functions/platforms/session-types';

/**
 * One platform answer read three ways: by the platform's classifier (endpoints.ts), by the runner (the
 * driver's request helper on a page that answers it, and the drivers' wallAt on its URL) and by the
 * session check (readWhoAmI, which sees a wall as an unfollowed redirect's Location).
 */
export interface ClassifierCase {
  name: string;
  status?: number;
  /** The path the call ended at; the API path asked when absent. */
  at?: string;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  /** What every reader must make of it; undefined: a good answer. */
  reason: PlatformFailureReason | undefined;
}

export interface PlatformUnderTest {
  base: string;
  /** The API path the runner's request asks (its final URL when nothing redirected). */
  apiPath: string;
  classify(answer: PlatformAnswer): PlatformFailure | undefined;
  /** The runner's call through the platform's request helper. */
  request(page: PlatformPage): Promise<unknown>;
  /** Every wallAt the platform's drivers give the engine (it reads the landing page's URL with them). */
  walls(): Array<(url: string) => string | undefined>;
  session: PlatformSessionSpec;
}

export function pageResponse(platform: PlatformUnderTest, c: ClassifierCase): PageResponse {
  const json = c.json;
  return {
    status: c.status ?? 200,
    url: `${platform.base}${c.at ?? platform.apiPath}`,
    contentType: json === undefined ? 'text/html' : 'application/json',
    headers: c.headers ?? {},
    ...(json === undefined ? { text: c.text ?? '' } : { json }),
  };
}

export function pageAnswering(platform: PlatformUnderTest, res: PageResponse): PlatformPage {
  return {
    baseUrl: platform.base,
    landedAt: `${platform.base}/`,
    landingStatus: 200,
    request: async () => res,
    close: async () => undefined,
  };
}

/** What the runner's request helper made of the answer: a stop's reason, 'server-error', or none. */
export async function runnerReads(
  platform: PlatformUnderTest,
  c: ClassifierCase,
): Promise<{ reason: PlatformFailureReason | undefined; error?: unknown }> {
  try {
    await platform.request(pageAnswering(platform, pageResponse(platform, c)));
    return { reason: undefined };
  } catch (error) {
    if (error instanceof PlatformStop) return { reason: error.reason, error };
    if (error instanceof PlatformServerError) return { reason: 'server-error', error };
    throw error;
  }
}

/**
 * What the session check made of the same answer: a wall comes as a 302 to it (the check does not
 * follow redirects), anything else as it is.
 */
export function sessionReads(platform: PlatformUnderTest, c: ClassifierCase): PlatformSessionCheck {
  return platform.session.readWhoAmI(
    c.at !== undefined
      ? {
          status: 302,
          location: `${platform.base}${c.at}`,
          contentType: 'text/html',
          json: undefined,
          text: '',
        }
      : {
          status: c.status ?? 200,
          location: undefined,
          contentType: c.json === undefined ? 'text/html' : 'application/json',
          json: c.json,
          ...(c.json === undefined ? { text: c.text ?? '' } : {}),
        },
    platform.base,
  );
}

/** The three readings agree with the case. */
export async function expectAllRead(platform: PlatformUnderTest, c: ClassifierCase): Promise<void> {
  const res = pageResponse(platform, c);
  expect(platform.classify(res)?.reason, `${c.name}: classifier`).toBe(c.reason);
  expect((await runnerReads(platform, c)).reason, `${c.name}: runner`).toBe(c.reason);
  if (c.at !== undefined) {
    const wall = c.reason === 'challenge' || c.reason === 'expired' ? c.reason : undefined;
    for (const wallAt of platform.walls()) expect(wallAt(res.url), `${c.name}: wallAt`).toBe(wall);
  }
  // A good answer here is no who-am-I answer (no account in it): the session check has nothing to agree on.
  if (c.reason === undefined) return;
  expect(sessionReads(platform, c), `${c.name}: session check`).toMatchObject({
    ok: false,
    reason: PLATFORM_SESSION_VERDICT[c.reason],
  });
}
