import { describe, expect, it } from 'vitest';
import {
  AUTOMATION_STATUSES,
  canonicalJson,
  dashboardStatusLabel,
  dedupeAutomations,
  startAutomationInput,
} from '../../../shared/automations';
import { countsAsRunning } from '../../../shared/plan-policy';

describe('canonicalJson', () => {
  it('writes objects with the same entries the same way, whatever their key order, at any depth', () => {
    const a = { b: 1, a: { y: [1, { q: true, p: null }], x: 'text' } };
    const b = { a: { x: 'text', y: [1, { p: null, q: true }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"a":{"x":"text","y":[1,{"p":null,"q":true}]},"b":1}');
  });

  it('keeps list order, since a list in another order is another setting', () => {
    expect(canonicalJson({ k: [1, 2] })).not.toBe(canonicalJson({ k: [2, 1] }));
  });

  it('tells values apart that JSON tells apart', () => {
    const distinct = [
      {},
      [],
      null,
      0,
      '0',
      false,
      'false',
      { a: 1 },
      { a: '1' },
      { a: [1] },
      { a: { b: 1 } },
      { 'a,b': 1 },
      { a: 1, b: 1 },
    ];
    const written = distinct.map(canonicalJson);
    expect(new Set(written).size).toBe(distinct.length);
  });

  it('leaves out undefined entries, as JSON does, so an unset key equals a missing one', () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('quotes keys, so a key with quotes or colons cannot pass for another object', () => {
    expect(canonicalJson({ 'a":1,"b': 2 })).not.toBe(canonicalJson({ a: 1, b: 2 }));
    expect(JSON.parse(canonicalJson({ 'a":1,"b': 2 }))).toEqual({ 'a":1,"b': 2 });
  });
});

describe('dedupeAutomations (spec 2.8)', () => {
  const at = (minute: number) => `2026-03-01T12:${String(minute).padStart(2, '0')}:00.000Z`;
  const run = (id: string, templateId: string, config: Record<string, unknown>, minute: number) => ({
    id,
    templateId,
    config,
    createdAt: at(minute),
  });

  it('keeps the newest of each template-plus-settings group, newest first', () => {
    const kept = dedupeAutomations([
      run('old', 't1', { a: 1, b: 2 }, 1),
      run('other-template', 't2', { a: 1, b: 2 }, 2),
      run('new', 't1', { b: 2, a: 1 }, 3),
      run('other-config', 't1', { a: 2, b: 2 }, 0),
    ]);
    expect(kept.map((a) => a.id)).toEqual(['new', 'other-template', 'other-config']);
  });

  it('answers the same whatever order the automations come in', () => {
    const runs = [
      run('a', 't1', { x: 1 }, 5),
      run('b', 't1', { x: 1 }, 9),
      run('c', 't2', {}, 7),
      run('d', 't1', { x: 2 }, 1),
      run('e', 't2', {}, 3),
    ];
    const expected = ['b', 'c', 'd'];
    expect(dedupeAutomations(runs).map((a) => a.id)).toEqual(expected);
    expect(dedupeAutomations([...runs].reverse()).map((a) => a.id)).toEqual(expected);
  });

  it('does not change the list it was given', () => {
    const runs = [run('a', 't1', {}, 1), run('b', 't1', {}, 2)];
    const copy = structuredClone(runs);
    dedupeAutomations(runs);
    expect(runs).toEqual(copy);
  });

  it('keeps every automation when none repeat, and nothing from nothing', () => {
    expect(dedupeAutomations([])).toEqual([]);
    const runs = [run('a', 't1', { n: 1 }, 2), run('b', 't1', { n: 2 }, 1)];
    expect(dedupeAutomations(runs)).toEqual(runs);
  });

  it('keeps the whole automation, status included, of the one it keeps', () => {
    const kept = dedupeAutomations([
      { ...run('old', 't1', {}, 1), status: 'completed' },
      { ...run('new', 't1', {}, 2), status: 'failed' },
    ]);
    expect(kept).toEqual([{ ...run('new', 't1', {}, 2), status: 'failed' }]);
  });
});

describe('dashboardStatusLabel (spec 2.8)', () => {
  it('reads Active for active, Completed for completed, and Inactive for everything else', () => {
    const labels = Object.fromEntries(AUTOMATION_STATUSES.map((s) => [s, dashboardStatusLabel(s)]));
    expect(labels).toEqual({
      pending: 'Inactive',
      running: 'Inactive',
      active: 'Active',
      paused: 'Inactive',
      completed: 'Completed',
      failed: 'Inactive',
      cancelled: 'Inactive',
    });
    expect(dashboardStatusLabel('')).toBe('Inactive');
    expect(dashboardStatusLabel('ACTIVE')).toBe('Inactive');
    expect(dashboardStatusLabel('unknown')).toBe('Inactive');
  });

  it('counts pending, running and active against the limit, and no other status', () => {
    expect(AUTOMATION_STATUSES.filter(countsAsRunning)).toEqual(['pending', 'running', 'active']);
  });
});

describe('startAutomationInput (spec 7)', () => {
  it('accepts a template id with optional settings and an empty cookie list', () => {
    expect(startAutomationInput.safeParse({ templateId: ' t1 ' }).data).toEqual({ templateId: 't1' });
    expect(
      startAutomationInput.safeParse({ templateId: 't1', config: { a: 1 }, userCookies: [] }).success,
    ).toBe(true);
  });

  it('refuses a missing or blank template id, settings that are not an object, and any cookie', () => {
    for (const body of [
      {},
      { templateId: '  ' },
      { templateId: 'x'.repeat(101) },
      { templateId: 't1', config: 'a=1' },
      { templateId: 't1', config: null },
      { templateId: 't1', userCookies: [{ name: 'li_at' }] },
    ]) {
      expect(startAutomationInput.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
