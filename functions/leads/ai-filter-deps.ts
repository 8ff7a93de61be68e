import { createAiFilterService } from './ai-filter-service';
import { userLeads } from './lead-repository';

/** The AI filter route's wiring, built once per cold start. */
export const aiFilter = createAiFilterService({ store: { userLeads } });
