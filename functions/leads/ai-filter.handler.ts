import { aiFilterInput } from '../../shared/ai-filter';
import { sseHandler } from '../core/stream-handler';
import { filterLeads } from './ai-filter-service';
import { userLeads } from './lead-repository';

export const handler = sseHandler(
  { route: 'POST /api/leads/ai-filter', body: aiFilterInput },
  ({ body, user }) => filterLeads(body, userLeads(user.id)),
);
