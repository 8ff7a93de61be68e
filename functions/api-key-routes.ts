import type { HttpRoute } from './route-types';

/**
 * The API keys' rows of the route table (issue 39 point 1): the workspace owner's only, and never a
 * key's (no `keyScope`): a key cannot make, list or revoke keys.
 */
export const apiKeyRoutes: readonly HttpRoute[] = [
  {
    method: 'GET',
    path: '/api/keys',
    handler: 'api-keys/list-api-keys',
    auth: 'verified',
    ownerOnly: true,
    table: 'read',
  },
  {
    method: 'POST',
    path: '/api/keys',
    handler: 'api-keys/create-api-key',
    auth: 'verified',
    ownerOnly: true,
    table: 'write',
    // The owner is e-mailed that a key was made.
    needs: ['mail'],
  },
  {
    method: 'DELETE',
    path: '/api/keys/{id}',
    handler: 'api-keys/revoke-api-key',
    auth: 'verified',
    ownerOnly: true,
    table: 'write',
  },
];
