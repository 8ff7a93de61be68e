import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { serverFlowConfig, unknownIndustryIssues } from '../../../../functions/flows/flow-config';
import { findIndustry, listIndustries } from '../../../../functions/flows/industry-repository';
import { createIndustryService } from '../../../../functions/flows/industry-service';
import { flowTemplates } from '../../../../functions/flows/templates/registry';
import { FALLBACK_INDUSTRY_OPTIONS, FLOW_MESSAGES } from '../../../../shared/flows';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

/** The whole list as the sandbox keeps it (industry codes v2, MIT), the source of the API's copy. */
const sandboxList = JSON.parse(
  read('../../../../scripts/sandbox-platforms/data/linkedin-industries-v2.json'),
) as {
  total_industries: number;
  industries: { industry_id: number; label: string; hierarchy: string }[];
};

describe('the industries the API serves', () => {
  it('are the 434 of the sandbox’s list, in its order, with their ids, labels and hierarchies', () => {
    expect(sandboxList.total_industries).toBe(434);
    expect(listIndustries()).toEqual(
      sandboxList.industries.map((i) => ({ id: i.industry_id, label: i.label, hierarchy: i.hierarchy })),
    );
    expect(new Set(listIndustries().map((i) => i.id)).size).toBe(434);
  });

  it('keep the list’s MIT license next to the copy', () => {
    const license = read('../../../../functions/flows/data/linkedin-industries-v2.LICENSE');
    expect(license).toBe(read('../../../../scripts/sandbox-platforms/data/linkedin-industries-v2.LICENSE'));
    expect(license).toMatch(/^MIT License/);
    expect(read('../../../../functions/flows/data/linkedin-industries-v2.json')).toContain(
      'linkedin-industries-v2.LICENSE',
    );
  });

  it('find an industry by its option value', () => {
    expect(findIndustry('4')?.label).toBe('Software Development');
    for (const value of ['0', '2', '04', '4 ', 'x', '99999'])
      expect(findIndustry(value), value).toBeUndefined();
  });

  it('back the built-in fallback list with real industries', () => {
    expect(FALLBACK_INDUSTRY_OPTIONS.map((o) => [o.label, findIndustry(o.value)?.label])).toEqual([
      ['Technology', 'Technology, Information and Internet'],
      ['SaaS', 'Software Development'],
      ['Healthcare', 'Hospitals and Health Care'],
      ['Finance', 'Financial Services'],
      ['E-commerce', 'Online and Mail Order Retail'],
    ]);
  });
});

describe('the industry service', () => {
  const service = createIndustryService({ store: { listIndustries } });
  const labels = (options: { label: string }[]) => options.map((o) => o.label);

  it('lists every industry as {label, value} with the id as text', () => {
    const all = service.listIndustries();
    expect(all).toHaveLength(434);
    expect(all[0]).toEqual({ label: 'Defense and Space Manufacturing', value: '1' });
    expect(all.every((o) => Object.keys(o).join() === 'label,value' && /^\d+$/.test(o.value))).toBe(true);
  });

  it('lists the first `limit` industries in list order for an empty or blank query', () => {
    expect(service.searchIndustries('', 50)).toEqual(service.listIndustries().slice(0, 50));
    expect(service.searchIndustries('   ', 3)).toEqual(service.listIndustries().slice(0, 3));
    expect(service.searchIndustries('', 1000)).toHaveLength(434);
  });

  it('matches labels ignoring case, then industries whose hierarchy alone matches, at most `limit`', () => {
    const software = service.searchIndustries('  SOFTWARE ', 50);
    expect(software[0]).toEqual({ label: 'Software Development', value: '4' });
    // 'Computer Networking Products' is filed under Software Development: a hierarchy match, after the labels.
    const labelMatches = software.filter((o) => o.label.toLowerCase().includes('software'));
    expect(software.slice(0, labelMatches.length)).toEqual(labelMatches);
    expect(labels(software.slice(labelMatches.length))).toContain('Computer Networking Products');
    expect(service.searchIndustries('software', 1)).toEqual([{ label: 'Software Development', value: '4' }]);
  });

  it('keeps each group in list order and never lists an industry twice', () => {
    const all = listIndustries();
    const health = service.searchIndustries('health', 100);
    const position = (label: string) => all.findIndex((i) => i.label === label);
    const byLabel = health.filter((o) => o.label.toLowerCase().includes('health'));
    const byHierarchy = health.slice(byLabel.length);
    expect(byHierarchy.length).toBeGreaterThan(0);
    for (const group of [byLabel, byHierarchy]) {
      const positions = group.map((o) => position(o.label));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
    expect(new Set(health.map((o) => o.value)).size).toBe(health.length);
  });

  it('answers nothing when nothing matches', () => {
    expect(service.searchIndustries('no industry is called this', 50)).toEqual([]);
  });

  it('searches whatever store it is given', () => {
    const fake = createIndustryService({
      store: {
        listIndustries: () => [
          { id: 2, label: 'Beta Works', hierarchy: 'Alpha > Beta Works' },
          { id: 1, label: 'Alpha', hierarchy: 'Alpha' },
        ],
      },
    });
    expect(fake.searchIndustries('alpha', 5)).toEqual([
      { label: 'Alpha', value: '1' },
      { label: 'Beta Works', value: '2' },
    ]);
  });
});

describe('the server’s flow config', () => {
  const config = flowTemplates[0]!.defaultConfig;

  it('takes the templates’ configs, whose industries are all LinkedIn’s', () => {
    for (const flow of flowTemplates)
      expect(z.safeParse(serverFlowConfig, flow.defaultConfig).success).toBe(true);
  });

  it('refuses an industry value that names no industry, at its place in the list', () => {
    const unknown = {
      ...config,
      targetingSettings: { ...config.targetingSettings, industries: ['4', '99999', '2'] },
    };
    expect(unknownIndustryIssues(['4', '99999', '2']).map((i) => i.index)).toEqual([1, 2]);
    const result = z.safeParse(serverFlowConfig, unknown);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['targetingSettings.industries.1', FLOW_MESSAGES.unknownIndustry],
      ['targetingSettings.industries.2', FLOW_MESSAGES.unknownIndustry],
    ]);
  });

  it('reports the shared schema’s issues first, without a crash when the targeting is missing', () => {
    const { targetingSettings: _omitted, ...rest } = config;
    expect(z.safeParse(serverFlowConfig, rest).error?.issues.map((i) => i.path.join('.'))).toEqual([
      'targetingSettings',
    ]);
  });
});
