/** The signed-in session: what the rest of the app may use. */

export { type CurrentUser, useCurrentUser, useWorkspacePlan, type WorkspacePlan } from './current-user';
export { type Session, SessionProvider, type SessionStatus, useSession } from './SessionProvider';
export { getAccessToken } from './token-store';
