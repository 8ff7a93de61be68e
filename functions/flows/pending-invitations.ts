import { queryByPrefix } from '../core/query';
import { keys } from '../core/table';
import type { ContactRecord, LedgerAccount } from './contact-ledger';

/**
 * The invitations a connected account holds pending, as its contact ledger knows them (issue 23
 * point 2): people any flow of the account invited who have not accepted, declined or been withdrawn.
 * Invitations sent outside the app are not in the ledger: the platform's own Sent list is read once a
 * run (follow-up), where such a person is never ours to withdraw.
 */
export async function pendingInvitationCount(account: LedgerAccount): Promise<number> {
  let pending = 0;
  const pk = keys.ledgerPartition(account.userId, account.connectionId);
  for await (const item of queryByPrefix(pk, 'PERSON#')) {
    const { steps } = item as unknown as Pick<ContactRecord, 'steps'>;
    if (steps?.invited && !steps.accepted && !steps.declined && !steps.withdrawn) pending++;
  }
  return pending;
}
