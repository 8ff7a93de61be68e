import { TEXT_ORIGINS, type TextOrigin, type TextOriginStats } from '../../shared/review';
import { queryByPrefix } from '../core/query';
import { keys } from '../core/table';
import { type ContactRecord, contactsOfFlow, type LedgerAccount } from './contact-ledger-repository';
import type { WriteRecord } from './write-ledger-repository';

/**
 * The analytics' comparison of review before send (issue 23 point 1): of the flow's invitations with
 * a note and its follow-up messages that went out, by where their text came from (approved as
 * written, edited, autopilot), how many were accepted and how many answered. Read from the account's
 * contact ledger: the sent writes of the flow and the steps its people reached. A write sent before
 * review existed has no origin and counts as autopilot, which it was.
 */
export async function reviewComparison(account: LedgerAccount, flowId: string): Promise<TextOriginStats[]> {
  const pk = keys.ledgerPartition(account.workspaceId, account.connectionId);
  const sent = async (prefix: string) => {
    const out: WriteRecord[] = [];
    for await (const item of queryByPrefix(pk, `WRITE#${prefix}`)) {
      const write = item as unknown as WriteRecord;
      if (write.flowId === flowId && write.status === 'done' && write.text) out.push(write);
    }
    return out;
  };
  const [notes, messages, contacts] = await Promise.all([
    sent('invite:'),
    sent('message:'),
    contactsOfFlow(account, flowId),
  ]);
  const people = new Map<string, ContactRecord>(contacts.map((c) => [c.personId, c]));
  const stats = new Map<TextOrigin, TextOriginStats>(
    TEXT_ORIGINS.map((origin) => [
      origin,
      { origin, notesSent: 0, notesAccepted: 0, messagesSent: 0, messagesReplied: 0 },
    ]),
  );
  const of = (write: WriteRecord) => stats.get(write.origin ?? 'autopilot')!;
  for (const note of notes) {
    of(note).notesSent++;
    if (people.get(note.personId)?.steps.accepted) of(note).notesAccepted++;
  }
  for (const message of messages) {
    of(message).messagesSent++;
    if (people.get(message.personId)?.steps.replied) of(message).messagesReplied++;
  }
  return [...stats.values()];
}
