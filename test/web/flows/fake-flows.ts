import { listIndustries } from '../../../functions/flows/industry-repository';
import { createIndustryService } from '../../../functions/flows/industry-service';
import { flowCatalogue } from '../../../functions/flows/templates/catalogue-entries';
import { flowTemplates } from '../../../functions/flows/templates/registry';
import type { Template } from '../../../shared/catalogue';
import type { Flow } from '../../../shared/flow-api';
import type { Audience, AudienceFacets } from '../../../shared/flow-audience';
import { DEFAULT_EXECUTION_SETTINGS, type FlowTemplate } from '../../../shared/flows';
import type { FakeApi } from '../support/fake-api';

/** The flow templates as the API answers them: the code's, with usage counts. */
export function allFlowTemplates(): FlowTemplate[] {
  return flowTemplates.map((template, index) => ({ ...structuredClone(template), usageCount: 10 - index }));
}

export const flowTemplateOf = (id: string) => {
  const found = allFlowTemplates().find((template) => template.id === id);
  if (!found) throw new Error(`No flow template ${id}`);
  return found;
};

/** `GET /api/flows/templates` and each `GET /api/flows/templates/{id}`. */
export function serveFlowTemplates(api: FakeApi, templates: FlowTemplate[] = allFlowTemplates()) {
  api.on('GET', '/flows/templates', { status: 200, body: { data: { flows: templates } } });
  for (const template of templates) {
    api.on('GET', `/flows/templates/${template.id}`, {
      status: 200,
      body: { data: { flow: template, template } },
    });
  }
}

/** The template with an empty audience and offer and no examples (the spec's bare wizard). */
export function withoutDefaults(template: FlowTemplate): FlowTemplate {
  const copy = structuredClone(template);
  copy.examples = [];
  copy.defaultConfig.targetingSettings = {
    ...copy.defaultConfig.targetingSettings,
    keywords: '',
    industries: [],
    jobTitles: [],
    locations: [],
    companySize: [],
  };
  copy.defaultConfig.messagingSettings = { ...copy.defaultConfig.messagingSettings, companyDescription: '' };
  return copy;
}

export const industryService = createIndustryService({ store: { listIndustries } });
export const allIndustries = () => industryService.listIndustries();

/** `GET /api/industries` (or its failure) and `GET /api/industries/search?q=&limit=`, as the API answers. */
export function serveIndustries(api: FakeApi, { fail = false }: { fail?: boolean } = {}) {
  api.on(
    'GET',
    '/industries',
    fail
      ? { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Boom' } }
      : { status: 200, body: { data: { industries: allIndustries() } } },
  );
  api.on('GET', '/industries/search', (call) => {
    const query = new URL(call.path, 'http://x').searchParams;
    return {
      status: 200,
      body: {
        data: {
          industries: industryService.searchIndustries(
            query.get('q') ?? '',
            Number(query.get('limit') ?? 50),
          ),
        },
      },
    };
  });
}

let made = 0;

/** A flow as the API answers it. */
export function makeFlow(
  overrides: Partial<Flow> = {},
  template: FlowTemplate = allFlowTemplates()[0]!,
): Flow {
  made += 1;
  return {
    id: `flow-${made}`,
    name: `${template.displayName} - 2025-03-14`,
    status: 'ACTIVE',
    createdAt: '2025-03-14T10:00:00.000Z',
    updatedAt: '2025-03-14T10:00:00.000Z',
    templateId: template.id,
    template: {
      displayName: template.displayName,
      summary: template.summary,
      description: template.description,
      platform: template.platform,
    },
    config: {
      ...structuredClone(template.defaultConfig),
      executionSettings: { ...DEFAULT_EXECUTION_SETTINGS, runsPerDay: 3 },
    },
    state: {
      prospectTracking: {
        totalProspectsFound: 40,
        totalConnectionRequests: 20,
        connectionsAccepted: 7,
        connectionsDeclined: 1,
        messagesSent: 3,
        totalEngagements: 5,
      },
      executionStats: { totalRuns: 4, successfulRuns: 4, failedRuns: 0, successRate: '100%' },
    },
    analytics: { connectionRate: 35 },
    ...overrides,
  };
}

export function serveFlows(api: FakeApi, flows: Flow[]) {
  api.on('GET', '/flows', { status: 200, body: { success: true, data: { flows } } });
}

/**
 * `POST /api/flows/audience` (issue 36 point 2), answered by `answer` for the facets asked (a 200 with
 * the audience it gives, or the status and body it gives as an error).
 */
export function serveAudience(
  api: FakeApi,
  answer: (facets: AudienceFacets) => Audience | { status: number; body: unknown },
) {
  api.on('POST', '/flows/audience', (call) => {
    const facets = (call.body as { targetingSettings: AudienceFacets }).targetingSettings;
    const out = answer(facets);
    return 'state' in out ? { status: 200, body: { success: true, data: { audience: out } } } : out;
  });
}

/** A flow template's catalogue entry (DECISIONS 3), as `GET /api/templates/{id}` answers it. */
export function flowCatalogueTemplate(id: string): Template {
  const found = flowCatalogue.find((entry) => entry.id === id);
  if (!found) throw new Error(`No flow catalogue entry ${id}`);
  return { ...structuredClone(found), usageCount: 3 };
}
