import { queryByPrefix } from '../core/query';
import { keys } from '../core/table';
import type { ContactRecord, LedgerAccount } from './contact-ledger-repository';

/**
 * The invitations a connected account holds pending, as its contact ledger knows them (issue 23
 * point 2): people any flow of the account invited who have not accepted, declined or been withdrawn.
 * Invitations sent outside the app are not in the ledger: the platform's own Sent list is read once a
 * run (follow-up), where such a person is never ours to withdraw.
 */
export async function pendingInvitationCount(account: LedgerAccount): Promise<number> {
  let pending = 0;
  for (const contact of await allContacts(account)) if (isPendingInvitation(contact)) pending++;
  return pending;
}

/** Invited by a flow and not answered or withdrawn yet. */
export const isPendingInvitation = ({ steps }: Pick<ContactRecord, 'steps'>): boolean =>
  Boolean(steps?.invited && !steps.accepted && !steps.declined && !steps.withdrawn);

/** Every person of the account's ledger, every flow's, in one read. */
export async function allContacts(account: LedgerAccount): Promise<ContactRecord[]> {
  const out: ContactRecord[] = [];
  const pk = keys.ledgerPartition(account.workspaceId, account.connectionId);
  for await (const item of queryByPrefix(pk, 'PERSON#')) out.push(item as unknown as ContactRecord);
  return out;
}
