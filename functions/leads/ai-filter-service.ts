import type { AiFilterInput, AiFilterStreamEvent, AiMatchedLead } from '../../shared/ai-filter';
import { AUTOMATION_TEXTS, automationIdOfJob } from '../../shared/automations-values';
import { demoLeads } from '../../shared/demo-leads';
import type { Lead } from '../../shared/leads';
import type { StoredAutomation } from '../automations/automation-lookup-service';
import { NotFoundError } from '../core/errors';
import type { AiLead, AiPort } from '../core/ports/ai';

/**
 * `POST /api/leads/ai-filter` (DECISIONS 13): the AI port ranks the leads of one automation of the
 * signed-in user and the stream relays its summary and its matches. The automation is found before the
 * stream starts, so another user's automation is an ordinary 404. An automation without leads yet shows
 * the demo leads (DECISIONS 14), so those are what the AI ranks then.
 */
export interface AiFilterDeps {
  ai: AiPort;
  findAutomation(userId: string, id: string): Promise<StoredAutomation | undefined>;
  allLeads(owner: { userId: string; automationId: string }): Promise<Lead[]>;
  now?: () => Date;
}

export type AiFilterService = ReturnType<typeof createAiFilterService>;

const toAiLead = (lead: Lead): AiLead => ({
  id: lead.id,
  name: lead.name,
  headline: lead.headline,
  skills: lead.skills,
  title: lead.title,
  company: lead.company,
  location: lead.location,
  description: lead.description,
});

export function createAiFilterService(deps: AiFilterDeps) {
  return { filterLeads };

  /** Checks the automation first (errors become a JSON answer), then returns the stream. */
  async function filterLeads(
    userId: string,
    input: AiFilterInput,
  ): Promise<AsyncIterable<AiFilterStreamEvent>> {
    const automation = await deps.findAutomation(userId, automationIdOfJob(input.automationId));
    if (!automation) throw new NotFoundError(AUTOMATION_TEXTS.notFound);
    return stream(userId, automation, input);
  }

  async function* stream(
    userId: string,
    automation: StoredAutomation,
    input: AiFilterInput,
  ): AsyncGenerator<AiFilterStreamEvent> {
    const byId = new Map<string, Lead>();
    const load = async () => {
      let leads = await deps.allLeads({ userId, automationId: automation.id });
      if (leads.length === 0) leads = demoLeads(deps.now?.() ?? new Date());
      if (input.leadIds) {
        const listed = new Set(input.leadIds);
        leads = leads.filter((lead) => listed.has(lead.id));
      }
      for (const lead of leads) byId.set(lead.id, lead);
      return leads.map(toAiLead);
    };
    for await (const event of deps.ai.filterLeads({ query: input.query, leads: load })) {
      if (event.type === 'delta') {
        yield { type: 'chat:completion', data: { delta_content: event.text } };
        continue;
      }
      const leads: AiMatchedLead[] = event.matches.flatMap((match) => {
        const lead = byId.get(match.id);
        return lead
          ? [
              {
                id: lead.id,
                name: lead.name,
                reason: match.reason,
                matchedFields: match.matchedFields,
                score: match.score,
              },
            ]
          : [];
      });
      yield {
        type: 'results',
        data: { leads, summary: event.summary, totalMatches: leads.length, query: input.query },
      };
    }
  }
}
