import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryByPrefix } from '../../../../functions/core/query';
import { keys } from '../../../../functions/core/table';
import {
  type ContactRecord,
  invitationAcceptance,
} from '../../../../functions/flows/contact-ledger-repository';
import {
  isSettled,
  SETTLED_STATUSES,
  type WriteStatus,
} from '../../../../functions/flows/write-ledger-repository';
import { ADAPTIVE_LIMITS } from '../../../../shared/invitation-limit';

// The ledger's reads and conditional writes run against DynamoDB Local in
// test/integration/write-once*.integration.test.ts; here the partition's people are handed in as the
// query pages them, and the ledger's own rules are what is checked.
vi.mock('../../../../functions/core/query', () => ({ queryByPrefix: vi.fn() }));
// Nor does anything here reach DynamoDB: its client and commands are replaced by modules with nothing
// in them, so a call that did would throw.
vi.mock('../../../../functions/core/clients/dynamo', () => ({}));
vi.mock('@aws-sdk/lib-dynamodb', () => ({}));

const account = { workspaceId: 'u-1', connectionId: 'c-1' };
const NOW = new Date('2026-11-25T10:00:00.000Z');
const DAY = 24 * 3600 * 1000;
/** The moment an invitation sent `days` ago (and `ms` more) was sent. */
const ago = (days: number, ms = 0) => new Date(NOW.getTime() - days * DAY - ms).toISOString();

let people: Array<Partial<ContactRecord>>;

beforeEach(() => {
  people = [];
  vi.mocked(queryByPrefix)
    .mockReset()
    .mockImplementation(async function* () {
      yield* people as Record<string, unknown>[];
    });
});

const invited = (at: string, accepted = false, id = `p-${people.length}`): Partial<ContactRecord> => ({
  personId: id,
  steps: { discovered: at, invited: at, ...(accepted ? { accepted: at } : {}) },
});

describe('the statuses after which a write is never sent again', () => {
  it('are done, failed, skipped and expired; a write on its way may still go', () => {
    expect(SETTLED_STATUSES).toEqual(['done', 'failed', 'skipped', 'expired']);
    const all: WriteStatus[] = ['intent', 'taken', 'performing', 'done', 'failed', 'skipped', 'expired'];
    expect(all.filter(isSettled)).toEqual(['done', 'failed', 'skipped', 'expired']);
  });
});

describe("how the account's last invitations were answered (issue 23 point 5)", () => {
  const acceptance = () => invitationAcceptance(account, NOW, ADAPTIVE_LIMITS);

  it("reads the people of the account's own ledger", async () => {
    await acceptance();
    expect(queryByPrefix).toHaveBeenCalledWith(keys.ledgerPartition('u-1', 'c-1'), 'PERSON#');
  });

  it('counts who accepted among 50 invitations old enough to be answered', async () => {
    for (let i = 0; i < 50; i++) people.push(invited(ago(4, i), i < 6));
    expect(await acceptance()).toEqual({ invited: 50, accepted: 6 });
  });

  it('does not judge on 49, however many younger invitations there are', async () => {
    for (let i = 0; i < 49; i++) people.push(invited(ago(4, i), true));
    for (let i = 0; i < 10; i++) people.push(invited(ago(1, i)));
    expect(await acceptance()).toBeUndefined();
  });

  it('counts an invitation 3 days old exactly, and not one a millisecond younger', async () => {
    for (let i = 0; i < 49; i++) people.push(invited(ago(5, i)));
    people.push(invited(ago(3, -1), true));
    expect(await acceptance()).toBeUndefined();
    people.push(invited(ago(3), true));
    expect(await acceptance()).toEqual({ invited: 50, accepted: 1 });
  });

  it('reads the newest 50 of them, whatever order the ledger lists people in', async () => {
    // 60 old enough, listed by person, not by date: the 10 oldest, all accepted, are left out.
    for (let i = 0; i < 60; i++) {
      const day = 4 + ((i * 7) % 60);
      people.push(invited(ago(day), day >= 54, `p-${String(i).padStart(2, '0')}`));
    }
    expect(await acceptance()).toEqual({ invited: 50, accepted: 0 });
  });

  it('leaves out people never invited', async () => {
    for (let i = 0; i < 50; i++) people.push(invited(ago(4, i)));
    people[0] = { personId: 'p-found', steps: { discovered: ago(10) } };
    people.push({ personId: 'p-bare' });
    expect(await acceptance()).toBeUndefined();
  });
});
