import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { StoredTemplate } from '../../../../functions/catalog/catalog-repository';
import { catalogue, seededCatalogue } from '../../../../functions/catalog/catalogue';
import { sanitizeTemplateHtml } from '../../../../functions/catalog/sanitize';
import { AppError } from '../../../../functions/core/errors';
import { serverFlowConfig } from '../../../../functions/flows/flow-config';
import { createFlowTemplateService } from '../../../../functions/flows/flow-template-service';
import {
  catalogueEntryOf,
  FLOW_CONFIG_SCHEMA,
  flowCatalogue,
} from '../../../../functions/flows/templates/catalogue-entries';
import { findFlowTemplate, flowTemplates } from '../../../../functions/flows/templates/registry';
import { facetMatcher } from '../../../../scripts/sandbox-platforms/linkedin-facets';
import { generateWorld } from '../../../../scripts/sandbox-platforms/world';
import { indexWorld } from '../../../../scripts/sandbox-platforms/world-index';
import type { SandboxPerson } from '../../../../scripts/sandbox-platforms/world-types';
import { type ConfigProperty, DIFFICULTY_LEVEL, MAX_EXAMPLES, template } from '../../../../shared/catalogue';
import { validateConfig } from '../../../../shared/config-validation';
import {
  COMMENT_STYLE_OPTIONS,
  COMPANY_SIZE_OPTIONS,
  COUNTRY_OPTIONS,
  type CountryCode,
  DEFAULT_MINIMUM_MATCH,
  FLOW_CATEGORIES,
  FLOW_RUNS_PER_DAY,
  flowConfig,
  JOB_TITLE_OPTIONS,
  MESSAGE_TONE_OPTIONS,
  type TargetingSettings,
  TIMEZONE_OPTIONS,
  targetingSettings,
} from '../../../../shared/flows';

const REQUIRED_PURPOSES = {
  'linkedin-ai-prospecting-flow': 'prospecting',
  'linkedin-thought-leader-warmup-flow': 'warm-up',
  'linkedin-connection-nurture-flow': 'nurturing',
  'linkedin-engager-follow-up-flow': 'event-follow-up',
} as const;

/** Every string of a value, at any depth: the content checks read them all. */
function* texts(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* texts(item);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) yield* texts(item);
}

describe('the flow templates', () => {
  it('hold the four purposes the issue names, each id unique, kebab-case and LinkedIn’s', () => {
    const ids = flowTemplates.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.fromEntries(flowTemplates.map((t) => [t.id, t.category]))).toMatchObject(REQUIRED_PURPOSES);
    expect(new Set(flowTemplates.map((t) => t.category)).size).toBe(flowTemplates.length);
    for (const id of ids) expect(id).toMatch(/^linkedin(-[a-z0-9]+)+$/);
    expect(findFlowTemplate('linkedin-ai-prospecting-flow')?.displayName).toBe(
      'AI Prospecting by Role and Industry',
    );
    expect(findFlowTemplate('no-such-flow')).toBeUndefined();
  });

  describe.each(flowTemplates.map((t) => [t.id, t] as const))('%s', (_id, flow) => {
    it('fills every field of spec 3 with real content', () => {
      expect(flow.platform).toBe('linkedin');
      expect(FLOW_CATEGORIES).toContain(flow.category);
      expect(DIFFICULTY_LEVEL[flow.difficulty]).toBeDefined();
      expect(flow.estimatedTime).toMatch(/^\d+-\d+ min$/);
      expect(flow.successRate).toBeGreaterThan(0);
      expect(flow.successRate).toBeLessThanOrEqual(100);
      expect(flow.maxRunsPerDay).toBe(4);
      expect(flow.maxRunsPerDay).toBe(FLOW_RUNS_PER_DAY.max);
      for (const field of ['displayName', 'summary', 'description', 'detailedDescription'] as const)
        expect(flow[field].trim().length, field).toBeGreaterThan(20);
      expect(flow.summary.length).toBeLessThanOrEqual(120);
      expect(flow.stages.length).toBeGreaterThanOrEqual(4);
      expect(new Set(flow.stages.map((s) => s.id)).size).toBe(flow.stages.length);
      for (const stage of flow.stages) {
        expect(stage.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
        for (const text of [stage.name, stage.description, stage.estimatedDuration])
          expect(text).not.toBe('');
        expect(stage.estimatedDuration).toMatch(/min$/);
      }
      expect(flow.features.length).toBeGreaterThanOrEqual(4);
      for (const feature of flow.features) {
        expect(feature.name).not.toBe('');
        expect(feature.description.length).toBeGreaterThan(20);
        expect(feature.tags.length).toBeGreaterThanOrEqual(1);
        for (const tag of feature.tags) expect(tag).toMatch(/^[a-z]+(-[a-z]+)*$/);
      }
      expect(flow.tags).toContain('linkedin');
      expect(flow.requirements.some((r) => /connected LinkedIn account/.test(r))).toBe(true);
      expect(flow.requirements.length).toBeGreaterThanOrEqual(3);
      expect(flow.limitations.length).toBeGreaterThanOrEqual(3);
      expect(Object.keys(flow.configurationNotes).sort()).toEqual([
        'execution',
        'messaging',
        'targeting',
        'workingHours',
      ]);
      for (const note of Object.values(flow.configurationNotes)) expect(note.length).toBeGreaterThan(60);
      for (const text of texts(flow)) expect(text).not.toMatch(/lorem|ipsum|TODO|TBD|placeholder/i);
    });

    it('has a detailed description of basic HTML that sanitizing leaves as it is', () => {
      expect(sanitizeTemplateHtml(flow.detailedDescription)).toBe(flow.detailedDescription);
      expect(flow.detailedDescription).toMatch(/^<p>/);
    });

    it('has a default config the server accepts as it is', () => {
      const result = z.safeParse(serverFlowConfig, flow.defaultConfig);
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
      expect(result.data).toEqual(flow.defaultConfig);
    });

    it('has 2 or 3 examples, each a valid audience of known industries', () => {
      expect(flow.examples.length).toBeGreaterThanOrEqual(2);
      expect(flow.examples.length).toBeLessThanOrEqual(MAX_EXAMPLES);
      expect(new Set(flow.examples.map((e) => e.title)).size).toBe(flow.examples.length);
      for (const example of flow.examples) {
        expect(example.description.length, example.title).toBeGreaterThan(30);
        const result = z.safeParse(serverFlowConfig, {
          ...flow.defaultConfig,
          targetingSettings: example.config.targetingSettings,
        });
        expect(result.success, `${example.title}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
        // Every list written out; the minimum match stays the flow's (Warm or better unless chosen).
        expect(z.parse(targetingSettings, example.config.targetingSettings)).toEqual({
          minimumMatch: DEFAULT_MINIMUM_MATCH,
          ...example.config.targetingSettings,
        });
      }
    });
  });
});

// --- The sandbox LinkedIn world ------------------------------------------------------------------

/**
 * The examples are checked with the sandbox LinkedIn's own faceted search (linkedin-facets.ts), the
 * search a flow's discover stage meets; the industry and country tables below check the world's data
 * can be read at all.
 */
const industryIds = new Map(
  (
    JSON.parse(
      readFileSync(
        new URL('../../../../scripts/sandbox-platforms/data/linkedin-industries-v2.json', import.meta.url),
        'utf8',
      ),
    ) as { industries: { industry_id: number; label: string }[] }
  ).industries.map((i) => [i.label, String(i.industry_id)]),
);
const COUNTRY_BY_NAME = new Map<string, CountryCode>([
  ...COUNTRY_OPTIONS.map((o) => [o.label, o.value] as const),
  ['San Francisco Bay Area', 'US'],
]);

function countryOf(location: string): CountryCode | undefined {
  if (COUNTRY_BY_NAME.has(location)) return COUNTRY_BY_NAME.get(location);
  return COUNTRY_BY_NAME.get(location.split(',').at(-1)!.trim());
}

const world = generateWorld('linkedin');
const index = indexWorld(world);

/** The sandbox's own people search (the LinkedIn site's faceted filters), over the whole world. */
function matches(person: SandboxPerson, t: TargetingSettings): boolean {
  return facetMatcher(index, {
    keywords: t.keywords,
    industries: t.industries,
    countries: t.locations,
    titles: t.jobTitles,
    companySizes: t.companySize,
  })(person);
}

const found = (targeting: z.input<typeof targetingSettings>) => {
  const t = z.parse(targetingSettings, targeting);
  return world.people.filter((p) => !p.hidden && matches(p, t));
};

describe('the examples in the sandbox LinkedIn world', () => {
  it('reads every person’s industry and country', () => {
    for (const person of world.people) {
      expect(industryIds.get(person.industry), person.industry).toBeDefined();
      expect(countryOf(person.location), person.location).toBeDefined();
    }
    expect(countryOf('San Francisco Bay Area')).toBe('US');
    expect(countryOf('London, England, United Kingdom')).toBe('GB');
    expect(countryOf('Singapore')).toBe('SG');
  });

  const audiences = flowTemplates.flatMap((flow) => [
    [`${flow.id}: default config`, flow.defaultConfig.targetingSettings] as const,
    ...flow.examples.map((e) => [`${flow.id}: ${e.title}`, e.config.targetingSettings] as const),
  ]);
  it.each(audiences)('%s finds at least 5 visible people', (_name, targeting) => {
    expect(found(targeting).length).toBeGreaterThanOrEqual(5);
  });

  it('finds nobody for an audience the world does not hold (the search is not a pass-through)', () => {
    expect(found({ keywords: 'zzz-nobody', industries: ['4'], locations: ['US'] })).toEqual([]);
  });
});

// --- The trob catalogue's Flow entries (DECISIONS 3) ---------------------------------------------

describe('the flow templates in the trob catalogue', () => {
  it('are seeded after the trobs, one entry each, no id shared with a trob', () => {
    expect(flowCatalogue.map((e) => e.id)).toEqual(flowTemplates.map((t) => t.id));
    expect(seededCatalogue).toEqual([...catalogue, ...flowCatalogue]);
    expect(new Set(seededCatalogue.map((t) => t.id)).size).toBe(seededCatalogue.length);
    expect(catalogue.every((t) => !t.isFlow)).toBe(true);
  });

  describe.each(flowCatalogue.map((e) => [e.id, e] as const))('%s', (id, entry) => {
    const flow = findFlowTemplate(id)!;

    it('is a catalogue template with the Flow badge, showing the flow’s own content', () => {
      const result = z.safeParse(template, entry);
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
      expect(entry).toMatchObject({
        displayName: flow.displayName,
        summary: flow.summary,
        description: flow.description,
        detailedDescription: flow.detailedDescription,
        platform: 'linkedin',
        difficulty: flow.difficulty,
        difficultyLevel: DIFFICULTY_LEVEL[flow.difficulty],
        successRate: flow.successRate,
        estimatedTime: flow.estimatedTime,
        isFlow: true,
        requirements: flow.requirements,
        limitations: flow.limitations,
      });
      expect(entry.features).toEqual(flow.features.map((f) => f.name));
      expect(entry).not.toHaveProperty('usageCount');
    });

    it('checks the default config and every example with its config schema as the flow schema does', () => {
      const { issues, config } = validateConfig(entry.configSchema, entry.defaultConfig);
      expect(issues).toEqual([]);
      expect(config).toEqual(z.parse(flowConfig, flow.defaultConfig));
      for (const example of entry.examples) {
        const merged = { ...entry.defaultConfig, ...example.config };
        const checked = validateConfig(entry.configSchema, merged);
        expect(checked.issues, example.title).toEqual([]);
        expect(checked.config).toEqual(z.parse(flowConfig, merged));
      }
    });
  });

  it('describes the flow config with the same options and limits as shared/flows.ts', () => {
    type Group = Extract<ConfigProperty, { type: 'object' }>;
    const group = (property: ConfigProperty | undefined) => property as Group;
    const t = group(FLOW_CONFIG_SCHEMA.properties.targetingSettings);
    const m = group(FLOW_CONFIG_SCHEMA.properties.messagingSettings);
    const e = group(FLOW_CONFIG_SCHEMA.properties.executionSettings);
    const enumOf = (p: unknown) =>
      (p as { items?: { enum?: string[] }; enum?: string[] }).items?.enum ?? (p as { enum?: string[] }).enum;
    const values = (options: readonly { value: string }[]) => options.map((o) => o.value);
    expect(enumOf(t.properties.jobTitles)).toEqual(values(JOB_TITLE_OPTIONS));
    expect(enumOf(t.properties.locations)).toEqual(values(COUNTRY_OPTIONS));
    expect(enumOf(t.properties.companySize)).toEqual(values(COMPANY_SIZE_OPTIONS));
    expect(enumOf(m.properties.messageTone)).toEqual(values(MESSAGE_TONE_OPTIONS));
    expect(enumOf(m.properties.commentStyle)).toEqual(values(COMMENT_STYLE_OPTIONS));
    const hours = group(e.properties.workingHours);
    expect(enumOf(hours.properties.timezone)).toEqual(values(TIMEZONE_OPTIONS));
    expect(e.properties.runsPerDay).toMatchObject({ minimum: 1, maximum: 4, default: 2 });
    expect(e.properties.prospectsPerRun).toMatchObject({ minimum: 5, maximum: 15, default: 10 });
    // Both refuse what the wizard refuses.
    const flow = flowTemplates[0]!;
    const bad = structuredClone(flow.defaultConfig) as Record<string, Record<string, unknown>>;
    bad.executionSettings!.runsPerDay = 5;
    bad.messagingSettings!.companyDescription = 'too short';
    expect(validateConfig(FLOW_CONFIG_SCHEMA, bad).issues.map((i) => i.path)).toEqual([
      'messagingSettings.companyDescription',
      'executionSettings.runsPerDay',
    ]);
    expect(z.safeParse(flowConfig, bad).error?.issues.map((i) => i.path.join('.'))).toEqual([
      'messagingSettings.companyDescription',
      'executionSettings.runsPerDay',
    ]);
  });

  it('derives an entry from any flow template, copying its config', () => {
    const flow = flowTemplates[0]!;
    const entry = catalogueEntryOf(flow);
    expect(entry.defaultConfig).toEqual(flow.defaultConfig);
    expect(entry.defaultConfig).not.toBe(flow.defaultConfig);
  });
});

// --- The service behind GET /api/flows/templates -------------------------------------------------

describe('the flow template service', () => {
  const counts: Record<string, number> = { 'linkedin-connection-nurture-flow': 7 };
  function store() {
    const reads: string[] = [];
    // As seeded: the trobs and the flow entries, each with its count. One flow is not seeded yet.
    const items: StoredTemplate[] = seededCatalogue
      .filter((t) => t.id !== 'linkedin-engager-follow-up-flow')
      .map((t) => ({ ...t, usageCount: counts[t.id] ?? 0 }));
    return {
      reads,
      listTemplates: async () => items,
      findTemplate: async (id: string) => {
        reads.push(id);
        return items.find((t) => t.id === id);
      },
    };
  }

  it('lists every flow template in the registry’s order with the catalogue’s usage counts', async () => {
    const service = createFlowTemplateService({ templates: flowTemplates, catalogue: store() });
    const flows = await service.listFlowTemplates();
    expect(flows.map((f) => f.id)).toEqual(flowTemplates.map((t) => t.id));
    expect(flows.map((f) => f.usageCount)).toEqual([0, 0, 7, 0]);
    expect(flows[2]).toEqual({ ...flowTemplates[2], usageCount: 7 });
  });

  it('answers one template with its count, and Template Not Found for an unknown id without a read', async () => {
    const s = store();
    const service = createFlowTemplateService({ templates: flowTemplates, catalogue: s });
    expect((await service.getFlowTemplate('linkedin-connection-nurture-flow')).usageCount).toBe(7);
    expect((await service.getFlowTemplate('linkedin-engager-follow-up-flow')).usageCount).toBe(0);
    // A trob is in the catalogue but is no flow template.
    for (const id of ['linkedin-follower-extractor', 'nope', '']) {
      const error = await service.getFlowTemplate(id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'Template Not Found' });
    }
    expect(s.reads).toEqual(['linkedin-connection-nurture-flow', 'linkedin-engager-follow-up-flow']);
  });
});
