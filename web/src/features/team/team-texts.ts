/**
 * The accept page's own words (DECISIONS 31). The refusals it shows (invitation no longer valid, wrong
 * account, own team, ...) are the API's messages, TEAM_TEXTS in shared/team.ts.
 */
export const ACCEPT_TEXTS = {
  documentTitle: 'Join a team',
  title: 'Join a team',
  intro:
    "You were invited to join a team. Accepting lets you work in the owner's workspace with your own " +
    'account: its connections, automations, flows and leads.',
  signedInAs: 'You are signed in as',
  accept: 'Accept invitation',
  joined: (workspace: string) => `You joined ${workspace}'s workspace.`,
  goToDashboard: 'Go to dashboard',
  openWorkspace: (workspace: string) => `Open ${workspace}'s workspace`,
  switchFailed: 'Could not open the workspace. Choose it in the Workspace menu of the sidebar.',
  noToken:
    'This invitation link is incomplete. Open the link from your invitation e-mail again, or ask the ' +
    'team owner to send a new invitation.',
  failed: 'Could not accept the invitation. Please try again.',
  noAccountLead: 'No account yet?',
  createAccount: 'Create an account',
  noAccountRest:
    'with the e-mail address the invitation was sent to, verify it, then open the invitation link again.',
} as const;
