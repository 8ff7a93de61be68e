import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { batchDelete } from '../core/batch-delete';
import { dynamo, tableName } from '../core/clients/dynamo';
import { cancellationCodes } from '../core/dynamo-errors';
import { keys } from '../core/table';

/**
 * A team's items (DECISIONS 31; core/table.ts rows 41-46). Every change that takes or gives back a
 * seat is one transaction with the seat count, whose condition keeps the count within the plan's seats
 * however many requests arrive at once: a pending invitation holds a seat, accepting it moves the seat
 * to the member, revoking or removing gives it back.
 */

export interface StoredTeamInvitation {
  id: string;
  ownerId: string;
  email: string;
  createdAt: string;
  /**
   * Epoch seconds: the link stops working then. Not the table's TTL attribute: an expired invitation
   * still holds its seat until the owner resends or revokes it, so it must not vanish on its own.
   */
  linkExpiresAt: number;
  /** The hash of the link's token (the token itself is only in the e-mail). */
  tokenHash: string;
}

export interface StoredMember {
  userId: string;
  email: string;
  name: string;
  joinedAt: string;
}

export interface StoredMembership {
  ownerId: string;
  joinedAt: string;
}

/** Why a team write was refused: the reason the service turns into the API's words. */
export type TeamRefusal = 'seats-full' | 'already-invited' | 'already-member' | 'gone';

export class TeamWriteRefused extends Error {
  constructor(readonly reason: TeamRefusal) {
    super(reason);
  }
}

const table = () => tableName();

/** The three items of a pending invitation, deleted together when it is revoked or accepted. */
function teamInvitationDeletes(teamInvitation: StoredTeamInvitation) {
  const { ownerId, id, email, tokenHash } = teamInvitation;
  return [
    {
      Delete: {
        TableName: table(),
        Key: keys.teamInvitation(ownerId, id),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    { Delete: { TableName: table(), Key: keys.teamInvitedEmail(ownerId, email) } },
    { Delete: { TableName: table(), Key: keys.teamInvitationToken(tokenHash) } },
  ];
}

/**
 * Writes the items as one transaction; an item whose condition failed is refused for the reason
 * `refusals` gives its place (in TransactItems order).
 */
async function transact(
  items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>,
  refusals: Record<number, TeamRefusal>,
): Promise<void> {
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const codes = cancellationCodes(error);
    for (const [at, reason] of Object.entries(refusals)) {
      if (codes?.[Number(at)] === 'ConditionalCheckFailed') throw new TeamWriteRefused(reason);
    }
    throw error;
  }
}

/** The link's item: its token's hash names the invitation; it expires with the link (the table's TTL). */
const linkPut = (ownerId: string, teamInvitationId: string, tokenHash: string, linkExpiresAt: number) => ({
  Put: {
    TableName: table(),
    Item: {
      ...keys.teamInvitationToken(tokenHash),
      ownerId,
      invitationId: teamInvitationId,
      expiresAt: linkExpiresAt,
    },
  },
});

/** A seat given back to the team (one seat; the take is createTeamInvitation's conditional add). */
const seatGivenBack = (ownerId: string) => ({
  Update: {
    TableName: table(),
    Key: keys.teamSeats(ownerId),
    UpdateExpression: 'ADD seats :minusOne',
    ExpressionAttributeValues: { ':minusOne': -1 },
  },
});

/** Takes one of `otherSeats` (the seats besides the owner's) for a new invitation of `email`. */
export async function createTeamInvitation(
  teamInvitation: StoredTeamInvitation,
  otherSeats: number,
): Promise<void> {
  const { ownerId, id, email } = teamInvitation;
  await transact(
    [
      {
        Update: {
          TableName: table(),
          Key: keys.teamSeats(ownerId),
          UpdateExpression: 'ADD seats :one',
          ConditionExpression: 'attribute_not_exists(seats) OR seats < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': otherSeats },
        },
      },
      {
        Put: {
          TableName: table(),
          Item: { ...keys.teamInvitedEmail(ownerId, email), invitationId: id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Put: { TableName: table(), Item: { ...keys.teamInvitation(ownerId, id), ...teamInvitation } } },
      linkPut(ownerId, id, teamInvitation.tokenHash, teamInvitation.linkExpiresAt),
    ],
    { 0: 'seats-full', 1: 'already-invited' },
  );
}

export async function findTeamInvitation(
  ownerId: string,
  teamInvitationId: string,
): Promise<StoredTeamInvitation | undefined> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: table(),
      Key: keys.teamInvitation(ownerId, teamInvitationId),
      ConsistentRead: true,
    }),
  );
  return out.Item as StoredTeamInvitation | undefined;
}

/** The invitation a link's token names, if the link still works. */
export async function findTeamInvitationByToken(
  tokenHash: string,
): Promise<StoredTeamInvitation | undefined> {
  const out = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.teamInvitationToken(tokenHash), ConsistentRead: true }),
  );
  const link = out.Item as { ownerId: string; invitationId: string } | undefined;
  if (!link) return undefined;
  return findTeamInvitation(link.ownerId, link.invitationId);
}

/** The invitation's three items go and its seat is given back, once: a second revoke finds it gone. */
export async function deleteTeamInvitation(teamInvitation: StoredTeamInvitation): Promise<void> {
  await transact([...teamInvitationDeletes(teamInvitation), seatGivenBack(teamInvitation.ownerId)], {
    0: 'gone',
  });
}

/**
 * The invitation becomes a membership, its seat the member's: one transaction that needs the invitation
 * still there, so of two accepts (or an accept and a revoke) only one takes effect.
 */
export async function acceptTeamInvitation(
  teamInvitation: StoredTeamInvitation,
  member: StoredMember,
): Promise<void> {
  const { ownerId } = teamInvitation;
  await transact(
    [
      ...teamInvitationDeletes(teamInvitation),
      {
        Put: {
          TableName: table(),
          Item: { ...keys.teamMember(ownerId, member.userId), ...member },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: table(),
          Item: { ...keys.membership(member.userId, ownerId), ownerId, joinedAt: member.joinedAt },
        },
      },
    ],
    { 0: 'gone', 3: 'already-member' },
  );
}

/** A new link for the invitation (resend): the old link stops working, the seat stays held. */
export async function renewTeamInvitation(
  teamInvitation: StoredTeamInvitation,
  tokenHash: string,
  linkExpiresAt: number,
): Promise<void> {
  const { ownerId, id } = teamInvitation;
  await transact(
    [
      {
        Update: {
          TableName: table(),
          Key: keys.teamInvitation(ownerId, id),
          UpdateExpression: 'SET tokenHash = :next, linkExpiresAt = :until',
          ConditionExpression: 'tokenHash = :previous',
          ExpressionAttributeValues: {
            ':next': tokenHash,
            ':until': linkExpiresAt,
            ':previous': teamInvitation.tokenHash,
          },
        },
      },
      { Delete: { TableName: table(), Key: keys.teamInvitationToken(teamInvitation.tokenHash) } },
      linkPut(ownerId, id, tokenHash, linkExpiresAt),
    ],
    { 0: 'gone' },
  );
}

export async function findMember(ownerId: string, memberId: string): Promise<StoredMember | undefined> {
  const out = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.teamMember(ownerId, memberId), ConsistentRead: true }),
  );
  return out.Item as StoredMember | undefined;
}

/** The member and their side of it go, and the seat is given back, once. */
export async function removeMember(ownerId: string, memberId: string): Promise<void> {
  await transact(
    [
      {
        Delete: {
          TableName: table(),
          Key: keys.teamMember(ownerId, memberId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      { Delete: { TableName: table(), Key: keys.membership(memberId, ownerId) } },
      seatGivenBack(ownerId),
    ],
    { 0: 'gone' },
  );
}

async function queryPrefix<T>(pk: string, prefix: string): Promise<T[]> {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((out.Items ?? []) as T[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

export const listMembers = (ownerId: string) =>
  queryPrefix<StoredMember>(keys.teamSeats(ownerId).pk, keys.teamMemberPrefix);

export const listTeamInvitations = (ownerId: string) =>
  queryPrefix<StoredTeamInvitation>(keys.teamSeats(ownerId).pk, keys.teamInvitationPrefix);

/** The workspaces a person is a member of (besides their own). */
export const listMemberships = (memberId: string) =>
  queryPrefix<StoredMembership>(keys.teamSeats(memberId).pk, keys.membershipPrefix);

/**
 * The member's side of an owner's team, when the team goes with the owner's account (the member item and
 * the seat count are in the owner's partition, which the account's deletion empties).
 */
export async function deleteMembership(memberId: string, ownerId: string): Promise<void> {
  await batchDelete([keys.membership(memberId, ownerId)]);
}

/** The pending invitations' links, which live outside the owner's partition: they stop working. */
export async function deleteTeamInvitationLinks(
  teamInvitations: readonly StoredTeamInvitation[],
): Promise<void> {
  await batchDelete(
    teamInvitations.map((teamInvitation) => keys.teamInvitationToken(teamInvitation.tokenHash)),
  );
}
