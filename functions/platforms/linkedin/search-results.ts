import type { ListPage, ListRow } from '../driver-types';
import { PlatformStop } from '../driver-types';
import { byUrn, imageUrl, type Normalized, profileIdIn, textOf } from './voyager';

/**
 * The answer of voyagerSearchDashClusters (followers and people search):
 * `data.data.searchDashClustersByAll { metadata{totalResultCount}, paging, elements[].items[].item{*entityResult} }`
 * with the people as EntityResultViewModel in `included`.
 */
const DISTANCE: Record<string, string> = {
  DISTANCE_1: '1st',
  DISTANCE_2: '2nd',
  DISTANCE_3: '3rd+',
  OUT_OF_NETWORK: '3rd+',
};

/** A vector image anywhere a few levels down (the result's image nests it in attributes). */
export function findImage(value: unknown, depth = 0): string | undefined {
  if (!value || typeof value !== 'object' || depth > 6) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.rootUrl === 'string') return imageUrl(record);
  for (const child of Object.values(record)) {
    const found = Array.isArray(child)
      ? child.map((c) => findImage(c, depth + 1)).find(Boolean)
      : findImage(child, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function entityRow(entity: Record<string, unknown>): ListRow | undefined {
  const id = profileIdIn(entity.entityUrn);
  if (!id) return undefined;
  const name = textOf(entity.title);
  const url = typeof entity.navigationUrl === 'string' ? entity.navigationUrl : undefined;
  const hidden = !name || name === 'LinkedIn Member' || !url || !url.includes('/in/');
  const distance = (entity.entityCustomTrackingInfo as { memberDistance?: string } | undefined)
    ?.memberDistance;
  return {
    id,
    name: name ?? 'LinkedIn Member',
    hidden,
    headline: textOf(entity.primarySubtitle),
    location: textOf(entity.secondarySubtitle),
    ...(hidden ? {} : { profileUrl: url!.split('?')[0] }),
    profileImage: findImage(entity.image),
    ...(distance && DISTANCE[distance] ? { connectionDegree: DISTANCE[distance] } : {}),
  };
}

export function readSearchClusters(body: Normalized, start: number, count: number): ListPage {
  const inner = (body.data?.data as Record<string, unknown> | undefined)?.searchDashClustersByAll as
    | {
        metadata?: { totalResultCount?: number };
        paging?: { total?: number };
        elements?: Array<{ items?: Array<{ item?: Record<string, unknown> }> }>;
      }
    | undefined;
  if (!inner) throw new PlatformStop('changed', 'LinkedIn search answered without searchDashClustersByAll');
  const included = byUrn(body);
  const rows: ListRow[] = [];
  for (const element of inner.elements ?? []) {
    for (const { item } of element.items ?? []) {
      const ref = item?.['*entityResult'];
      const entity = typeof ref === 'string' ? included.get(ref) : undefined;
      const row = entity ? entityRow(entity) : undefined;
      if (row) rows.push(row);
    }
  }
  const total = inner.metadata?.totalResultCount ?? inner.paging?.total;
  const end = start + rows.length;
  const more = rows.length > 0 && (total === undefined ? rows.length >= count : end < total);
  return {
    rows,
    ...(more ? { next: String(end) } : {}),
    ...(total === undefined ? {} : { total }),
    // The list ended before its total: LinkedIn's cap of search-based lists.
    ...(!more && total !== undefined && end < total && start > 0 ? { cap: end } : {}),
  };
}
