import { describe, expect, it } from 'vitest';
import {
  COMMENT_MAX_LENGTH,
  contentProblem,
  MESSAGE_MAX_LENGTH,
  outreachContent,
  sentenceCount,
  textLength,
} from '../../../../functions/ai/ai-outreach-rules';
import { localProspectAi } from '../../../../functions/ai/local/local-prospect-ai';
import { firstNameOf } from '../../../../functions/ai/local/outreach-facts';
import {
  composeComment,
  cutText,
  writeComment,
  writeConnectionNote,
  writeMessage,
} from '../../../../functions/ai/local/outreach-writer';
import { quoteOf, topicOf } from '../../../../functions/ai/local/post-topics';
import { longestSharedRun } from '../../../../functions/ai/outreach-measures';
import type { AiMessaging, AiProspect } from '../../../../functions/core/ports/ai';
import {
  COMMENT_STYLE_OPTIONS,
  CONNECTION_REQUEST_STYLE_OPTIONS,
  MESSAGE_TONE_OPTIONS,
} from '../../../../shared/flows';

const TONES = MESSAGE_TONE_OPTIONS.map((o) => o.value);
const APPROACHES = CONNECTION_REQUEST_STYLE_OPTIONS.map((o) => o.value);
const STYLES = COMMENT_STYLE_OPTIONS.map((o) => o.value);

const DESCRIPTION =
  'We help B2B SaaS teams automate their outbound prospecting with AI-driven campaigns and clear analytics. Our customers book twice as many meetings in their first quarter.';

const ANA: AiProspect = {
  id: 'urn:li:person:ACoAA-ana',
  name: 'Ana-Maria López',
  title: 'Head of Growth',
  headline: 'Head of Growth at Bluefin | fintech, pricing, B2B SaaS',
  company: 'Bluefin Payments',
  location: 'London, England, United Kingdom',
  industry: 'Financial Services',
  skills: ['Growth Marketing', 'Pricing'],
  recentPosts: [
    {
      id: 'post-1',
      text: 'Most pricing experiments fail because nobody owns them. We ran 12 pricing tests last quarter, here is what we learned. #Pricing',
    },
    { id: 'post-2', text: 'Hiring our first growth engineer! Pricing is still our biggest lever.' },
  ],
};
const BEN: AiProspect = {
  id: 'urn:li:person:ACoAA-ben',
  name: 'BEN OKAFOR',
  title: 'Software Engineer',
  company: 'Cobalt Cloud',
  location: 'Berlin, Germany',
  industry: 'Software Development',
};
/** A company name longer than a free note: the note must still fit, in whole sentences. */
const LONG: AiProspect = {
  id: 'urn:li:person:ACoAA-long',
  name: 'Chloé Dubois',
  title: 'Director of International Business Development and Strategic Alliances, EMEA and APAC',
  company:
    'The International Consortium of Independent Enterprise Software Vendors and Digital Transformation Partners Worldwide Holdings',
  industry: 'IT Services and IT Consulting',
  skills: ['Strategic Partnerships and Channel Sales Across Regulated Industries'],
};
const PROSPECTS = [ANA, BEN, LONG];

const messaging = (overrides: Partial<AiMessaging> = {}): AiMessaging => ({
  companyDescription: DESCRIPTION,
  messageTone: 'professional',
  connectionRequestStyle: 'value-first',
  commentStyle: 'add-insights',
  ...overrides,
});

const first = (p: AiProspect) => firstNameOf(p.name)!;
const PLACEHOLDER = /[{}[\]]/;

/** No cut mid-sentence: the text ends as a sentence does. */
const endsWhole = (text: string) => /[.!?]$/.test(text);

describe('connection notes', () => {
  for (const tone of TONES) {
    for (const approach of APPROACHES) {
      it(`${tone} × ${approach}: fits 200 and 300, names the prospect, has no placeholder, varies, repeats`, () => {
        const m = messaging({ messageTone: tone, connectionRequestStyle: approach });
        for (const maxLength of [200, 300]) {
          const texts = PROSPECTS.map(
            (prospect) => writeConnectionNote({ prospect, messaging: m, maxLength }).text,
          );
          texts.forEach((text, i) => {
            expect(text.trim()).not.toBe('');
            expect(textLength(text)).toBeLessThanOrEqual(maxLength);
            expect(text).not.toMatch(PLACEHOLDER);
            expect(text).toContain(first(PROSPECTS[i]!));
            expect(endsWhole(text)).toBe(true);
            // The rules a model's note is checked on (issue 34 point 7).
            expect(contentProblem(text, outreachContent(PROSPECTS[i]!, m))).toBeUndefined();
            expect(writeConnectionNote({ prospect: PROSPECTS[i]!, messaging: m, maxLength }).text).toBe(text);
          });
          expect(new Set(texts).size).toBe(texts.length);
        }
      });
    }
  }

  it('fits exactly at the limit: never one character over, whatever the limit', () => {
    for (const maxLength of [200, 300, 120, 80, 40]) {
      for (const prospect of PROSPECTS) {
        for (const approach of APPROACHES) {
          const { text } = writeConnectionNote({
            prospect,
            messaging: messaging({ connectionRequestStyle: approach }),
            maxLength,
          });
          expect(textLength(text)).toBeLessThanOrEqual(maxLength);
          expect(text.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('writes a long company name in a free note only as far as it fits, in whole sentences', () => {
    // 59 characters: readable in a sentence, too long for most notes of 200 with everything else.
    const company = 'Northwind International Digital Transformation Partners Ltd';
    const prospect: AiProspect = { ...BEN, id: 'mid', company, title: 'Chief Transformation Officer' };
    let withCompany = 0;
    for (const tone of TONES) {
      for (const approach of APPROACHES) {
        const m = messaging({ messageTone: tone, connectionRequestStyle: approach });
        const free = writeConnectionNote({ prospect, messaging: m, maxLength: 200 }).text;
        const premium = writeConnectionNote({ prospect, messaging: m, maxLength: 300 }).text;
        expect(textLength(free)).toBeLessThanOrEqual(200);
        expect(textLength(premium)).toBeLessThanOrEqual(300);
        expect(endsWhole(free)).toBe(true);
        if (free.includes(company)) withCompany++;
        // Trimming drops sentences, never a part of one: whatever the free note says, the premium one
        // (same patterns, more room) says at least as much.
        expect(textLength(premium)).toBeGreaterThanOrEqual(textLength(free));
      }
    }
    expect(withCompany).toBeGreaterThan(0);
  });

  it('leaves out a company name too long to read in a sentence', () => {
    for (const approach of APPROACHES) {
      const m = messaging({ connectionRequestStyle: approach, messageTone: 'consultative' });
      const note = writeConnectionNote({ prospect: LONG, messaging: m, maxLength: 200 }).text;
      expect(textLength(note)).toBeLessThanOrEqual(200);
      expect(note).not.toContain('Consortium');
      expect(endsWhole(note)).toBe(true);
      expect(writeMessage({ prospect: LONG, messaging: m }).text).not.toContain('Consortium');
    }
  });

  it('counts characters as LinkedIn does: an accented or astral character is one', () => {
    const prospect = { ...ANA, name: '𝓩oë Ångström' };
    const { text } = writeConnectionNote({ prospect, messaging: messaging(), maxLength: 200 });
    expect(textLength(text)).toBeLessThanOrEqual(200);
    expect(text).toContain('𝓩oë');
  });

  it('reads like a note: a greeting with the first name, a body from the data, a closing', () => {
    const { text } = writeConnectionNote({
      prospect: ANA,
      messaging: messaging({ messageTone: 'casual', connectionRequestStyle: 'common-interest' }),
      maxLength: 300,
    });
    expect(text).toMatch(/^(Hey|Hi) Ana-Maria[!,] /);
    expect(text).toMatch(/Bluefin Payments|growth marketing|pricing|financial services|Head of Growth/i);
  });

  it('has no placeholder even when the profile is full of brackets, braces and emoji', () => {
    const messy: AiProspect = {
      id: 'messy',
      name: '🚀 [Dr.] {{Ana}} Smith',
      title: '[Hiring] CEO {stealth}',
      company: 'Acme <EU> [Remote] COMPANY_NAME',
      industry: '{Software}',
      recentPosts: [{ id: 'p', text: 'Join us at [event] {2025} #GrowthHacking and #AI' }],
    };
    for (const tone of TONES) {
      for (const approach of APPROACHES) {
        const m = messaging({ messageTone: tone, connectionRequestStyle: approach });
        const note = writeConnectionNote({ prospect: messy, messaging: m, maxLength: 200 }).text;
        const message = writeMessage({ prospect: messy, messaging: m }).text;
        for (const text of [note, message]) {
          expect(text).not.toMatch(/[{}[\]<>]|COMPANY_NAME|🚀/);
          expect(text).toContain('Ana');
        }
      }
    }
  });

  it('greets without a name when there is none to use', () => {
    const { text } = writeConnectionNote({
      prospect: { id: 'anon', name: 'LinkedIn Member' },
      messaging: messaging({ connectionRequestStyle: 'common-interest' }),
      maxLength: 200,
    });
    expect(text).toMatch(/^Hello, /);
    expect(text).not.toMatch(/LinkedIn Member|undefined/);
  });

  it('reads an unknown tone or approach as the default', () => {
    const known = writeConnectionNote({ prospect: ANA, messaging: messaging(), maxLength: 300 }).text;
    const unknown = writeConnectionNote({
      prospect: ANA,
      messaging: messaging({ messageTone: 'sarcastic', connectionRequestStyle: 'mystery' }),
      maxLength: 300,
    }).text;
    expect(unknown).toBe(known);
  });

  it('is what the local adapter answers', async () => {
    const request = { prospect: ANA, messaging: messaging(), maxLength: 300 };
    await expect(localProspectAi.writeConnectionNote(request)).resolves.toEqual(writeConnectionNote(request));
  });
});

describe('comments', () => {
  const post = ANA.recentPosts![0]!;
  const other = {
    id: 'post-b',
    text: 'Just shipped our new Kubernetes operator. Six months of late nights, worth it!',
  };

  for (const style of STYLES) {
    for (const tone of TONES) {
      it(`${style} × ${tone}: 1 to 3 sentences about the post, within 500, no placeholder, varies, repeats`, () => {
        const m = messaging({ commentStyle: style, messageTone: tone });
        const a = composeComment({ prospect: ANA, post, messaging: m });
        const b = composeComment({ prospect: BEN, post: other, messaging: m });
        for (const [c, prospect, commented] of [
          [a, ANA, post],
          [b, BEN, other],
        ] as const) {
          expect(contentProblem(c.text, outreachContent(prospect, m, commented))).toBeUndefined();
          expect(c.text.trim()).not.toBe('');
          expect(textLength(c.text)).toBeLessThanOrEqual(COMMENT_MAX_LENGTH);
          expect(sentenceCount(c.text)).toBeGreaterThanOrEqual(1);
          expect(sentenceCount(c.text)).toBeLessThanOrEqual(3);
          expect(c.text).not.toMatch(PLACEHOLDER);
          if (c.namesProspect) expect(c.text).toContain(first(prospect));
        }
        // About the post: its topic or a quote of it.
        expect(a.text).toMatch(/pricing|Most pricing experiments fail because nobody owns them/i);
        expect(a.text).not.toBe(b.text);
        expect(composeComment({ prospect: ANA, post, messaging: m })).toEqual(a);
        expect(writeComment({ prospect: ANA, post, messaging: m })).toEqual({ text: a.text });
      });
    }
  }

  it('names the author in some patterns and not in others', () => {
    const named = PROSPECTS.flatMap((prospect) =>
      STYLES.flatMap((style) =>
        TONES.map(
          (tone) =>
            composeComment({
              prospect,
              post,
              messaging: messaging({ commentStyle: style, messageTone: tone }),
            }).namesProspect,
        ),
      ),
    );
    expect(named).toContain(true);
    expect(named).toContain(false);
  });

  it('differs between two posts of the same person', () => {
    const texts = STYLES.map(
      (style) =>
        [post, ANA.recentPosts![1]!].map(
          (p) =>
            composeComment({ prospect: ANA, post: p, messaging: messaging({ commentStyle: style }) }).text,
        ) as [string, string],
    );
    expect(texts.some(([x, y]) => x !== y)).toBe(true);
  });

  it('still comments on a post with no words to work with', () => {
    const { text } = writeComment({
      prospect: BEN,
      post: { id: 'e', text: '🎉🎉🎉' },
      messaging: messaging(),
    });
    expect(text.length).toBeGreaterThan(0);
    expect(sentenceCount(text)).toBeLessThanOrEqual(3);
  });
});

describe('follow-up messages', () => {
  for (const tone of TONES) {
    it(`${tone}: within 1,000, names the prospect, restates the offer, varies, repeats`, () => {
      const m = messaging({ messageTone: tone });
      const texts = PROSPECTS.map((prospect) => writeMessage({ prospect, messaging: m }).text);
      texts.forEach((text, i) => {
        expect(textLength(text)).toBeLessThanOrEqual(MESSAGE_MAX_LENGTH);
        expect(text).toContain(first(PROSPECTS[i]!));
        // The offer in a clause of the writer's own: its parts, never the description's sentence.
        expect(text).toMatch(/B2B SaaS teams|outbound prospecting/);
        expect(longestSharedRun(text, DESCRIPTION).words).toBeLessThanOrEqual(6);
        expect(text).not.toMatch(PLACEHOLDER);
        expect(endsWhole(text)).toBe(true);
        expect(contentProblem(text, outreachContent(PROSPECTS[i]!, m))).toBeUndefined();
        expect(writeMessage({ prospect: PROSPECTS[i]!, messaging: m }).text).toBe(text);
      });
      expect(new Set(texts).size).toBe(texts.length);
    });
  }

  it('reads as a message: greeting, thanks, something personal, the offer, a question', () => {
    const { text } = writeMessage({ prospect: ANA, messaging: messaging({ messageTone: 'consultative' }) });
    const paragraphs = text.split('\n\n');
    expect(paragraphs.length).toBeGreaterThanOrEqual(4);
    expect(paragraphs[0]).toMatch(/Ana-Maria/);
    expect(paragraphs[1]).toMatch(/thank|connected|accept/i);
    expect(paragraphs[1]).toMatch(/Bluefin Payments|pricing|Head of Growth|financial services/);
    expect(text).toMatch(/\?$/);
  });

  it('says what a company does when the description is not in the first person, in its own words', () => {
    const companyDescription =
      'Northwind Analytics builds forecasting dashboards for mid-size retailers in Europe.';
    const { text } = writeMessage({ prospect: BEN, messaging: messaging({ companyDescription }) });
    expect(text).toMatch(/mid-size retailers|forecasting/);
    expect(text).not.toContain('builds forecasting dashboards');
  });
});

describe('facts the writer reads', () => {
  it('finds the first name to greet by', () => {
    expect(firstNameOf('Dr. Jane Smith, PhD')).toBe('Jane');
    expect(firstNameOf('ANA-MARIA LÓPEZ')).toBe('Ana-Maria');
    expect(firstNameOf('j. robert oppenheimer')).toBe('Robert');
    expect(firstNameOf('Anna 🚀 Smith')).toBe('Anna');
    expect(firstNameOf('李雷')).toBe('李雷');
    expect(firstNameOf('LinkedIn Member')).toBeUndefined();
    expect(firstNameOf('   ')).toBeUndefined();
  });

  it('finds a topic in hashtags, known subjects or repeated words', () => {
    expect(topicOf(['Loving this #RemoteWork life'])).toBe('remote work');
    expect(topicOf(['Our pricing page and our pricing model changed'])).toBe('pricing');
    expect(topicOf(['Kubernetes operators are hard. Kubernetes upgrades are harder.'])).toBe('kubernetes');
    expect(topicOf(['Happy Friday everyone'])).toBeUndefined();
  });

  it('quotes a statement of the post of 4 to 7 words, never a question', () => {
    expect(quoteOf('Why do deals stall? Most deals stall without an owner. Agree?')).toBe(
      'Most deals stall without an owner',
    );
    // 8 words or more would be a copy of the post (ai-outreach-rules.ts COPY_RUN_WORDS).
    expect(
      quoteOf('Why do deals stall? Most deals stall because nobody owns the next step.'),
    ).toBeUndefined();
    expect(quoteOf('Yes!')).toBeUndefined();
  });

  it('cuts a text after a whole sentence, else at a word with an ellipsis', () => {
    expect(cutText('One two three. Four five six seven.', 20)).toBe('One two three.');
    expect(cutText('Alpha beta gamma delta epsilon', 18)).toBe('Alpha beta gamma…');
    expect(cutText('Short.', 10)).toBe('Short.');
  });
});
