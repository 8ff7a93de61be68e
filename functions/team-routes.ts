import type { HttpRoute } from './route-types';

/**
 * The team rows of the route table (DECISIONS 31, issue 22 point 2). The owner manages the team of
 * the workspace they are in; the accept is the invited person's own. The literal `accept` segment wins
 * over any {id} (as on API Gateway).
 */
export const teamRoutes: readonly HttpRoute[] = [
  { method: 'GET', path: '/api/team', handler: 'team/get-team', auth: 'verified', table: 'read' },
  {
    method: 'POST',
    path: '/api/team/invitations',
    handler: 'team/invite',
    auth: 'verified',
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
    table: 'write',
    needs: ['mail'],
  },
  {
    method: 'DELETE',
    path: '/api/team/invitations/{id}',
    handler: 'team/revoke-invitation',
    auth: 'verified',
    table: 'write',
  },
  {
    method: 'DELETE',
    path: '/api/team/members/{id}',
    handler: 'team/remove-member',
    auth: 'verified',
    table: 'write',
  },
];
