import type { HttpRoute } from './route-types';

/**
 * The team rows of the route table (DECISIONS 31, issue 22 point 2). The owner manages the team of
 * their own workspace (a member acting in it is refused: ownerOnly); the accept is the invited
 * person's. The literal `accept` segment wins over any {id} (as on API Gateway).
 */
export const teamRoutes: readonly HttpRoute[] = [
  {
    method: 'GET',
    path: '/api/team',
    handler: 'team/get-team',
    auth: 'verified',
    ownerOnly: true,
    table: 'read',
  },
  {
    method: 'POST',
    path: '/api/team/invitations',
    handler: 'team/invite',
    auth: 'verified',
    ownerOnly: true,
    table: 'write',
    needs: ['mail'],
  },
  {
    method: 'POST',
    path: '/api/team/invitations/accept',
    handler: 'team/accept-invitation',
    auth: 'verified',
    table: 'write',
  },
  {
    method: 'POST',
    path: '/api/team/invitations/{id}/resend',
    handler: 'team/resend-invitation',
    auth: 'verified',
    ownerOnly: true,
    table: 'write',
    needs: ['mail'],
  },
  {
    method: 'DELETE',
    path: '/api/team/invitations/{id}',
    handler: 'team/revoke-invitation',
    auth: 'verified',
    ownerOnly: true,
    table: 'write',
  },
  {
    method: 'DELETE',
    path: '/api/team/members/{id}',
    handler: 'team/remove-member',
    auth: 'verified',
    ownerOnly: true,
    table: 'write',
    // The removed member's sockets in the workspace are closed at once.
    needs: ['realtime-push'],
  },
  // The workspaces a person may act in, and the switch (the session keeps it). Served to a suspended
  // member too: it is how they go back to their own workspace.
  {
    method: 'GET',
    path: '/api/workspaces',
    handler: 'team/list-workspaces',
    auth: 'user',
    table: 'read',
    anyWorkspace: true,
  },
  {
    method: 'PUT',
    path: '/api/workspaces/current',
    handler: 'team/switch-workspace',
    auth: 'user',
    table: 'write',
    anyWorkspace: true,
    // The session's sockets were the old workspace's; they are closed and the client opens new ones.
    needs: ['realtime-push'],
  },
  // White label (DECISIONS 32): the owner's brand of the workspace. PUT is PLUS only (403 below); GET
  // answers what is stored on any plan (a downgrade deletes nothing); DELETE is the reset to default.
  {
    method: 'GET',
    path: '/api/team/brand',
    handler: 'team/get-brand',
    auth: 'verified',
    ownerOnly: true,
    table: 'read',
  },
  {
    method: 'PUT',
    path: '/api/team/brand',
    handler: 'team/put-brand',
    auth: 'verified',
    ownerOnly: true,
    table: 'write',
  },
  {
    method: 'DELETE',
    path: '/api/team/brand',
    handler: 'team/delete-brand',
    auth: 'verified',
    ownerOnly: true,
    table: 'write',
  },
];
