import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  COMMENT_STYLE_OPTIONS,
  COMPANY_SIZE_OPTIONS,
  CONNECTION_REQUEST_STYLE_OPTIONS,
  COUNTRY_OPTIONS,
  companySizeOf,
  DEFAULT_COMMENT_STYLE,
  DEFAULT_CONNECTION_REQUEST_STYLE,
  DEFAULT_ENABLE_WEEKENDS,
  DEFAULT_EXECUTION_SETTINGS,
  DEFAULT_MESSAGE_TONE,
  DEFAULT_MINIMUM_MATCH,
  DEFAULT_TIMEZONE,
  DEFAULT_WORKING_HOURS,
  executionSettings,
  FALLBACK_INDUSTRY_OPTIONS,
  FLOW_MESSAGES,
  FLOW_PROSPECTS_PER_RUN,
  FLOW_RUNS_PER_DAY,
  FLOW_STEP_SECTIONS,
  FLOW_TEXTS,
  FLOW_WIZARD_STEPS,
  flowConfig,
  flowTemplateIdParams,
  INDUSTRY_SEARCH_LIMIT,
  industrySearchQuery,
  isTimeZone,
  JOB_TITLE_OPTIONS,
  MAX_INDUSTRIES,
  MAX_JOB_TITLES,
  MAX_LOCATIONS,
  MESSAGE_TONE_OPTIONS,
  MINIMUM_MATCH_OPTIONS,
  meetsMinimumMatch,
  messagingSettings,
  minimumMatchLabel,
  PRESELECTED_INDUSTRIES,
  TIMEZONE_OPTIONS,
  targetingSettings,
  workingHours,
} from '../../../shared/flows';

/** Spec part 2 sections 5 and 9: the wizard's rules, each at its limit and one past it. */

const targeting = {
  keywords: 'operations',
  industries: ['4', '96'],
  jobTitles: ['CEO'],
  locations: ['US', 'GB'],
  companySize: ['C', 'D'],
  minimumMatch: 'warm',
};
const messaging = {
  companyDescription: 'We help operations teams plan maintenance before a breakdown stops them.',
  messageTone: 'professional',
  connectionRequestStyle: 'value-first',
  commentStyle: 'add-insights',
};
const execution = {
  runsPerDay: 2,
  prospectsPerRun: 10,
  workingHours: { start: '09:00', end: '17:00', timezone: 'America/New_York' },
  enableWeekends: false,
};
const config = { targetingSettings: targeting, messagingSettings: messaging, executionSettings: execution };

/** The [path, message] of every issue, or [] when the value parses. */
function issuesOf(schema: z.ZodMiniType, value: unknown): [string, string][] {
  const result = z.safeParse(schema, value);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('step 1, Target Audience', () => {
  it('accepts a complete audience, fills the optional lists and trims the keywords', () => {
    expect(z.parse(targetingSettings, targeting)).toEqual(targeting);
    expect(
      z.parse(targetingSettings, { keywords: '  sales ', industries: ['4'], locations: ['US'] }),
    ).toEqual({
      keywords: 'sales',
      industries: ['4'],
      jobTitles: [],
      locations: ['US'],
      companySize: [],
      minimumMatch: 'warm',
    });
  });

  it('contacts Warm or better unless the user chooses another minimum match (issue 36 point 1)', () => {
    expect(DEFAULT_MINIMUM_MATCH).toBe('warm');
    expect(MINIMUM_MATCH_OPTIONS.map((o) => o.value)).toEqual(['hot', 'warm', 'cold']);
    for (const minimumMatch of ['hot', 'warm', 'cold'])
      expect(issuesOf(targetingSettings, { ...targeting, minimumMatch })).toEqual([]);
    expect(issuesOf(targetingSettings, { ...targeting, minimumMatch: 'lukewarm' })).toEqual([
      ['minimumMatch', 'Choose a minimum match from the list'],
    ]);
    expect(minimumMatchLabel('warm')).toBe('Warm or better');
    expect(minimumMatchLabel('hot')).toBe('Hot only');
  });

  it('lets a prospect be contacted at its flow’s minimum match or above, never below', () => {
    expect(meetsMinimumMatch('hot', 'hot')).toBe(true);
    expect(meetsMinimumMatch('warm', 'hot')).toBe(false);
    expect(meetsMinimumMatch('warm', 'warm')).toBe(true);
    expect(meetsMinimumMatch('cold', 'warm')).toBe(false);
    expect(meetsMinimumMatch('hot', 'warm')).toBe(true);
    expect(meetsMinimumMatch('cold', 'cold')).toBe(true);
    // Not scored: contacted only when the flow contacts everyone.
    expect(meetsMinimumMatch(undefined, 'cold')).toBe(true);
    expect(meetsMinimumMatch(undefined, 'warm')).toBe(false);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '     '],
  ])('refuses a %s keyword with the spec message', (_what, keywords) => {
    expect(issuesOf(targetingSettings, { ...targeting, keywords })).toEqual([
      ['keywords', FLOW_MESSAGES.keywordRequired],
    ]);
    expect(FLOW_MESSAGES.keywordRequired).toBe('Keyword is required');
  });

  it('takes keywords of 200 characters and refuses 201', () => {
    expect(issuesOf(targetingSettings, { ...targeting, keywords: 'k'.repeat(200) })).toEqual([]);
    expect(issuesOf(targetingSettings, { ...targeting, keywords: 'k'.repeat(201) })).toEqual([
      ['keywords', 'Keywords must be 200 characters or less'],
    ]);
  });

  it('refuses hidden characters in the keywords', () => {
    expect(issuesOf(targetingSettings, { ...targeting, keywords: 'sales\u202e' })[0]?.[0]).toBe('keywords');
  });

  it('requires one industry and one location, and leaves job titles optional', () => {
    expect(issuesOf(targetingSettings, { ...targeting, industries: [], locations: [] })).toEqual([
      ['industries', 'At least one industry is required'],
      ['locations', 'At least one location is required'],
    ]);
    expect(
      issuesOf(targetingSettings, { keywords: 'x', industries: undefined, locations: undefined }),
    ).toEqual([
      ['industries', 'At least one industry is required'],
      ['locations', 'At least one location is required'],
    ]);
    expect(issuesOf(targetingSettings, { ...targeting, jobTitles: [] })).toEqual([]);
    expect(issuesOf(targetingSettings, { ...targeting, industries: ['4'], locations: ['US'] })).toEqual([]);
  });

  it('bounds every list: the exact limit passes, one more is refused', () => {
    const industries = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
    expect(issuesOf(targetingSettings, { ...targeting, industries: industries(MAX_INDUSTRIES) })).toEqual([]);
    expect(issuesOf(targetingSettings, { ...targeting, industries: industries(MAX_INDUSTRIES + 1) })).toEqual(
      [['industries', 'Choose at most 25 industries']],
    );
    const titles = JOB_TITLE_OPTIONS.map((o) => o.value);
    expect(issuesOf(targetingSettings, { ...targeting, jobTitles: titles.slice(0, MAX_JOB_TITLES) })).toEqual(
      [],
    );
    expect(
      issuesOf(targetingSettings, { ...targeting, jobTitles: titles.slice(0, MAX_JOB_TITLES + 1) }),
    ).toEqual([['jobTitles', 'Choose at most 20 job titles']]);
    const countries = COUNTRY_OPTIONS.map((o) => o.value);
    expect(MAX_LOCATIONS).toBe(countries.length);
    expect(issuesOf(targetingSettings, { ...targeting, locations: countries })).toEqual([]);
    expect(issuesOf(targetingSettings, { ...targeting, locations: [...countries, 'US'] })).toEqual([
      ['locations', 'Choose at most 25 locations'],
    ]);
    const sizes = COMPANY_SIZE_OPTIONS.map((o) => o.value);
    expect(issuesOf(targetingSettings, { ...targeting, companySize: sizes })).toEqual([]);
    expect(issuesOf(targetingSettings, { ...targeting, companySize: [...sizes, 'B'] })[0]?.[0]).toBe(
      'companySize',
    );
  });

  it('refuses values outside the option lists, and a value chosen twice', () => {
    expect(
      issuesOf(targetingSettings, {
        ...targeting,
        industries: ['4', 'software', '0', '1234567'],
        jobTitles: ['CEO', 'Pope'],
        locations: ['US', 'XX', 'us'],
        companySize: ['A', 'B'],
      }),
    ).toEqual([
      ['industries.1', 'Choose industries from the list'],
      ['industries.2', 'Choose industries from the list'],
      ['industries.3', 'Choose industries from the list'],
      ['jobTitles.1', 'Choose job titles from the list'],
      ['locations.1', 'Choose locations from the list'],
      ['locations.2', 'Choose locations from the list'],
      ['companySize.0', 'Choose company sizes from the list'],
    ]);
    expect(issuesOf(targetingSettings, { ...targeting, industries: ['4', '4'] })).toEqual([
      ['industries', 'An industry can be chosen only once'],
    ]);
    expect(issuesOf(targetingSettings, { ...targeting, locations: ['US', 'US'] })).toEqual([
      ['locations', 'Each value can be chosen only once'],
    ]);
  });

  it('refuses lists and texts of the wrong type without a 10,000-item walk', () => {
    expect(issuesOf(targetingSettings, { ...targeting, industries: '4' })).toEqual([
      ['industries', 'At least one industry is required'],
    ]);
    expect(issuesOf(targetingSettings, { ...targeting, keywords: 42 })).toEqual([
      ['keywords', 'Keyword is required'],
    ]);
    const huge = Array.from({ length: 10_000 }, () => 'x'.repeat(10));
    expect(issuesOf(targetingSettings, { ...targeting, industries: huge })[0]).toEqual([
      'industries',
      'Choose at most 25 industries',
    ]);
  });
});

describe('step 2, Messaging', () => {
  const description = (length: number) => 'd'.repeat(length);

  it('takes a description of 50 and of 500 characters, refuses 49 and 501', () => {
    expect(issuesOf(messagingSettings, { ...messaging, companyDescription: description(50) })).toEqual([]);
    expect(issuesOf(messagingSettings, { ...messaging, companyDescription: description(500) })).toEqual([]);
    expect(issuesOf(messagingSettings, { ...messaging, companyDescription: description(49) })).toEqual([
      ['companyDescription', 'Description must be at least 50 characters'],
    ]);
    expect(issuesOf(messagingSettings, { ...messaging, companyDescription: description(501) })).toEqual([
      ['companyDescription', 'Description must be 500 characters or less'],
    ]);
  });

  it('counts the description without its surrounding spaces, and keeps its line breaks', () => {
    expect(
      issuesOf(messagingSettings, { ...messaging, companyDescription: `   ${description(49)}   ` }),
    ).toEqual([['companyDescription', 'Description must be at least 50 characters']]);
    const lines = `${description(30)}\n${description(30)}`;
    expect(z.parse(messagingSettings, { ...messaging, companyDescription: lines }).companyDescription).toBe(
      lines,
    );
  });

  it.each([undefined, '', '    '])('requires a description (%j) with the spec message only', (value) => {
    expect(issuesOf(messagingSettings, { ...messaging, companyDescription: value })).toEqual([
      ['companyDescription', 'Company description is required'],
    ]);
  });

  it('refuses an unknown tone, connection approach or comment strategy', () => {
    expect(
      issuesOf(messagingSettings, {
        ...messaging,
        messageTone: 'Sarcastic',
        connectionRequestStyle: 'Value-First',
        commentStyle: undefined,
      }),
    ).toEqual([
      ['messageTone', 'Choose a message tone from the list'],
      ['connectionRequestStyle', 'Choose a connection request approach from the list'],
      ['commentStyle', 'Choose a comment strategy from the list'],
    ]);
    for (const tone of MESSAGE_TONE_OPTIONS)
      expect(issuesOf(messagingSettings, { ...messaging, messageTone: tone.value })).toEqual([]);
  });
});

describe('step 3, Execution', () => {
  it.each([
    [0, false],
    [1, true],
    [4, true],
    [5, false],
    [2.5, false],
    ['2', false],
  ])('runs per day %j: accepted %s', (runsPerDay, ok) => {
    expect(issuesOf(executionSettings, { ...execution, runsPerDay })).toEqual(
      ok ? [] : [['runsPerDay', 'Runs per day must be between 1 and 4']],
    );
  });

  it.each([
    [4, false],
    [5, true],
    [15, true],
    [16, false],
    [undefined, false],
  ])('prospects per run %j: accepted %s', (prospectsPerRun, ok) => {
    expect(issuesOf(executionSettings, { ...execution, prospectsPerRun })).toEqual(
      ok ? [] : [['prospectsPerRun', 'Prospects per run must be between 5 and 15']],
    );
  });

  it('requires the working hours, with the spec message', () => {
    expect(issuesOf(executionSettings, { ...execution, workingHours: undefined })).toEqual([
      ['workingHours', 'Working hours are required'],
    ]);
    expect(issuesOf(workingHours, { start: '', end: ' ', timezone: 'Europe/Paris' })).toEqual([
      ['start', 'Working hours are required'],
      ['end', 'Working hours are required'],
    ]);
  });

  it('refuses an end before or at the start, and malformed times', () => {
    const hours = (start: string, end: string) => ({ start, end, timezone: 'Europe/London' });
    expect(issuesOf(workingHours, hours('17:00', '09:00'))).toEqual([
      ['end', 'The end of the working hours must be after their start'],
    ]);
    expect(issuesOf(workingHours, hours('09:00', '09:00'))).toEqual([
      ['end', 'The end of the working hours must be after their start'],
    ]);
    expect(issuesOf(workingHours, hours('09:00', '09:01'))).toEqual([]);
    expect(issuesOf(workingHours, hours('00:00', '23:59'))).toEqual([]);
    for (const bad of ['9:00', '24:00', '09:60', '09.00', '0900', '09:00:00'])
      expect(issuesOf(workingHours, hours(bad, '23:00')), bad).toEqual([
        ['start', 'Working hours must be times like 09:00'],
      ]);
  });

  it('refuses an unknown time zone, and one in the wrong spelling', () => {
    const zone = (timezone: unknown) => issuesOf(workingHours, { start: '09:00', end: '17:00', timezone });
    for (const bad of [
      'Mars/Olympus',
      'america/new_york',
      'EST',
      'US/Eastern',
      '',
      42,
      'Europe/'.padEnd(80, 'x'),
    ])
      expect(zone(bad), String(bad)).toEqual([['timezone', FLOW_MESSAGES.timezone]]);
    for (const good of ['America/New_York', 'Asia/Kolkata', 'UTC', 'America/Argentina/Buenos_Aires'])
      expect(zone(good), good).toEqual([]);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Europe/Berlin ')).toBe(false);
  });

  it('leaves weekends off unless asked, and takes only true or false', () => {
    const { enableWeekends: _omitted, ...rest } = execution;
    expect(z.parse(executionSettings, rest).enableWeekends).toBe(false);
    expect(z.parse(executionSettings, { ...execution, enableWeekends: true }).enableWeekends).toBe(true);
    expect(issuesOf(executionSettings, { ...execution, enableWeekends: 'yes' })).toEqual([
      ['enableWeekends', 'Weekends must be on or off'],
    ]);
  });
});

describe('the whole config', () => {
  it('parses a complete config and names each missing section', () => {
    expect(z.parse(flowConfig, config)).toEqual(config);
    expect(issuesOf(flowConfig, {})).toEqual([
      ['targetingSettings', 'Targeting settings are required'],
      ['messagingSettings', 'Messaging settings are required'],
      ['executionSettings', 'Execution settings are required'],
    ]);
  });

  it('revalidates every step, each issue at its field', () => {
    const broken = {
      targetingSettings: { ...targeting, keywords: ' ' },
      messagingSettings: { ...messaging, companyDescription: 'short' },
      executionSettings: { ...execution, runsPerDay: 5 },
    };
    expect(issuesOf(flowConfig, broken)).toEqual([
      ['targetingSettings.keywords', 'Keyword is required'],
      ['messagingSettings.companyDescription', 'Description must be at least 50 characters'],
      ['executionSettings.runsPerDay', 'Runs per day must be between 1 and 4'],
    ]);
  });

  it('drops keys it does not know, so they never reach storage', () => {
    const parsed = z.parse(flowConfig, {
      ...config,
      extra: 'x',
      targetingSettings: { ...targeting, __proto__: { polluted: true }, secret: 1 },
    });
    expect(parsed).toEqual(config);
    expect(Object.keys(parsed.targetingSettings)).not.toContain('secret');
  });

  it('gives the wizard one schema per step, in the spec order', () => {
    expect(FLOW_WIZARD_STEPS).toEqual(['Target Audience', 'Messaging', 'Execution', 'Review']);
    expect(FLOW_STEP_SECTIONS.map((s) => [s.title, s.section])).toEqual([
      ['Target Audience', 'targetingSettings'],
      ['Messaging', 'messagingSettings'],
      ['Execution', 'executionSettings'],
    ]);
    for (const step of FLOW_STEP_SECTIONS) expect(issuesOf(step.schema, config[step.section])).toEqual([]);
  });
});

describe('constants and option lists (spec 9)', () => {
  const values = (options: readonly { value: string }[]) => options.map((o) => o.value);

  it('has the limits and defaults of the spec', () => {
    expect(FLOW_RUNS_PER_DAY).toEqual({ min: 1, max: 4, default: 2 });
    expect(FLOW_PROSPECTS_PER_RUN).toEqual({ min: 5, max: 15, default: 10 });
    expect(DEFAULT_WORKING_HOURS).toEqual({ start: '09:00', end: '17:00' });
    expect(DEFAULT_TIMEZONE).toBe('America/New_York');
    expect(DEFAULT_ENABLE_WEEKENDS).toBe(false);
    expect(INDUSTRY_SEARCH_LIMIT.default).toBe(50);
    expect(PRESELECTED_INDUSTRIES).toBe(2);
    expect(DEFAULT_EXECUTION_SETTINGS).toEqual({
      runsPerDay: 2,
      prospectsPerRun: 10,
      workingHours: { start: '09:00', end: '17:00', timezone: 'America/New_York' },
      enableWeekends: false,
    });
    expect(issuesOf(executionSettings, DEFAULT_EXECUTION_SETTINGS)).toEqual([]);
  });

  it('offers the seven time zones, New York first and default', () => {
    expect(TIMEZONE_OPTIONS.map((o) => o.label)).toEqual([
      'New York',
      'Chicago',
      'Denver',
      'Los Angeles',
      'London',
      'Paris',
      'Tokyo',
    ]);
    expect(values(TIMEZONE_OPTIONS)).toEqual([
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Los_Angeles',
      'Europe/London',
      'Europe/Paris',
      'Asia/Tokyo',
    ]);
    for (const option of TIMEZONE_OPTIONS) expect(isTimeZone(option.value), option.value).toBe(true);
    expect(TIMEZONE_OPTIONS[0].value).toBe(DEFAULT_TIMEZONE);
  });

  it('offers the spec’s tones, approaches and strategies, with their defaults', () => {
    const labelOf = (options: readonly { label: string; value: string }[], value: string) =>
      options.find((o) => o.value === value)?.label;
    expect(MESSAGE_TONE_OPTIONS.map((o) => o.label)).toEqual([
      'Professional',
      'Casual',
      'Friendly',
      'Consultative',
      'Direct',
      'Conversational',
    ]);
    expect(labelOf(MESSAGE_TONE_OPTIONS, DEFAULT_MESSAGE_TONE)).toBe('Professional');
    expect(CONNECTION_REQUEST_STYLE_OPTIONS.map((o) => o.label)).toEqual([
      'Value-First',
      'Common Interest',
      'Mutual Connection',
      'Industry Focus',
      'Direct Introduction',
    ]);
    expect(labelOf(CONNECTION_REQUEST_STYLE_OPTIONS, DEFAULT_CONNECTION_REQUEST_STYLE)).toBe('Value-First');
    expect(COMMENT_STYLE_OPTIONS.map((o) => o.label)).toEqual([
      'Add Insights',
      'Ask Questions',
      'Share Experience',
      'Show Support',
      'Provide Value',
    ]);
    expect(labelOf(COMMENT_STYLE_OPTIONS, DEFAULT_COMMENT_STYLE)).toBe('Add Insights');
  });

  it('lists about 36 job titles and 25 countries by ISO code, each once', () => {
    expect(JOB_TITLE_OPTIONS).toHaveLength(36);
    expect(new Set(values(JOB_TITLE_OPTIONS)).size).toBe(36);
    expect(COUNTRY_OPTIONS).toHaveLength(25);
    expect(new Set(values(COUNTRY_OPTIONS)).size).toBe(25);
    for (const { value, label } of COUNTRY_OPTIONS) {
      expect(value).toMatch(/^[A-Z]{2}$/);
      // The runtime's own name for the code agrees with the label.
      expect(new Intl.DisplayNames(['en'], { type: 'region' }).of(value), value).toBe(label);
    }
  });

  it('sizes companies in LinkedIn’s buckets', () => {
    expect(COMPANY_SIZE_OPTIONS.map((o) => `${o.value} ${o.label}`)).toEqual([
      'B 1-10 employees',
      'C 11-50 employees',
      'D 51-200 employees',
      'E 201-500 employees',
      'F 501-1,000 employees',
      'G 1,001-5,000 employees',
      'H 5,001-10,000 employees',
      'I 10,001+ employees',
    ]);
    const cases: [number, string][] = [
      [1, 'B'],
      [10, 'B'],
      [11, 'C'],
      [50, 'C'],
      [51, 'D'],
      [200, 'D'],
      [201, 'E'],
      [500, 'E'],
      [501, 'F'],
      [1000, 'F'],
      [1001, 'G'],
      [5000, 'G'],
      [5001, 'H'],
      [10000, 'H'],
      [10001, 'I'],
      [250000, 'I'],
    ];
    for (const [employees, bucket] of cases) expect(companySizeOf(employees), String(employees)).toBe(bucket);
  });

  it('falls back to the five industries the spec names when the list fails to load', () => {
    expect(FALLBACK_INDUSTRY_OPTIONS.map((o) => o.label)).toEqual([
      'Technology',
      'SaaS',
      'Healthcare',
      'Finance',
      'E-commerce',
    ]);
    expect(
      issuesOf(targetingSettings, { ...targeting, industries: values(FALLBACK_INDUSTRY_OPTIONS) }),
    ).toEqual([]);
  });
});

describe('texts (spec 8, as written)', () => {
  it('words the flow screens’ errors, toasts and empty states as the spec does', () => {
    expect(FLOW_TEXTS.errors).toMatchObject({
      loadTemplate: 'Failed to load flow template',
      loadIndustries: 'Failed to load industry options',
      loadTemplates: 'Failed to load flow templates',
      loadFlows: 'Failed to load your flows',
      pause: 'Failed to pause flow',
      resume: 'Failed to resume flow',
      stop: 'Failed to stop flow',
      execute: 'Failed to execute flow',
      start: 'Failed to start flow',
      trialLimit: 'You have reached your trial limit of 3 executions. Please upgrade to continue.',
      loadAnalytics: 'Failed to load analytics data',
      loadDetails: 'Failed to load flow details',
    });
    expect(FLOW_TEXTS.toasts).toMatchObject({
      paused: 'Flow paused successfully',
      resumed: 'Flow resumed successfully',
      stopped: 'Flow stopped successfully',
      executionStarted: 'Flow execution started',
      templatesRefreshed: 'Templates refreshed',
      started: 'Flow started successfully!',
      analyticsRefreshed: 'Analytics refreshed',
    });
    expect(FLOW_TEXTS.empty).toMatchObject({
      templateNotFound: 'Template Not Found',
      flowNotFound: 'Flow not found',
    });
    expect(FLOW_TEXTS.wizard.fixErrors).toBe('Please fix the validation errors before starting the flow');
  });

  it('words the field messages of spec 5 as written', () => {
    expect(FLOW_MESSAGES).toMatchObject({
      industriesRequired: 'At least one industry is required',
      keywordRequired: 'Keyword is required',
      locationsRequired: 'At least one location is required',
      companyDescriptionRequired: 'Company description is required',
      companyDescriptionTooShort: 'Description must be at least 50 characters',
      runsPerDay: 'Runs per day must be between 1 and 4',
      workingHoursRequired: 'Working hours are required',
    });
  });
});

describe('API inputs', () => {
  it('bounds a template id', () => {
    expect(issuesOf(flowTemplateIdParams, { id: 'linkedin-ai-prospecting-flow' })).toEqual([]);
    expect(issuesOf(flowTemplateIdParams, { id: 'x'.repeat(101) })).toEqual([
      ['id', 'id must be 100 characters or less'],
    ]);
  });

  it('defaults the industry search to an empty query and 50 results, trimming the query', () => {
    expect(z.parse(industrySearchQuery, {})).toEqual({ q: '', limit: 50 });
    expect(z.parse(industrySearchQuery, { q: '  Soft ', limit: '1' })).toEqual({ q: 'Soft', limit: 1 });
    expect(z.parse(industrySearchQuery, { limit: '100' }).limit).toBe(100);
  });

  it.each(['0', '101', 'x', '2.5', '-1', '', '1e1', '0100'])('refuses limit=%j with one message', (limit) => {
    expect(issuesOf(industrySearchQuery, { limit })).toEqual([
      ['limit', 'limit must be a whole number from 1 to 100'],
    ]);
  });

  it('refuses a query over 100 characters or with hidden characters', () => {
    expect(issuesOf(industrySearchQuery, { q: 'q'.repeat(100) })).toEqual([]);
    expect(issuesOf(industrySearchQuery, { q: 'q'.repeat(101) })).toEqual([
      ['q', 'q must be 100 characters or less'],
    ]);
    expect(issuesOf(industrySearchQuery, { q: 'soft\u0000' })[0]?.[0]).toBe('q');
  });
});
