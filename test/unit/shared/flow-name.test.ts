import { describe, expect, it } from 'vitest';
import { flowName } from '../../../shared/flow-api';
import {
  cutFlowName,
  defaultFlowName,
  FLOW_NAME_MAX_LENGTH,
  FLOW_NAME_TEXTS,
  uniqueFlowName,
} from '../../../shared/flow-name';

/** Issue 36 point 7: the default flow name, the ' (2)' rule and the name's schema. */
describe('defaultFlowName', () => {
  it("is '<template> – <first industry>', else the keywords, else the template alone", () => {
    expect(defaultFlowName('AI Prospecting', { industry: 'Software Development', keywords: 'saas' })).toBe(
      'AI Prospecting – Software Development',
    );
    expect(defaultFlowName('AI Prospecting', { keywords: '  saas   founders ' })).toBe(
      'AI Prospecting – saas founders',
    );
    expect(defaultFlowName('AI Prospecting', { industry: ' ', keywords: '' })).toBe('AI Prospecting');
  });

  it('leaves out a part that reads as a link, which a name may not hold', () => {
    expect(defaultFlowName('AI Prospecting', { keywords: 'node.js developers' })).toBe('AI Prospecting');
    expect(flowName.safeParse(defaultFlowName('AI Prospecting', { keywords: 'node.js' })).success).toBe(true);
  });

  it('cuts a long part to fit the limit, with an ellipsis', () => {
    const name = defaultFlowName('AI Prospecting', { keywords: 'word '.repeat(40) });
    expect(name.length).toBeLessThanOrEqual(FLOW_NAME_MAX_LENGTH);
    expect(name.startsWith('AI Prospecting – word word')).toBe(true);
    expect(name.endsWith('…')).toBe(true);
    expect(flowName.safeParse(name).success).toBe(true);
  });
});

describe('uniqueFlowName', () => {
  it('keeps a free name and numbers a taken one (2), (3)…, case aside', () => {
    expect(uniqueFlowName('Alpha', ['Beta'])).toBe('Alpha');
    expect(uniqueFlowName('Alpha', ['ALPHA'])).toBe('Alpha (2)');
    expect(uniqueFlowName('Alpha', ['alpha', 'Alpha (2)'])).toBe('Alpha (3)');
    expect(uniqueFlowName('Alpha', ['alpha', 'alpha (3)'])).toBe('Alpha (2)');
  });

  it('cuts a name at the limit so that its number fits, never inside a character', () => {
    const full = `${'a'.repeat(FLOW_NAME_MAX_LENGTH - 1)}😀`.slice(0, FLOW_NAME_MAX_LENGTH);
    const emoji = `${'a'.repeat(FLOW_NAME_MAX_LENGTH - 6)}😀😀😀`;
    expect(emoji.length).toBe(FLOW_NAME_MAX_LENGTH);
    const numbered = uniqueFlowName(emoji, [emoji]);
    expect(numbered.length).toBeLessThanOrEqual(FLOW_NAME_MAX_LENGTH);
    expect(numbered.endsWith('… (2)')).toBe(true);
    expect(flowName.safeParse(numbered).success).toBe(true);
    expect(cutFlowName(full, 10)).toBe('aaaaaaaaa…');
  });
});

describe('the flowName schema', () => {
  it('trims, and refuses blank, too long and link names with the field’s messages', () => {
    expect(flowName.parse('  Q3 outreach ')).toBe('Q3 outreach');
    const message = (value: unknown) => flowName.safeParse(value).error?.issues[0]?.message;
    expect(message('')).toBe(FLOW_NAME_TEXTS.blank);
    expect(message('   ')).toBe(FLOW_NAME_TEXTS.blank);
    expect(message(undefined)).toBe(FLOW_NAME_TEXTS.blank);
    expect(message('x'.repeat(FLOW_NAME_MAX_LENGTH + 1))).toBe('Flow name must be 80 characters or less');
    expect(flowName.safeParse('x'.repeat(FLOW_NAME_MAX_LENGTH)).success).toBe(true);
    expect(message('See acme.io')).toBe('Flow name cannot contain a web address, domain or email address');
    expect(message('Q3\u202Eoutreach')).toBe(
      'Flow name cannot contain control, invisible or text-direction characters',
    );
  });
});
