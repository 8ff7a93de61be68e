import {
  type ConfigSchema,
  DIFFICULTY_LEVEL,
  type StringProperty,
  type TemplateDefinition,
} from '../../../shared/catalogue';
import {
  COMMENT_STYLE_OPTIONS,
  COMPANY_DESCRIPTION_LENGTH,
  COMPANY_SIZE_OPTIONS,
  CONNECTION_REQUEST_STYLE_OPTIONS,
  COUNTRY_OPTIONS,
  DEFAULT_COMMENT_STYLE,
  DEFAULT_CONNECTION_REQUEST_STYLE,
  DEFAULT_ENABLE_WEEKENDS,
  DEFAULT_MESSAGE_TONE,
  DEFAULT_MINIMUM_MATCH,
  DEFAULT_TIMEZONE,
  DEFAULT_WORKING_HOURS,
  FLOW_MESSAGES,
  FLOW_PROSPECTS_PER_RUN,
  FLOW_RUNS_PER_DAY,
  type FlowTemplateDefinition,
  JOB_TITLE_OPTIONS,
  KEYWORDS_MAX_LENGTH,
  MAX_INDUSTRIES,
  MAX_JOB_TITLES,
  MAX_LOCATIONS,
  MESSAGE_TONE_OPTIONS,
  MINIMUM_MATCH_OPTIONS,
  type Option,
  TIMEZONE_OPTIONS,
} from '../../../shared/flows';
import { flowTemplates } from './registry';

/**
 * Each flow template as a trob catalogue entry (DECISIONS 3): listed with the Flow badge beside the
 * trobs, counted and seeded with them (functions/catalog/catalogue.ts). The entry carries what a
 * catalogue card and detail page show; the flow routes answer the whole flow template.
 */

const choices = (options: readonly Option[]) => ({
  enum: options.map((o) => o.value),
  'ui:options': { labels: Object.fromEntries(options.map((o) => [o.value, o.label])) },
});

const time = (title: string, value: string): StringProperty => ({
  type: 'string',
  title,
  pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$',
  patternMessage: FLOW_MESSAGES.workingHoursFormat,
  default: value,
  placeholder: value,
});

/** The flow config (shared/flows.ts) in the catalogue's config-schema terms, for its form and checks. */
export const FLOW_CONFIG_SCHEMA: ConfigSchema = {
  type: 'object',
  required: ['targetingSettings', 'messagingSettings', 'executionSettings'],
  properties: {
    targetingSettings: {
      type: 'object',
      title: 'Target Audience',
      required: ['keywords', 'industries', 'locations'],
      properties: {
        keywords: {
          type: 'string',
          title: 'Keywords',
          description: 'Every word must appear in a prospect’s name, headline, title, company or skills.',
          minLength: 1,
          maxLength: KEYWORDS_MAX_LENGTH,
        },
        industries: {
          type: 'array',
          title: 'Industries',
          description: 'LinkedIn industry ids; the flow setup chooses them by name.',
          items: {
            type: 'string',
            pattern: '^[1-9]\\d{0,5}$',
            patternMessage: FLOW_MESSAGES.unknownIndustry,
          },
          minItems: 1,
          maxItems: MAX_INDUSTRIES,
        },
        jobTitles: {
          type: 'array',
          title: 'Job Titles',
          items: { type: 'string', enum: JOB_TITLE_OPTIONS.map((o) => o.value) },
          maxItems: MAX_JOB_TITLES,
          default: [],
          'ui:options': { ...choices(JOB_TITLE_OPTIONS)['ui:options'], widget: 'multiselect' },
        },
        locations: {
          type: 'array',
          title: 'Locations',
          items: { type: 'string', enum: COUNTRY_OPTIONS.map((o) => o.value) },
          minItems: 1,
          maxItems: MAX_LOCATIONS,
          'ui:options': { ...choices(COUNTRY_OPTIONS)['ui:options'], widget: 'multiselect' },
        },
        companySize: {
          type: 'array',
          title: 'Company Size',
          items: { type: 'string', enum: COMPANY_SIZE_OPTIONS.map((o) => o.value) },
          default: [],
          'ui:options': choices(COMPANY_SIZE_OPTIONS)['ui:options'],
        },
        minimumMatch: {
          type: 'string',
          title: 'Minimum Match',
          description: 'Who scores below it is found and scored, never liked, commented on or invited.',
          default: DEFAULT_MINIMUM_MATCH,
          ...choices(MINIMUM_MATCH_OPTIONS),
        },
      },
    },
    messagingSettings: {
      type: 'object',
      title: 'Messaging',
      required: ['companyDescription', 'messageTone', 'connectionRequestStyle', 'commentStyle'],
      properties: {
        companyDescription: {
          type: 'string',
          title: 'Company Description',
          minLength: COMPANY_DESCRIPTION_LENGTH.min,
          maxLength: COMPANY_DESCRIPTION_LENGTH.max,
          'ui:options': { widget: 'textarea' },
        },
        messageTone: {
          type: 'string',
          title: 'Message Tone',
          default: DEFAULT_MESSAGE_TONE,
          ...choices(MESSAGE_TONE_OPTIONS),
        },
        connectionRequestStyle: {
          type: 'string',
          title: 'Connection Request Approach',
          default: DEFAULT_CONNECTION_REQUEST_STYLE,
          ...choices(CONNECTION_REQUEST_STYLE_OPTIONS),
        },
        commentStyle: {
          type: 'string',
          title: 'Comment Strategy',
          default: DEFAULT_COMMENT_STYLE,
          ...choices(COMMENT_STYLE_OPTIONS),
        },
      },
    },
    executionSettings: {
      type: 'object',
      title: 'Execution',
      required: ['runsPerDay', 'prospectsPerRun', 'workingHours'],
      properties: {
        runsPerDay: {
          type: 'integer',
          title: 'Runs per Day',
          minimum: FLOW_RUNS_PER_DAY.min,
          maximum: FLOW_RUNS_PER_DAY.max,
          default: FLOW_RUNS_PER_DAY.default,
        },
        prospectsPerRun: {
          type: 'integer',
          title: 'Prospects per Run',
          minimum: FLOW_PROSPECTS_PER_RUN.min,
          maximum: FLOW_PROSPECTS_PER_RUN.max,
          default: FLOW_PROSPECTS_PER_RUN.default,
        },
        workingHours: {
          type: 'object',
          title: 'Working Hours',
          required: ['start', 'end', 'timezone'],
          properties: {
            start: time('Start', DEFAULT_WORKING_HOURS.start),
            end: time('End', DEFAULT_WORKING_HOURS.end),
            timezone: {
              type: 'string',
              title: 'Time Zone',
              default: DEFAULT_TIMEZONE,
              ...choices(TIMEZONE_OPTIONS),
            },
          },
        },
        enableWeekends: { type: 'boolean', title: 'Run on Weekends', default: DEFAULT_ENABLE_WEEKENDS },
      },
    },
  },
};

export function catalogueEntryOf(flow: FlowTemplateDefinition): TemplateDefinition {
  return {
    id: flow.id,
    displayName: flow.displayName,
    summary: flow.summary,
    description: flow.description,
    detailedDescription: flow.detailedDescription,
    platform: flow.platform,
    // The catalogue's categories are the trobs'; every flow finds or reaches leads.
    category: 'lead-generation',
    difficulty: flow.difficulty,
    difficultyLevel: DIFFICULTY_LEVEL[flow.difficulty],
    successRate: flow.successRate,
    estimatedTime: flow.estimatedTime,
    isFlow: true,
    isSmartFlow: false,
    features: flow.features.map((feature) => feature.name),
    requirements: flow.requirements,
    limitations: flow.limitations,
    defaultConfig: structuredClone(flow.defaultConfig),
    configSchema: FLOW_CONFIG_SCHEMA,
    examples: flow.examples.map((example) => ({
      title: example.title,
      description: example.description,
      config: structuredClone(example.config),
    })),
  };
}

/** Every flow template's catalogue entry, in the registry's order. */
export const flowCatalogue: readonly TemplateDefinition[] = flowTemplates.map(catalogueEntryOf);
