import type { BrandView } from './brand';

/**
 * Teams and workspaces (DECISIONS 31): the API's words and answers, read by the handlers, the Team
 * section and the app's shell alike. The request schemas are in team.ts.
 */

/** How long an invitation's link works. */
export const TEAM_INVITATION_DAYS = 7;

export const TEAM_TEXTS = {
  notInPlan: 'Teams are available on the Plus plan. Upgrade to invite teammates.',
  seatsFull: (total: number) =>
    `All ${total} seats are taken. Remove a member or revoke an invitation to invite someone else.`,
  yourself: 'You cannot invite yourself.',
  alreadyMember: 'This person is already a member of your team.',
  alreadyInvited: 'This e-mail address already has a pending invitation.',
  invitationNotFound: 'Invitation not found',
  memberNotFound: 'Member not found',
  invitationInvalid: 'This invitation is no longer valid. Ask the team owner to invite you again.',
  wrongAccount: (invited: string) =>
    `This invitation was sent to ${invited}. Sign in with that e-mail address to accept it.`,
  ownTeam: 'This invitation is for your own team.',
  teamUnavailable: "This team's plan no longer includes teammates. Ask the team owner.",
  ownerOnly: 'Only the workspace owner can manage billing, the team and the brand.',
  invited: (address: string) => `Invitation sent to ${address}`,
  // Issue 34 point 2: invitation mails are limited per recipient and per owner (functions/team/team-invitation-mail-limits.ts).
  tooManyToAddress: 'This address has had several invitation e-mails in the last hour. Try again later.',
  tooManyFromOwner: 'You have sent many invitation e-mails in the last hour. Try again later.',
  seatsUsed: (used: number, total: number) => `${used} of ${total} seats used`,
} as const;

/** GET /api/team's answer. */
export interface TeamView {
  owner: { id: string; email: string; name: string };
  members: Array<{ userId: string; email: string; name: string; joinedAt: string }>;
  invitations: Array<{ id: string; email: string; createdAt: string; expiresAt: string }>;
  seats: { used: number; total: number };
}

/** A workspace a person may act in: their own, or a team's they are a member of. */
export interface WorkspaceOption {
  id: string;
  /** The owner's name ('Ada Lovelace'); the person's own is theirs. */
  name: string;
  role: 'owner' | 'member';
  /** false while the owner's plan has no team users (DECISIONS 31: suspended, nothing deleted). */
  available: boolean;
}

/** GET /api/workspaces's answer. */
export interface WorkspacesView {
  current: string;
  workspaces: WorkspaceOption[];
  /**
   * The current workspace's brand (DECISIONS 32), shown in the shell and the tab title to everyone
   * working in it while its owner's plan has white label; null: the product's own.
   */
  brand: BrandView;
}

export const WORKSPACE_TEXTS = {
  notMember: 'You are not a member of this workspace.',
  label: 'Workspace',
  own: 'My workspace',
  team: (name: string) => `${name}'s workspace`,
  paused: (name: string) => `${name}'s workspace (paused)`,
  backToOwn: 'Back to my workspace',
  switchFailed: 'Could not switch workspace',
  managedByOwner: (name: string) =>
    `You are working in ${name}'s workspace: its owner manages its team and brand. Switch to your own workspace to manage yours.`,
  switched: (name: string) => `Now working in ${name}'s workspace`,
  switchedOwn: 'Now working in your own workspace',
  /** A removed teammate's next request in the workspace (DECISIONS 34); the name as personName gives it. */
  removed: (owner: string) => `You were removed from ${owner}'s workspace.`,
} as const;

/**
 * How a team and a workspace name a person: 'Ada Lovelace', or the username when the profile has no
 * name. Here, not in the user repository, because the auth hook (functions/core) names an owner too.
 */
export const personName = (user: { firstName?: string | null; lastName?: string | null; username: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
