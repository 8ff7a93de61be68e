import { aiFilterInput } from '../../shared/ai-filter';
import { sseHandler } from '../core/stream-handler';
import { aiFilter } from './ai-filter-deps';

/** `POST /api/leads/ai-filter` (DECISIONS 13): server-sent events over the automation's leads. */
export const handler = sseHandler(
  { route: 'POST /api/leads/ai-filter', body: aiFilterInput },
  ({ body, user }) => aiFilter.filterLeads(user.workspaceId, body),
);
