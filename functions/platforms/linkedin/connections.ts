import type { ListReader, ListRow, TrobConfig } from '../driver-types';
import { LINKEDIN_API } from './endpoints';
import { findImage } from './search-results';
import { byUrn, profileIdIn, voyagerGet } from './voyager';

/**
 * The connections export's list: /relationships/dash/connections, 40 a page, no total (page until
 * `*elements` is empty). 'Connected after' stops the walk at the first older connection, which the
 * recently-added order makes exact.
 */
const SORT: Record<string, string> = {
  recentlyAdded: 'RECENTLY_ADDED',
  firstName: 'FIRSTNAME_LASTNAME',
  lastName: 'LASTNAME_FIRSTNAME',
};

function settings(config: TrobConfig) {
  const s = (config.connectionSettings ?? {}) as { sortBy?: string; connectedAfter?: string };
  return {
    sortType: SORT[s.sortBy ?? 'recentlyAdded'] ?? 'RECENTLY_ADDED',
    connectedAfter: s.connectedAfter || undefined,
  };
}

export function connectionsPath(start: number, count: number, sortType: string): string {
  return `${LINKEDIN_API.connections}?decorationId=${LINKEDIN_API.decorations.connections}&count=${count}&q=search&sortType=${sortType}&start=${start}`;
}

export function connectionsReader(csrf: string): ListReader {
  return {
    action: 'list-pages',
    noun: 'connections',
    async read(page, cursor, config) {
      const start = Number(cursor ?? 0);
      const count = LINKEDIN_API.pageSizes.connections;
      const { sortType, connectedAfter } = settings(config);
      const body = await voyagerGet(page, connectionsPath(start, count, sortType), csrf);
      const refs = ((body.data?.['*elements'] as unknown[] | undefined) ?? []).map(String);
      const included = byUrn(body);
      const after = connectedAfter ? Date.parse(`${connectedAfter}T00:00:00Z`) : undefined;
      let reachedOlder = false;
      const rows: ListRow[] = [];
      for (const ref of refs) {
        const connection = included.get(ref);
        const member = connection?.connectedMember ?? connection?.['*connectedMemberResolutionResult'];
        const profile = included.get(String(member));
        const id = profileIdIn(member);
        if (!connection || !profile || !id) continue;
        if (after !== undefined && sortType === 'RECENTLY_ADDED' && Number(connection.createdAt) < after) {
          reachedOlder = true;
          break;
        }
        const handle = typeof profile.publicIdentifier === 'string' ? profile.publicIdentifier : undefined;
        const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
        rows.push({
          id,
          name: name || 'LinkedIn Member',
          hidden: !name || !handle,
          headline: typeof profile.headline === 'string' ? profile.headline : undefined,
          ...(handle ? { profileUrl: `/in/${encodeURIComponent(handle)}/` } : {}),
          profileImage: findImage(profile.profilePicture),
          connectionDegree: '1st',
          context: { connectedAt: new Date(Number(connection.createdAt)).toISOString() },
        });
      }
      const more = refs.length > 0 && !reachedOlder;
      return { rows, ...(more ? { next: String(start + refs.length) } : {}) };
    },
  };
}
