import { useCallback, useEffect, useState } from 'react';
import type { LoginResponse } from '../../../../../shared/auth';
import {
  APP_MESSAGE_SOURCE,
  type AppMessage,
  EXTENSION_MARKER,
  type ExtensionMessage,
  PAIR_TIMEOUT_MS,
  type PairedMessage,
  readExtensionMessage,
} from '../../../../../shared/extension';
import { platformLabel } from '../../../../../shared/platforms';
import { ApiError, post } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { failureMessage } from './platforms';

/**
 * The page's side of the browser extension (protocol in shared/extension.ts): whether the extension
 * is installed (its content script marks the page and answers 'hello'), whether it is paired with the
 * signed-in account, and the pairing: the page asks the API for the extension's own session
 * (`POST /users/extension/pair`) and hands its tokens to the extension, which then syncs every
 * platform the browser is signed in to.
 */
export const EXTENSION_TEXTS = {
  paired: 'Extension paired',
  synced: (labels: string[]) => `Extension paired. Synced: ${labels.join(', ')}.`,
  nothingSynced:
    'Extension paired. Log in to LinkedIn, X or Instagram in this browser and it syncs your session.',
  pairFailed: 'Failed to pair the extension',
  noAnswer: 'The extension did not answer. Reload the page and try again.',
} as const;

export const EXTENSION_PAIR_PATH = '/users/extension/pair';

type WithoutSource<T> = T extends unknown ? Omit<T, 'source'> : never;

function postToExtension(message: WithoutSource<AppMessage>): void {
  window.postMessage({ source: APP_MESSAGE_SOURCE, ...message }, window.location.origin);
}

/** A message the extension's content script posted to this window. */
function fromExtension(event: MessageEvent): ExtensionMessage | undefined {
  if (event.source !== window || event.origin !== window.location.origin) return undefined;
  return readExtensionMessage(event.data);
}

const newRequestId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export class ExtensionNoAnswerError extends Error {
  constructor() {
    super(EXTENSION_TEXTS.noAnswer);
    this.name = 'ExtensionNoAnswerError';
  }
}

/** The API asks for the password again: the sign-in is not recent enough to pair (PAIRING). */
export const needsPassword = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status === 403 &&
  error.issues.some((issue) => issue.path === 'password');

/** The API refused the password given to pair: the field's message. */
export const wrongPassword = (error: unknown): string | undefined =>
  error instanceof ApiError && error.status === 400
    ? error.issues.find((issue) => issue.path === 'password')?.message
    : undefined;

/**
 * Pairs the extension with the signed-in account; resolves with the extension's answer. `password`
 * only when the API asked for it (a sign-in older than PAIRING.recentSignInSeconds).
 */
export async function pairExtension(
  password?: string,
  timeoutMs = PAIR_TIMEOUT_MS,
): Promise<PairedMessage & { userId: string }> {
  const { data } = await post<LoginResponse>(
    EXTENSION_PAIR_PATH,
    password === undefined ? undefined : { password },
  );
  const requestId = newRequestId();
  const answer = await new Promise<PairedMessage>((resolve, reject) => {
    const timer = setTimeout(() => {
      window.removeEventListener('message', onMessage);
      reject(new ExtensionNoAnswerError());
    }, timeoutMs);
    function onMessage(event: MessageEvent) {
      const message = fromExtension(event);
      if (message?.type !== 'paired' || message.requestId !== requestId) return;
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(message);
    }
    window.addEventListener('message', onMessage);
    postToExtension({
      type: 'pair',
      requestId,
      accessToken: data.accessToken,
      refreshToken: data.refreshToken,
      expiresIn: data.expiresIn,
      userId: data.user.id,
    });
  });
  return { ...answer, userId: data.user.id };
}

export interface ExtensionPresence {
  installed: boolean;
  /** Paired with an account on this origin: pairedUserId says which. */
  paired: boolean;
  pairedUserId?: string;
}

const markerPresent = () =>
  typeof document !== 'undefined' && Boolean(document.documentElement.dataset[EXTENSION_MARKER]);

/** Whether the extension is installed in this browser, and with whom it is paired. */
export function useExtensionPresence() {
  const [presence, setPresence] = useState<ExtensionPresence>(() => ({
    installed: markerPresent(),
    paired: false,
  }));

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const message = fromExtension(event);
      if (message?.type !== 'ready') return;
      setPresence({
        installed: true,
        paired: message.paired,
        ...(message.userId ? { pairedUserId: message.userId } : {}),
      });
    }
    window.addEventListener('message', onMessage);
    // The content script runs before the app (document_start): it is listening already.
    postToExtension({ type: 'hello' });
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return [presence, setPresence] as const;
}

export interface ExtensionControls {
  installed: boolean;
  /** Paired with the signed-in account. */
  paired: boolean;
  pending: boolean;
  pair(): Promise<void>;
  /** Open when the API asked for the password to pair; `error` is the refusal of the last one given. */
  passwordPrompt: { open: boolean; error?: string };
  pairWithPassword(password: string): Promise<void>;
  cancelPassword(): void;
}

/**
 * The /platforms page's extension state and its Pair button's action: the outcome in notifications
 * (green with the synced platforms, red for each platform the API refused), then `onPaired` (the
 * connection list is read again).
 */
export function useExtensionPairing(userId: string | undefined, onPaired: () => unknown): ExtensionControls {
  const [presence, setPresence] = useExtensionPresence();
  const [pending, setPending] = useState(false);
  const [passwordPrompt, setPasswordPrompt] = useState<{ open: boolean; error?: string }>({ open: false });

  const run = useCallback(
    async (password?: string) => {
      setPending(true);
      try {
        const answer = await pairExtension(password);
        setPasswordPrompt({ open: false });
        if (!answer.ok) {
          notifyError(answer.error ?? EXTENSION_TEXTS.pairFailed);
          return;
        }
        setPresence({ installed: true, paired: true, pairedUserId: answer.userId });
        const labels = answer.synced.map((platform) => platformLabel(platform));
        notifySuccess(labels.length > 0 ? EXTENSION_TEXTS.synced(labels) : EXTENSION_TEXTS.nothingSynced);
        for (const failure of answer.failed) notifyError(failure.message);
        await onPaired();
      } catch (error) {
        // The password prompt is the answer to these two, not a failure to announce.
        if (needsPassword(error)) return setPasswordPrompt({ open: true });
        const refused = password === undefined ? undefined : wrongPassword(error);
        if (refused) return setPasswordPrompt({ open: true, error: refused });
        setPasswordPrompt({ open: false });
        notifyError(
          error instanceof ExtensionNoAnswerError
            ? EXTENSION_TEXTS.noAnswer
            : failureMessage(error, EXTENSION_TEXTS.pairFailed),
        );
      } finally {
        setPending(false);
      }
    },
    [onPaired, setPresence],
  );

  return {
    installed: presence.installed,
    paired: presence.paired && presence.pairedUserId !== undefined && presence.pairedUserId === userId,
    pending,
    pair: () => run(),
    passwordPrompt,
    pairWithPassword: (password: string) => run(password),
    cancelPassword: () => setPasswordPrompt({ open: false }),
  };
}
