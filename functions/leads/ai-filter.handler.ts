import { aiFilterInput } from '../../shared/ai-filter';
import { sseHandler } from '../core/stream-handler';
import { httpRoute } from '../routes';
import { aiFilter } from './ai-filter-deps';

const route = httpRoute('leads/ai-filter');

/** `POST /api/leads/ai-filter` (DECISIONS 13): server-sent events over the automation's leads. */
export const handler = sseHandler({ route, body: aiFilterInput }, ({ body, user }) =>
  aiFilter.filterLeads(user.workspaceId, body),
);
