/**
 * What the other domains read of a workspace's platform connections: which there are and one of them
 * (the dashboard's count, an account's deletion, a flow's plan). Their cookies are handed out by the
 * platform sessions (platform-sessions.ts), and only this domain's routes change a connection.
 */
export { findConnection, listConnections, type StoredConnection } from './connection-repository';
