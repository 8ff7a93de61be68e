/**
 * The Team section's own words (DECISIONS 31). What the server also says (not in the plan, seats
 * used, seats full, 'Invitation sent to x') is TEAM_TEXTS in shared/team.ts.
 */
export const TEAM_SECTION_TEXTS = {
  title: 'Team',
  intro: (teammates: number) =>
    `Invite up to ${teammates} ${teammates === 1 ? 'teammate' : 'teammates'} by e-mail. ` +
    'They sign in with their own accounts and work in your workspace.',
  viewPricing: 'View pricing plans',
  emailLabel: 'Email',
  emailPlaceholder: 'teammate@company.com',
  invite: 'Invite',
  membersTitle: 'Members',
  owner: 'Owner',
  you: '(you)',
  joined: (date: string) => `Joined ${date}`,
  noMembers: 'No teammates yet.',
  invitationsTitle: 'Pending invitations',
  noInvitations: 'No pending invitations.',
  expires: (date: string) => `Expires ${date}`,
  expired: 'Expired',
  resend: 'Resend',
  resendLabel: (email: string) => `Resend invitation to ${email}`,
  revoke: 'Revoke',
  revokeLabel: (email: string) => `Revoke invitation to ${email}`,
  revoked: (email: string) => `Invitation to ${email} revoked`,
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  removeTitle: 'Remove teammate?',
  removeText: (name: string, email: string) =>
    `Remove ${name} (${email}) from your team? They lose access to your workspace at once; ` +
    'everything they made stays.',
  removed: (name: string) => `${name} was removed from your team`,
  cancel: 'Cancel',
  loading: 'Loading your team',
  loadError: 'Could not load your team',
  retry: 'Retry',
  failures: {
    invite: 'Could not send the invitation',
    resend: 'Could not resend the invitation',
    revoke: 'Could not revoke the invitation',
    remove: 'Could not remove the teammate',
  },
} as const;
