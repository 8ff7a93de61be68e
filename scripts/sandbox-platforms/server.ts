import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { DEFAULT_ACCOUNT, type SandboxAccount, siteAccounts } from './accounts';
import { parseClockRequest, type SandboxClock, SimulatedClock } from './clock';
import {
  FailureSwitches,
  parseFailureRequest,
  type SandboxFailureRequest,
  type SessionActions,
} from './failures';
import { instagramSpec } from './instagram';
import { avatarSvg, type PlatformSpec, type Reply, safeDecode } from './kit';
import { type LinkedInSiteServices, linkedInSpec } from './linkedin';
import { linkedInStateFile } from './linkedin-state';
import { type SandboxSession, SessionStore, sessionsFile } from './sessions';
import { generateWorld } from './world';
import { sandboxListCapFromEnv, sandboxWorldSizeFromEnv } from './world-extras';
import { indexWorld, type WorldIndex } from './world-index';
import {
  SANDBOX_PASSWORD,
  SANDBOX_SEED,
  type SandboxPlatform,
  type SandboxWorld,
  type SandboxWorldSize,
} from './world-types';
import { xSpec } from './x';

/** One sandbox site (LinkedIn, X or Instagram) on its own port. */
export interface SandboxSiteOptions {
  platform: SandboxPlatform;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Sessions are persisted under <stateDir>/sandbox-platforms/ when given. */
  stateDir?: string;
  world?: SandboxWorld;
  /** The owner's list sizes when no world is given; default: SANDBOX_FOLLOWERS, SANDBOX_CONNECTIONS. */
  size?: Partial<SandboxWorldSize>;
  /** Where LinkedIn's follower and people-search JSON stop; default SANDBOX_LIST_CAP or 1000; 0: no cap. */
  listCap?: number;
  log?: (line: string) => void;
}

export interface SandboxCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  httpOnly: boolean;
  secure: boolean;
  /** Unix seconds. */
  expires: number;
}

/** What "Connect sandbox account" stores: the cookies, the user agent that "created" them, the account. */
export interface IssuedSession {
  platform: SandboxPlatform;
  cookies: SandboxCookie[];
  userAgent: string;
  accountId: string;
  accountUsername: string;
  profileUrl: string;
}

export interface SandboxSite {
  platform: SandboxPlatform;
  url: string;
  world: SandboxWorld;
  /**
   * A session of one of the site's accounts: the owner by default; on LinkedIn `{ account: 'free' }`
   * is the free account (see accounts.ts). An unknown account throws.
   */
  issueSession(userAgent?: string, options?: { account?: string }): IssuedSession;
  /** The accounts the site signs in (the owner first). */
  accounts: readonly SandboxAccount[];
  /** The site's simulated clock (clock.ts): invitations' answers, replies and post times read it. */
  clock: SandboxClock;
  setChallenge(on: boolean): void;
  /** The failure switches of one session (`token`: its login cookie's value) or of all; or `{clear: true}`. */
  setFailures(request: SandboxFailureRequest): void;
  /** A session's action counts (what the health route reports), by its login cookie's value. */
  actions(token: string): SessionActions | undefined;
  stop(): Promise<void>;
}

export const SANDBOX_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36';

export const SANDBOX_ADMIN_PREFIX = '/__sandbox/';

/** Where every site serves its people's avatars (SandboxPerson.imageUrl). */
const AVATARS = '/media/avatars/';

const specs: Record<SandboxPlatform, (index: WorldIndex, services: LinkedInSiteServices) => PlatformSpec> = {
  linkedin: linkedInSpec,
  x: xSpec,
  instagram: instagramSpec,
};

function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!(name in out)) out[name] = part.slice(eq + 1).trim();
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 1_000_000) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseForm(body: string, contentType: string | undefined): Record<string, string> {
  if (contentType?.includes('application/json')) {
    try {
      return Object.fromEntries(
        Object.entries(JSON.parse(body) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      );
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

function send(
  res: ServerResponse,
  reply: Reply,
  cookies: string[] = [],
  extraHeaders: Record<string, string> = {},
): void {
  const headers: Record<string, string | string[]> = { 'cache-control': 'no-store', ...extraHeaders };
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  if (reply.kind === 'redirect') {
    res.writeHead(reply.status ?? 302, { ...headers, location: reply.location });
    res.end();
    return;
  }
  const body = reply.kind === 'json' ? JSON.stringify(reply.body) : reply.body;
  res.writeHead(reply.status ?? 200, {
    ...headers,
    'content-type': reply.kind === 'json' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    ...(reply.headers ?? {}),
  });
  res.end(body);
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

function setCookieHeader(name: string, value: string, expires: number, httpOnly: boolean): string {
  return `${name}=${value}; Path=/; Expires=${new Date(expires * 1000).toUTCString()}; SameSite=Lax${httpOnly ? '; HttpOnly' : ''}`;
}

function clearCookieHeader(name: string): string {
  return `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0`;
}

export async function startSandboxSite(options: SandboxSiteOptions): Promise<SandboxSite> {
  const { platform } = options;
  const world =
    options.world ?? generateWorld(platform, SANDBOX_SEED, { ...sandboxWorldSizeFromEnv(), ...options.size });
  const listCap = options.listCap ?? sandboxListCapFromEnv();
  const index = indexWorld(world);
  const clock = new SimulatedClock();
  const accounts = siteAccounts(platform, world);
  const spec = specs[platform](index, {
    clock,
    accounts,
    ...(options.stateDir && platform === 'linkedin'
      ? { stateFile: linkedInStateFile(options.stateDir) }
      : {}),
  });
  const store = new SessionStore(
    platform,
    options.stateDir ? sessionsFile(options.stateDir, platform) : undefined,
  );
  const log = options.log ?? (() => undefined);
  let challenge = false;
  let baseUrl = '';
  const failures = new FailureSwitches();

  const sessionCookies = (session: SandboxSession): string[] => [
    setCookieHeader(spec.sessionCookie, session.token, session.expiresAt, true),
    setCookieHeader(spec.csrfCookie, session.csrf, session.expiresAt, spec.csrfCookieHttpOnly),
  ];

  const accountNamed = (name: string = DEFAULT_ACCOUNT): SandboxAccount => {
    const account = accounts.find((a) => a.name === name);
    if (!account)
      throw new Error(
        `The sandbox ${platform} has no account '${name}' (it has ${accounts.map((a) => a.name).join(', ')})`,
      );
    return account;
  };

  const issue = (userAgent = SANDBOX_USER_AGENT, issueOptions: { account?: string } = {}): IssuedSession => {
    const { person } = accountNamed(issueOptions.account);
    const session = store.create(person.id, userAgent);
    const domain = new URL(baseUrl).hostname;
    const cookie = (name: string, value: string, httpOnly: boolean): SandboxCookie => ({
      name,
      value,
      domain,
      path: '/',
      httpOnly,
      secure: false,
      expires: session.expiresAt,
    });
    return {
      platform,
      cookies: [
        cookie(spec.sessionCookie, session.token, true),
        cookie(spec.csrfCookie, session.csrf, spec.csrfCookieHttpOnly),
      ],
      userAgent,
      accountId: person.id,
      accountUsername: person.handle,
      profileUrl: `${baseUrl}${spec.profilePath(person)}`,
    };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', baseUrl);
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const cookies = parseCookies(req.headers.cookie);

    // The admin endpoints: tests and the app's "Connect sandbox account" use them; never challenged.
    if (path.startsWith(SANDBOX_ADMIN_PREFIX)) {
      const action = path.slice(SANDBOX_ADMIN_PREFIX.length).replace(/\/$/, '');
      if (action === 'health')
        return send(res, {
          kind: 'json',
          body: {
            ok: true,
            platform,
            challenge,
            sessions: store.size,
            people: world.people.length,
            size: world.size,
            listCap,
            clock: { now: new Date(clock.now()).toISOString(), offsetMs: clock.offsetMs() },
            accounts: accounts.map((a) => ({ name: a.name, handle: a.person.handle, premium: a.premium })),
            ...failures.snapshot(),
          },
        });
      if (action === 'failures' && method === 'POST') {
        let request: SandboxFailureRequest;
        try {
          request = parseFailureRequest(JSON.parse((await readBody(req)) || '{}'));
        } catch (error) {
          return send(res, { kind: 'json', status: 400, body: { error: (error as Error).message } });
        }
        failures.apply(request);
        log(`[sandbox ${platform}] failures ${JSON.stringify(request)}`);
        return send(res, { kind: 'json', body: failures.snapshot() });
      }
      if (action === 'failures') return send(res, { kind: 'json', body: failures.snapshot() });
      if (action === 'challenge' && method === 'POST') {
        const body = parseForm(await readBody(req), 'application/json');
        challenge = body.on === 'true';
        return send(res, { kind: 'json', body: { challenge } });
      }
      if (action === 'challenge') return send(res, { kind: 'json', body: { challenge } });
      if (action === 'sessions' && method === 'POST') {
        const body = parseForm(await readBody(req), 'application/json');
        let issued: IssuedSession;
        try {
          issued = issue(body.userAgent || undefined, body.account ? { account: body.account } : {});
        } catch (error) {
          return send(res, { kind: 'json', status: 400, body: { error: (error as Error).message } });
        }
        return send(res, { kind: 'json', status: 201, body: issued });
      }
      if (action === 'sessions') {
        // Which sessions a browser holds, by its User-Agent (exact): the app's sandbox connect issues the
        // session to the caller's browser, so a test that gave its browser a name of its own finds its
        // session's token here and switches failures for that session alone.
        const userAgent = url.searchParams.get('userAgent');
        if (!userAgent)
          return send(res, { kind: 'json', status: 400, body: { error: 'userAgent is required' } });
        return send(res, {
          kind: 'json',
          body: {
            sessions: store
              .withUserAgent(userAgent)
              .map(({ token, accountId, createdAt }) => ({ token, accountId, createdAt })),
          },
        });
      }
      if (action === 'clock' && method === 'POST') {
        try {
          clock.advance(parseClockRequest(JSON.parse((await readBody(req)) || '{}')).advanceMs);
        } catch (error) {
          return send(res, { kind: 'json', status: 400, body: { error: (error as Error).message } });
        }
        log(`[sandbox ${platform}] clock now ${new Date(clock.now()).toISOString()}`);
        return send(res, {
          kind: 'json',
          body: { now: new Date(clock.now()).toISOString(), offsetMs: clock.offsetMs() },
        });
      }
      if (action === 'clock')
        return send(res, {
          kind: 'json',
          body: { now: new Date(clock.now()).toISOString(), offsetMs: clock.offsetMs() },
        });
      return send(res, { kind: 'json', status: 404, body: { error: 'not found' } });
    }

    const token = cookies[spec.sessionCookie];
    const slow = failures.slowMs(token);
    if (slow > 0) await sleep(slow);

    // Avatars are public, as on the platforms' image hosts: no session, never challenged or counted.
    if (path.startsWith(AVATARS) && path.endsWith('.svg')) {
      const person = index.person(safeDecode(path.slice(AVATARS.length, -'.svg'.length)));
      if (!person) return send(res, { kind: 'html', status: 404, body: 'Not found' });
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' });
      res.end(avatarSvg(person.name, person.id));
      return;
    }

    if (path.startsWith(spec.challengePath)) return send(res, { kind: 'html', body: spec.challengePage() });
    if (challenge)
      return send(
        res,
        spec.isApi(path) ? spec.apiFailure('challenge') : { kind: 'redirect', location: spec.challengePath },
      );
    if (path === '/favicon.ico') return send(res, { kind: 'html', status: 204, body: '' });

    if (spec.loginPaths.includes(path)) {
      const redirectTo = url.searchParams.get('redirect') ?? undefined;
      if (method !== 'POST') return send(res, { kind: 'html', body: spec.loginPage(undefined, redirectTo) });
      const form = parseForm(await readBody(req), req.headers['content-type']);
      const username = (form[spec.loginFields.username] ?? form.username ?? '')
        .trim()
        .replace(/^@/, '')
        .toLowerCase();
      const password = form[spec.loginFields.password] ?? form.password ?? '';
      const account = accounts.find((a) => a.logins.includes(username));
      if (!account || password !== SANDBOX_PASSWORD)
        return send(res, {
          kind: 'html',
          status: 401,
          body: spec.loginPage('Wrong username or password.', form.redirect),
        });
      const session = store.create(account.person.id, req.headers['user-agent'] ?? SANDBOX_USER_AGENT);
      log(`[sandbox ${platform}] login ${account.person.handle}`);
      const next =
        form.redirect?.startsWith('/') && !form.redirect.startsWith('//') ? form.redirect : spec.homePath;
      return send(res, { kind: 'redirect', location: next, status: 303 }, sessionCookies(session));
    }

    if (spec.logoutPaths.includes(path)) {
      store.revoke(cookies[spec.sessionCookie]);
      return send(res, { kind: 'redirect', location: spec.loginPaths[0]!, status: 303 }, [
        clearCookieHeader(spec.sessionCookie),
        clearCookieHeader(spec.csrfCookie),
      ]);
    }

    const session = store.find(token);
    const me = session ? index.person(session.accountId) : undefined;
    const isApi = spec.isApi(path);
    const toLogin: Reply = {
      kind: 'redirect',
      location: `${spec.loginPaths[0]}?redirect=${encodeURIComponent(path + url.search)}`,
    };
    if (!session || !me) {
      if (isApi) return send(res, spec.apiFailure(failures.isExpired(token) ? 'expired' : 'unauthenticated'));
      return send(res, toLogin);
    }

    // One action of this session: the failure switches decide whether it is answered.
    const verdict = failures.act(session.token, session.accountId);
    const headers = isApi && spec.apiHeaders ? spec.apiHeaders(verdict.rate) : {};
    switch (verdict.outcome) {
      case 'expired':
        store.revoke(session.token);
        log(`[sandbox ${platform}] session expired by the expireAfter switch`);
        return send(res, isApi ? spec.apiFailure('expired') : toLogin, [], headers);
      case 'challenge':
        return send(
          res,
          isApi ? spec.apiFailure('challenge') : { kind: 'redirect', location: spec.challengePath },
          [],
          headers,
        );
      case 'rate_limited':
        return send(
          res,
          isApi
            ? spec.apiFailure('rate_limited')
            : { kind: 'html', status: 429, body: spec.rateLimitedPage() },
          [],
          headers,
        );
      case 'ok':
        break;
    }

    if (isApi) {
      const header = req.headers[spec.csrfHeader.toLowerCase()];
      const cookie = cookies[spec.csrfCookie];
      if (!header || header !== spec.csrfHeaderValue(session.csrf) || cookie !== session.csrf)
        return send(res, spec.apiFailure('csrf'), [], headers);
    }
    const body = method === 'POST' ? await readBody(req) : undefined;
    const reply = spec.route({
      url,
      method,
      headers: req.headers,
      session,
      me,
      index,
      baseUrl,
      listCap,
      ...(body !== undefined ? { body } : {}),
    });
    if (reply) return send(res, reply, [], headers);
    return send(
      res,
      isApi ? spec.apiFailure('not_found') : { kind: 'html', status: 404, body: spec.notFoundPage() },
      [],
      headers,
    );
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      log(`[sandbox ${platform}] ${req.method} ${req.url} failed: ${error.message}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('sandbox error');
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, host, () => done());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  baseUrl = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${port}`;

  return {
    platform,
    url: baseUrl,
    world,
    issueSession: issue,
    accounts,
    clock,
    setChallenge: (on) => {
      challenge = on;
    },
    setFailures: (request) => failures.apply(parseFailureRequest(request)),
    actions: (token) => failures.actionsOf(token),
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
