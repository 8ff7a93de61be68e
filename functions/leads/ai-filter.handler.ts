import { aiFilterInput } from '../../shared/ai-filter';
import { sseHandler } from '../core/stream-handler';
import { aiFilter } from './ai-filter-deps';

export const handler = sseHandler(
  { route: 'POST /api/leads/ai-filter', body: aiFilterInput },
  ({ body, user }) => aiFilter.filterLeads(user.id, body),
);
