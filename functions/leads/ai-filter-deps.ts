import { aiPort } from '../ai/ai-adapter';
import { findAutomation } from '../automations/automation-lookup-service';
import { createAiFilterService } from './ai-filter-service';
import { allLeads } from './lead-repository';

/** The AI filter route's wiring, built once per cold start; the AI adapter is chosen by env (AI_PROVIDER). */
export const aiFilter = createAiFilterService({ ai: aiPort(), findAutomation, allLeads });
