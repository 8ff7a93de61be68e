import type { HttpRoute } from './route-types';

/** The flow rows of the route table (routes.ts spreads them in place, where their order matters). */
export const flowCatalogueRoutes: readonly HttpRoute[] = [
  // Flow templates and industries (spec part 2 sections 2.1-2.3, 3, 8; DECISIONS 3). Reads for verified
  // users: the screens gate the PLUS plan, the trob catalogue lists the same templates. The literal
  // `search` and `templates` segments win over any {id} (as on API Gateway).
  {
    method: 'GET',
    path: '/api/flows/templates',
    handler: 'flows/list-flow-templates',
    auth: 'verified',
    table: 'read',
  },
  {
    method: 'GET',
    path: '/api/flows/templates/{id}',
    handler: 'flows/get-flow-template',
    auth: 'verified',
    table: 'read',
  },
  {
    method: 'GET',
    path: '/api/industries',
    handler: 'flows/list-industries',
    auth: 'verified',
    table: 'read',
  },
  {
    method: 'GET',
    path: '/api/industries/search',
    handler: 'flows/search-industries',
    auth: 'verified',
    table: 'read',
  },
];

export const flowRoutes: readonly HttpRoute[] = [
  // Flows (part 2 sections 2.1-2.3, 4, 7; DECISIONS 3, 4, 15, 24, 27). A start only writes (the run
  // dispatch sends the run and puts the schedule); pause, resume and stop move the schedule.
  { method: 'POST', path: '/api/flows', handler: 'flows/create-flow', auth: 'verified', table: 'write' },
  {
    method: 'GET',
    path: '/api/flows',
    handler: 'flows/list-flows',
    auth: 'verified',
    table: 'read',
    keyScope: 'flows:read',
  },
  // Issue 36 point 2: the wizard's audience preview, one people search of the workspace's LinkedIn
  // account in Chromium ('keys' opens its cookies); writes the search budget and the 10-minute count.
  {
    method: 'POST',
    path: '/api/flows/audience',
    handler: 'flows/count-audience',
    auth: 'verified',
    table: 'write',
    needs: ['keys'],
    chromium: true,
  },
  {
    method: 'GET',
    path: '/api/flows/{id}',
    handler: 'flows/get-flow',
    auth: 'verified',
    table: 'read',
    keyScope: 'flows:read',
  },
  // Issue 36 point 7: a flow's name, never one another flow of the workspace has.
  {
    method: 'PATCH',
    path: '/api/flows/{id}',
    handler: 'flows/rename-flow',
    auth: 'verified',
    table: 'write',
  },
  // Flow insights (part 2 sections 2.4-2.7; issue 21): read from the flow's counts, pages and jobs.
  {
    method: 'GET',
    path: '/api/flows/{id}/analytics',
    handler: 'flows/get-flow-analytics',
    auth: 'verified',
    table: 'read',
    keyScope: 'flows:read',
  },
  {
    method: 'GET',
    path: '/api/flows/{id}/activities',
    handler: 'flows/list-flow-activities',
    auth: 'verified',
    table: 'read',
    keyScope: 'flows:read',
  },
  {
    method: 'GET',
    path: '/api/flows/{id}/prospects',
    handler: 'flows/list-flow-prospects',
    auth: 'verified',
    table: 'read',
    keyScope: 'flows:read',
  },
  {
    method: 'GET',
    path: '/api/flows/{id}/prospects/{prospectId}',
    handler: 'flows/get-flow-prospect',
    auth: 'verified',
    table: 'read',
    keyScope: 'flows:read',
  },
  {
    method: 'GET',
    path: '/api/flows/{id}/plan',
    handler: 'flows/get-flow-plan',
    auth: 'verified',
    table: 'read',
  },
  // Review before send (issue 23): the flow's queue of intents, the user's decisions, its mode.
  {
    method: 'GET',
    path: '/api/flows/{id}/review',
    handler: 'flows/get-flow-review',
    auth: 'verified',
    table: 'write',
  },
  {
    method: 'POST',
    path: '/api/flows/{id}/review',
    handler: 'flows/decide-flow-review',
    auth: 'verified',
    table: 'write',
  },
  {
    method: 'PUT',
    path: '/api/flows/{id}/review-mode',
    handler: 'flows/set-flow-review-mode',
    auth: 'verified',
    table: 'write',
  },
  {
    method: 'POST',
    path: '/api/flows/{id}/pause',
    handler: 'flows/pause-flow',
    auth: 'verified',
    table: 'write',
    keyScope: 'automations:run',
    needs: ['scheduler'],
  },
  {
    method: 'POST',
    path: '/api/flows/{id}/resume',
    handler: 'flows/resume-flow',
    auth: 'verified',
    table: 'write',
    keyScope: 'automations:run',
    needs: ['scheduler'],
  },
  {
    method: 'POST',
    path: '/api/flows/{id}/execute',
    handler: 'flows/execute-flow',
    auth: 'verified',
    table: 'write',
    keyScope: 'automations:run',
  },
  {
    method: 'DELETE',
    path: '/api/flows/{id}',
    handler: 'flows/stop-flow',
    auth: 'verified',
    table: 'write',
    keyScope: 'automations:run',
    needs: ['scheduler'],
  },
];
