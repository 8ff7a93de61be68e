/**
 * The extension's calls to the Trobly API, with the pairing's own session (30 days, from
 * `POST /api/users/extension/pair`). Refresh tokens rotate on every use and a reused one revokes the
 * whole session, so renewals are serialised (one in flight, shared by every caller) and the new
 * tokens are stored before anything else happens. A 401 from the refresh means the pairing is gone.
 * No chrome API here: the storage is passed in, so unit tests drive it with plain objects.
 */

export interface Pairing {
  /** The app's origin, which serves the API under /api. */
  apiOrigin: string;
  accessToken: string;
  refreshToken: string;
  /** Epoch ms after which the access token is refused. */
  accessExpiresAt: number;
  userId: string;
  email?: string;
  pairedAt: number;
}

export interface PairingStore {
  load(): Promise<Pairing | undefined>;
  save(pairing: Pairing): Promise<void>;
  clear(): Promise<void>;
}

/** The pairing is gone (never made, undone, or refused by the API). */
export class NotPairedError extends Error {
  constructor(message = 'The extension is not paired') {
    super(message);
    this.name = 'NotPairedError';
  }
}

/** An API answer other than 2xx (status 0: no answer). */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

export const UNREACHABLE_MESSAGE = 'Trobly could not be reached. Please try again later.';
/** Renew a little before the access token runs out rather than spend a 401 on it. */
const RENEW_MARGIN_MS = 30_000;

interface TokenAnswer {
  data?: {
    accessToken?: string;
    refreshToken?: string;
    expiresIn?: number;
    user?: { id?: string; email?: string };
  };
}

export interface ApiClient {
  /** Calls `path` (from /api on) with the pairing's bearer token; renews it once on a 401. */
  call<T>(path: string, init?: { method?: 'GET' | 'POST'; body?: unknown }): Promise<T>;
  /** Ends the pairing's session on the server (best effort; never renews). */
  logout(pairing: Pairing): Promise<void>;
}

export function createApiClient({
  store,
  fetch: fetchFn,
  now = Date.now,
}: {
  store: PairingStore;
  fetch: typeof fetch;
  now?: () => number;
}): ApiClient {
  let renewing: Promise<Pairing> | undefined;

  async function request(origin: string, path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchFn(`${origin}/api${path}`, init);
    } catch {
      throw new ApiCallError(0, UNREACHABLE_MESSAGE);
    }
  }

  async function failure(response: Response): Promise<ApiCallError> {
    let message = `Trobly answered ${response.status}`;
    let code: string | undefined;
    try {
      const body = (await response.json()) as { message?: unknown; code?: unknown };
      if (typeof body.message === 'string' && body.message !== '') message = body.message;
      if (typeof body.code === 'string') code = body.code;
    } catch {
      // Not the API's JSON error (a proxy's page): keep the status.
    }
    return new ApiCallError(response.status, message, code);
  }

  /** New tokens for the pairing whose access token `stale` was refused; one renewal at a time. */
  function renew(stale: Pairing): Promise<Pairing> {
    renewing ??= (async () => {
      try {
        const current = await store.load();
        if (!current) throw new NotPairedError();
        // Renewed (or paired again) meanwhile: use what is stored now.
        if (current.accessToken !== stale.accessToken) return current;
        const response = await request(current.apiOrigin, '/auth/refresh', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ refreshToken: current.refreshToken }),
        });
        if (response.status === 401 || response.status === 403) {
          await store.clear();
          throw new NotPairedError('The pairing has ended: pair the extension again from Trobly');
        }
        if (!response.ok) throw await failure(response);
        const answer = ((await response.json()) as TokenAnswer).data;
        if (!answer?.accessToken || !answer.refreshToken || !answer.expiresIn)
          throw new ApiCallError(response.status, 'Trobly answered an unexpected refresh');
        const next: Pairing = {
          ...current,
          accessToken: answer.accessToken,
          refreshToken: answer.refreshToken,
          accessExpiresAt: now() + answer.expiresIn * 1000,
          ...(answer.user?.id ? { userId: answer.user.id } : {}),
          ...(answer.user?.email ? { email: answer.user.email } : {}),
        };
        // The old refresh token is spent: store the new one before anything else.
        await store.save(next);
        return next;
      } finally {
        renewing = undefined;
      }
    })();
    return renewing;
  }

  function send(pairing: Pairing, path: string, init: { method?: string; body?: unknown }) {
    return request(pairing.apiOrigin, path, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${pairing.accessToken}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  }

  return {
    async call<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
      let pairing = await store.load();
      if (!pairing) throw new NotPairedError();
      if (pairing.accessExpiresAt - now() < RENEW_MARGIN_MS) pairing = await renew(pairing);
      let response = await send(pairing, path, init);
      if (response.status === 401) {
        pairing = await renew(pairing);
        response = await send(pairing, path, init);
        if (response.status === 401) {
          await store.clear();
          throw new NotPairedError('The pairing has ended: pair the extension again from Trobly');
        }
      }
      if (!response.ok) throw await failure(response);
      const text = await response.text();
      return (text === '' ? undefined : JSON.parse(text)) as T;
    },

    async logout(pairing: Pairing): Promise<void> {
      await request(pairing.apiOrigin, '/auth/logout', {
        method: 'POST',
        headers: { authorization: `Bearer ${pairing.accessToken}` },
      }).catch(() => undefined);
    },
  };
}
