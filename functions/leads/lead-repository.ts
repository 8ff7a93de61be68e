import { queryByPrefix } from '../core/query';
import { keys } from '../core/table';

/** A stored lead as the filter sees it: its id and its attributes. */
export interface StoredLead {
  id: string;
  [field: string]: unknown;
}

/** All leads of one user, page by page: the key starts with the owner, so no other user's lead is read. */
export async function* userLeads(userId: string): AsyncGenerator<StoredLead> {
  const { pk, skPrefix } = keys.leadsPrefix(userId);
  for await (const item of queryByPrefix(pk, skPrefix)) {
    const { pk: _pk, sk, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, ...lead } = item;
    yield { ...lead, id: (lead.id as string | undefined) ?? String(sk).slice(skPrefix.length) };
  }
}
