import { findAutomation } from '../automations/automation-repository';
import { aiPort } from '../core/ports/ai';
import { createAiFilterService } from './ai-filter-service';
import { allLeads } from './lead-store';

/** The AI filter route's wiring, built once per cold start; the AI adapter is chosen by env (AI_PROVIDER). */
export const aiFilter = createAiFilterService({ ai: aiPort(), findAutomation, allLeads });
