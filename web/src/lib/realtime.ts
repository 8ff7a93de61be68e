import type { JobProgress, JobProgressEvent, SubscribeToJobProgress } from '../../../shared/realtime';
import { renewSession } from './session/session-client';
import { accessTokenExpired, getAccessToken, readTokens } from './session/token-store';

/**
 * The live-progress socket of DECISIONS 12: the client sends
 * `{"action":"subscribeToJobProgress","jobId":"..."}` for each job it watches, again after every
 * reconnect, and the server pushes `{"event":"jobProgress","data":{...}}`.
 *
 * Reconnecting is partysocket's `ReconnectingWebSocket` (loaded on first use, so only the pages that
 * open a socket carry it): each attempt asks the URL provider again, so every reconnect carries the
 * current access token.
 */

/** The connection indicator's three states (part 2 sections 2.10 and 7). */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

export const CONNECTION_LABELS: Readonly<Record<ConnectionState, string>> = {
  connecting: 'Connecting...',
  connected: 'Connected',
  disconnected: 'Disconnected',
};

/** Part 2 section 9 and DECISIONS 12: reconnect after 1 s up to 5 s, randomised by 0.5; 20 s per attempt. */
export const RECONNECT = {
  minDelayMs: 1000,
  maxDelayMs: 5000,
  /** Each failed attempt doubles the wait (Socket.IO's default, which the spec's numbers come from). */
  growFactor: 2,
  randomisation: 0.5,
  connectionTimeoutMs: 20_000,
} as const;

/**
 * The first reconnect delay with its randomisation: 1 s ± 50 %. The library multiplies it by the grow
 * factor per failed attempt and caps the result at the maximum, as Socket.IO does.
 */
export function randomisedMinDelay(random: () => number = Math.random): number {
  return RECONNECT.minDelayMs * (1 + RECONNECT.randomisation * (2 * random() - 1));
}

/**
 * A pushed job progress as the client reads it: the shared `JobProgress`, each field optional, and the
 * forms the spec says older senders used (progress as '45%', `percent`, `percentage`).
 */
export type LiveJobProgress = Partial<Omit<JobProgress, 'jobId' | 'progress'>> & {
  jobId: string;
  progress?: number | string;
  percent?: number | string;
  percentage?: number | string;
  successTasks?: number;
  failedTasks?: number;
  error?: string;
};

type ProgressListener = (progress: LiveJobProgress) => void;
type StateListener = (state: ConnectionState) => void;

/** The socket's address without its token: `/config.json`'s `realtimeUrl`, else this origin's `/ws`. */
export const CONFIG_PATH = '/config.json';

export function sameOriginSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

let socketBase: Promise<string> | undefined;

/**
 * In AWS the WebSocket API has its own domain, written at deploy into `/config.json`
 * (`{"realtimeUrl":"wss://..."}`); locally there is no such file (the SPA fallback answers HTML) and the
 * socket is this origin's `/ws`. Read once per page load; a request that got no answer is tried again
 * next time instead of fixing the fallback for good.
 */
export function realtimeBaseUrl(): Promise<string> {
  socketBase ??= loadSocketBase().catch(() => {
    socketBase = undefined;
    return sameOriginSocketUrl();
  });
  return socketBase;
}

async function loadSocketBase(): Promise<string> {
  const response = await fetch(CONFIG_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) return sameOriginSocketUrl();
  try {
    const config = (await response.json()) as { realtimeUrl?: unknown } | null;
    const url = config?.realtimeUrl;
    if (typeof url === 'string' && /^wss?:\/\/[^/]/.test(url)) return url;
  } catch {
    // Not JSON (the SPA's index.html): no configuration.
  }
  return sameOriginSocketUrl();
}

/** Forgets the address read from `/config.json` (tests start each case afresh). */
export function resetRealtimeConfig(): void {
  socketBase = undefined;
}

/**
 * The access token for the next connection attempt. Browsers cannot send headers with a WebSocket, so
 * it goes in the query string; a token that has run out is renewed first, since `$connect` refuses it.
 */
async function currentAccessToken(): Promise<string | undefined> {
  const tokens = readTokens();
  if (tokens && accessTokenExpired(tokens)) await renewSession();
  return getAccessToken();
}

/** The URL of one connection attempt: the socket's address with `?token=<access token>`. */
export async function socketUrl(): Promise<string> {
  const url = new URL(await realtimeBaseUrl());
  const token = await currentAccessToken();
  if (token) url.searchParams.set('token', token);
  return url.toString();
}

export interface RealtimeClientOptions {
  /** Where each attempt connects; the default is `socketUrl`. */
  url?: () => Promise<string>;
  /** For the reconnect randomisation; Math.random by default. */
  random?: () => number;
}

export interface RealtimeClient {
  readonly state: ConnectionState;
  /** Calls `listener` on every change of state; answers the unsubscribe. */
  onState(listener: StateListener): () => void;
  /** Watches a job's progress (subscribing now when connected, and after every reconnect). */
  subscribe(jobId: string, listener: ProgressListener): () => void;
  /** Closes the socket for good. */
  close(): void;
}

interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  addEventListener(type: 'open' | 'close' | 'error' | 'message', listener: (event: Event) => void): void;
}

const OPEN = 1;

/** Reads a pushed frame; anything but a jobProgress event with a job id is ignored. */
export function readJobProgress(data: unknown): LiveJobProgress | undefined {
  if (typeof data !== 'string') return undefined;
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof frame !== 'object' || frame === null) return undefined;
  const { event, data: progress } = frame as Partial<JobProgressEvent> & { data?: unknown };
  if (event !== 'jobProgress' || typeof progress !== 'object' || progress === null) return undefined;
  const jobId = (progress as { jobId?: unknown }).jobId;
  return typeof jobId === 'string' && jobId !== '' ? (progress as LiveJobProgress) : undefined;
}

/** Opens the socket at once (its library loads first) and keeps it open until `close`. */
export function createRealtimeClient(options: RealtimeClientOptions = {}): RealtimeClient {
  const url = options.url ?? socketUrl;
  const random = options.random ?? Math.random;
  const jobs = new Map<string, Set<ProgressListener>>();
  const stateListeners = new Set<StateListener>();
  let state: ConnectionState = 'connecting';
  let socket: SocketLike | undefined;
  let closed = false;

  const setState = (next: ConnectionState) => {
    if (next === state) return;
    state = next;
    for (const listener of stateListeners) listener(next);
  };

  const sendSubscribe = (jobId: string) => {
    if (socket?.readyState !== OPEN) return;
    const message: SubscribeToJobProgress = { action: 'subscribeToJobProgress', jobId };
    socket.send(JSON.stringify(message));
  };

  import('partysocket/ws')
    .then(({ default: ReconnectingWebSocket }) => {
      if (closed) return;
      const reconnecting = new ReconnectingWebSocket(url, undefined, {
        // Read on every attempt (the library looks its options up each time), so each delay gets its
        // own randomisation.
        get minReconnectionDelay() {
          return randomisedMinDelay(random);
        },
        maxReconnectionDelay: RECONNECT.maxDelayMs,
        reconnectionDelayGrowFactor: RECONNECT.growFactor,
        connectionTimeout: RECONNECT.connectionTimeoutMs,
        // Subscriptions are sent on every open, never queued: a queued copy would go out twice.
        maxEnqueuedMessages: 0,
      });
      socket = reconnecting;
      reconnecting.addEventListener('open', () => {
        setState('connected');
        for (const jobId of jobs.keys()) sendSubscribe(jobId);
      });
      reconnecting.addEventListener('close', () => {
        if (!closed) setState('disconnected');
      });
      reconnecting.addEventListener('error', () => {
        if (!closed) setState('disconnected');
      });
      reconnecting.addEventListener('message', (event) => {
        const progress = readJobProgress((event as MessageEvent).data);
        if (!progress) return;
        for (const listener of jobs.get(progress.jobId) ?? []) listener(progress);
      });
    })
    .catch(() => {
      // The library's chunk did not load (offline, a new deploy): no live feed; polling goes on.
      if (!closed) setState('disconnected');
    });

  return {
    get state() {
      return state;
    },
    onState(listener) {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
    subscribe(jobId, listener) {
      let listeners = jobs.get(jobId);
      if (!listeners) {
        listeners = new Set();
        jobs.set(jobId, listeners);
        sendSubscribe(jobId);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        // The protocol has no unsubscribe: the job is only left out of the next reconnect's list.
        if (listeners.size === 0) jobs.delete(jobId);
      };
    },
    close() {
      closed = true;
      stateListeners.clear();
      jobs.clear();
      socket?.close();
    },
  };
}
