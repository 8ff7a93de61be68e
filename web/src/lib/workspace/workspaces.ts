import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { WorkspaceOption, WorkspacesView } from '../../../../shared/team-texts';
import { put } from '../api-client';
import { useSession } from '../session';
import { prefetchAnswer } from '../swr-answers';

/**
 * The workspaces a person may act in and the switch between them (DECISIONS 31), read by the shell.
 * The SWR key is the API path, fetched by the app's one client.
 */
export const WORKSPACES_KEY = '/workspaces';

interface WorkspacesResponse {
  data: WorkspacesView;
}

export interface Workspaces {
  view: WorkspacesView | undefined;
  /** The workspace the session acts in, once known. */
  current: WorkspaceOption | undefined;
  /** The person's own workspace. */
  own: WorkspaceOption | undefined;
  /**
   * Whether the session acts in the person's own workspace: undefined until known; true when the list
   * cannot be read (the owner's routes then answer for themselves).
   */
  inOwnWorkspace: boolean | undefined;
}

/**
 * `GET /api/workspaces`, asked by the shell (and before it, by prefetchWorkspaces); nothing is asked
 * while `enabled` is false (no one signed in yet).
 */
export function useWorkspaces(enabled = true): Workspaces {
  const { data, error } = useSWR<WorkspacesResponse>(enabled ? WORKSPACES_KEY : null, {
    shouldRetryOnError: false,
    revalidateOnFocus: true,
  });
  const view = data?.data;
  const own = view?.workspaces.find((w) => w.role === 'owner');
  return {
    view,
    current: view?.workspaces.find((w) => w.id === view.current),
    own,
    inOwnWorkspace: view ? view.current === own?.id : error ? true : undefined,
  };
}

/**
 * Asks `GET /api/workspaces` while the shell's code loads, with a stored session: an answer that came
 * after the shell had drawn redrew the whole shell in one synchronous render (issue 38 point 2: 41 ms
 * at full speed on the leads screen, four times that on a phone).
 */
export function prefetchWorkspaces(): Promise<void> {
  return prefetchAnswer(WORKSPACES_KEY);
}

/**
 * `PUT /api/workspaces/current`: the session acts in that workspace from its next request. Every cached
 * answer was the old workspace's, so all of them are asked again (through the app's own SWR cache).
 * The signed-in user is read again too (it carries the workspace's plan). Resolves with the server's message ('Now working in Ada Lovelace's workspace').
 */
export function useSwitchWorkspace(): (workspaceId: string) => Promise<string | undefined> {
  const { mutate } = useSWRConfig();
  const { refreshUser } = useSession();
  return useCallback(
    async (workspaceId: string) => {
      const answer = await put<{ message?: string }>(`${WORKSPACES_KEY}/current`, { workspaceId });
      // The list itself is asked again without clearing it: the shell's switch stays in place.
      await Promise.all([
        mutate((key) => key !== WORKSPACES_KEY, undefined, { revalidate: true }),
        mutate(WORKSPACES_KEY),
        // The user names the workspace and its plan, which the screens' offers follow.
        refreshUser().catch(() => undefined),
      ]);
      return answer.message;
    },
    [mutate, refreshUser],
  );
}
