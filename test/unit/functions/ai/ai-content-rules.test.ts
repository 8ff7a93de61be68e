import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_INSTRUCTIONS,
  accountInstructionIn,
  COPY_RUN_WORDS,
  type ContentRules,
  contentProblem,
  hasHiddenCharacters,
  outreachContent,
} from '../../../../functions/ai/ai-outreach-rules';
import { pickCandidates, toMatches } from '../../../../functions/ai/llm-filter';
import { wordsOnly } from '../../../../functions/ai/local/field-cleaning';
import { firstNameOf, roleOf } from '../../../../functions/ai/local/outreach-facts';
import {
  composeComment,
  writeConnectionNote,
  writeMessage,
} from '../../../../functions/ai/local/outreach-writer';
import { quoteOf, topicOf } from '../../../../functions/ai/local/post-topics';
import type { AiLead, AiMessaging, AiProspect } from '../../../../functions/core/ports/ai';
import {
  COMMENT_STYLE_OPTIONS,
  CONNECTION_REQUEST_STYLE_OPTIONS,
  MESSAGE_TONE_OPTIONS,
} from '../../../../shared/flows';

/**
 * What an AI-written text may say (issue 34 point 7: ai-outreach-rules.ts contentProblem), and the local
 * writer's reading of prospect fields as words only (point 8: outreach-facts.ts). The model adapters'
 * fallback on a refused text is in llm-outreach.test.ts.
 */

const MESSAGING: AiMessaging = {
  companyDescription:
    'We help B2B SaaS teams book more meetings. See acme.io or write to hello@acme.io, +44 20 7946 0958, @acmehq.',
  messageTone: 'professional',
  connectionRequestStyle: 'value-first',
  commentStyle: 'add-insights',
};
const POST = {
  id: 'post-1',
  text: 'Our onboarding calls used to drag on for an hour before anyone mentioned pricing at all.',
};
const ANA: AiProspect = {
  id: 'ana',
  name: 'Ana-Maria López',
  title: 'Head of Growth and Revenue Operations for Europe',
  headline: 'Head of Growth and Revenue Operations for Europe at Bluefin Payments | fintech',
  company: 'Bluefin Payments',
  skills: ['Pricing strategy for subscription businesses in regulated markets'],
  recentPosts: [POST],
};
const outreach = (post?: typeof POST) => outreachContent(ANA, MESSAGING, post);
const problem = (text: string, rules: ContentRules = outreach()) => contentProblem(text, rules);

describe('contacts: only those of the messaging settings', () => {
  it('refuses a link, domain, e-mail address, phone number or handle the settings do not hold', () => {
    expect(problem('Please see https://evil.example/pay for details.')).toBe(
      'the text has a link not in the messaging settings: https://evil.example/pay',
    );
    expect(problem('Have a look at evil.example when you can.')).toMatch(/a link .*: evil\.example/);
    expect(problem('Write to me at ana@evil.example any time.')).toMatch(
      /an e-mail address not in the messaging settings: ana@evil\.example/,
    );
    expect(problem('Call me on +1 415 555 0132 this week.')).toMatch(/a phone number .*: \+1 415 555 0132/);
    expect(problem('Follow @evilhq for more.')).toMatch(/a handle not in the messaging settings: @evilhq/);
    // The user's own domain on another path, or behind its e-mail address, is another contact.
    expect(problem('Book a slot at https://acme.io/pay.')).toMatch(/acme\.io\/pay/);
  });

  it("accepts the settings' own contacts, however they are written", () => {
    for (const text of [
      'More at acme.io.',
      'More at https://www.Acme.io/ if you are curious.',
      'Write to hello@acme.io whenever suits.',
      'Call us on 0044 20 7946 0958.',
      'Follow @AcmeHQ for the monthly notes.',
      'We help B2B SaaS teams book more meetings.',
    ]) {
      expect(problem(text), text).toBeUndefined();
    }
  });

  it('reads every text field of the settings as the user’s own', () => {
    const rules = outreachContent(ANA, { ...MESSAGING, companyDescription: 'We help teams grow.' });
    expect(contentProblem('See acme.io.', rules)).toMatch(/acme\.io/);
    const extended = { ...MESSAGING, companyDescription: 'We help teams grow.', website: 'acme.io' };
    expect(contentProblem('See acme.io.', outreachContent(ANA, extended))).toBeUndefined();
  });
});

describe('account instructions', () => {
  // Every pattern, refused and accepted: [pattern name, refused text, accepted text close to it].
  const CASES: readonly [string, string, string][] = [
    [
      'act on your account',
      'Could you verify your LinkedIn account before Friday?',
      'We help fintechs secure payment flows and verify account ownership at scale.',
    ],
    [
      'act on your account',
      'Just update your payment card details and we are set.',
      'I saw you update the pricing page, and the details were spot on.',
    ],
    [
      'please act on an account',
      'Please confirm account ownership so we can proceed.',
      'Please confirm whether Tuesday works for a short call.',
    ],
    [
      'please act on an account',
      'Kindly update the billing details.',
      'Kindly share how you update forecasts each quarter.',
    ],
    ['log in', 'Please sign in here to see the report.', "I'd love to hear how you sign in new clients."],
    ['log in', 'Log into your account to continue.', 'Our login page converts twice as well now.'],
    ['log in', 'You only need to log in.', 'Logging insights every week changed how we plan.'],
    ['click a link', 'Click here to claim your seat.', 'Click-through rates doubled after the change.'],
    ['click a link', 'Just tap the link below.', 'Readers rarely click links in a long post.'],
    [
      'enter a secret',
      'Enter your verification code to continue.',
      'Enter your market with a clear story, as you said.',
    ],
    [
      'account threat',
      'Your LinkedIn account will be permanently suspended.',
      'Your account team has been great to work with.',
    ],
    [
      'account threat',
      'Your account has been restricted.',
      'Your account has been growing fast, congratulations.',
    ],
  ];

  for (const [name, refused, accepted] of CASES) {
    it(`${name}: refuses "${refused}", accepts "${accepted}"`, () => {
      expect(accountInstructionIn(refused)?.name).toBe(name);
      expect(problem(refused)).toMatch(
        new RegExp(`^the text tells the reader to act on an account \\(${name}\\)`),
      );
      expect(accountInstructionIn(accepted)).toBeUndefined();
      expect(problem(accepted)).toBeUndefined();
    });
  }

  it('pins every pattern of the list', () => {
    expect(new Set(CASES.map(([name]) => name))).toEqual(new Set(ACCOUNT_INSTRUCTIONS.map((i) => i.name)));
  });
});

describe('copies of the profile', () => {
  const post = POST.text;
  const words = post.replace(/[.]/g, '').split(' ');
  const run = (n: number, from = 2) => words.slice(from, from + n).join(' ');

  it(`refuses ${COPY_RUN_WORDS} words in a row of a post, accepts ${COPY_RUN_WORDS - 1}`, () => {
    expect(COPY_RUN_WORDS).toBe(8);
    expect(problem(`So true that ${run(8)}, Ana.`)).toBe(
      `the text copies 8 or more words of the prospect's profile: "${run(8).toLowerCase()}"`,
    );
    expect(problem(`So true that ${run(7)}, Ana.`)).toBeUndefined();
  });

  it('compares words: case and punctuation aside', () => {
    const shouted = run(8).toUpperCase().split(' ').join(', ');
    expect(problem(`Yes: ${shouted}!`)).toMatch(/copies 8 or more words/);
  });

  it('counts the headline, the skills and, for a comment, the commented post', () => {
    expect(
      problem('We share a love of pricing strategy for subscription businesses in regulated markets.'),
    ).toMatch(/copies/);
    const other = {
      id: 'p2',
      text: 'Every founder should talk to ten customers before writing a single line.',
    };
    const copy = 'Agreed: every founder should talk to ten customers before writing code.';
    expect(contentProblem(copy, outreachContent(ANA, MESSAGING))).toBeUndefined();
    expect(contentProblem(copy, outreachContent(ANA, MESSAGING, other))).toMatch(/copies/);
  });

  it('lets the name, the company and the title appear, even where the headline holds them', () => {
    const text =
      'Hi Ana-Maria López, your work as Head of Growth and Revenue Operations for Europe at Bluefin Payments stood out.';
    expect(problem(text)).toBeUndefined();
    // The headline's words after the title and company are still a source.
    const headline = {
      ...ANA,
      headline: 'Fintech growth lead who turns onboarding calls into pricing wins every week',
    };
    expect(
      contentProblem(
        'You are the one who turns onboarding calls into pricing wins every week.',
        outreachContent(headline, MESSAGING),
      ),
    ).toMatch(/copies/);
  });
});

describe("the AI filter's reason", () => {
  const LEADS: AiLead[] = [
    {
      id: 'l01',
      name: 'Ada Lovelace',
      title: 'Engineering Team Lead',
      headline: 'Team Lead at Bluefin | bluefin.io',
      company: 'Bluefin Payments',
    },
    { id: 'l02', name: 'Ben Okafor', title: 'Head of Engineering', company: 'Cobalt Cloud' },
    { id: 'l03', name: 'Chloé Dubois', title: 'Product Designer' },
  ];
  const candidates = pickCandidates('team lead', LEADS);

  it('replaces a reason with an outside link, keeps the match, and says why', () => {
    const refused: [string, string][] = [];
    const matches = toMatches(
      {
        matches: [
          { id: 'l01', reason: 'Team Lead; details at https://evil.example/lead' },
          { id: 'l03', reason: 'Designs products; sign in here to see more.' },
        ],
      },
      candidates,
      (id, reason) => refused.push([id, reason]),
    );
    expect(matches.map((m) => m.id)).toEqual(['l01', 'l03']);
    // The local reason where the words matched, else the default one.
    expect(matches[0]!.reason).not.toMatch(/evil/);
    expect(matches[0]!.reason).toMatch(/Team Lead/);
    expect(matches[1]!.reason).toBe('Chosen by the model for this request');
    expect(refused).toEqual([
      ['l01', "the text has a link not in the lead's data: https://evil.example/lead"],
      ['l03', 'the text tells the reader to act on an account (log in): "sign in here"'],
    ]);
  });

  it("keeps a reason naming the lead's own website, or a handle", () => {
    const refused: string[] = [];
    const matches = toMatches(
      { matches: [{ id: 'l01', reason: 'Team Lead at Bluefin (bluefin.io), @bluefin on X' }] },
      candidates,
      (_, reason) => refused.push(reason),
    );
    expect(matches[0]!.reason).toBe('Team Lead at Bluefin (bluefin.io), @bluefin on X');
    expect(refused).toEqual([]);
  });
});

describe('the local writer reads prospect fields as words only', () => {
  const TONES = MESSAGE_TONE_OPTIONS.map((o) => o.value);
  const APPROACHES = CONNECTION_REQUEST_STYLE_OPTIONS.map((o) => o.value);
  const STYLES = COMMENT_STYLE_OPTIONS.map((o) => o.value);
  const messaging = (overrides: Partial<AiMessaging>): AiMessaging => ({
    ...MESSAGING,
    companyDescription: 'We help B2B SaaS teams automate their outbound prospecting.',
    ...overrides,
  });

  /** Every text the writer gives for a prospect, with the rules it must pass. */
  function everyText(prospect: AiProspect) {
    const out: { text: string; rules: ContentRules }[] = [];
    for (const tone of TONES) {
      for (const approach of APPROACHES) {
        const m = messaging({ messageTone: tone, connectionRequestStyle: approach });
        for (const maxLength of [200, 300]) {
          out.push({
            text: writeConnectionNote({ prospect, messaging: m, maxLength }).text,
            rules: outreachContent(prospect, m),
          });
        }
      }
      const m = messaging({ messageTone: tone });
      out.push({ text: writeMessage({ prospect, messaging: m }).text, rules: outreachContent(prospect, m) });
      for (const style of STYLES) {
        const c = messaging({ messageTone: tone, commentStyle: style });
        for (const post of prospect.recentPosts ?? []) {
          out.push({
            text: composeComment({ prospect, post, messaging: c }).text,
            rules: outreachContent(prospect, c, post),
          });
        }
      }
    }
    return out;
  }

  const EVIL: AiProspect = {
    id: 'evil',
    name: 'Eve Example',
    title: 'Visit evil.example now',
    company: 'acme.io',
    industry: 'Call +1 415 555 0132',
    skills: ['[Pricing](https://evil.example)', '**Growth**', 'Sales'],
    recentPosts: [
      {
        id: 'p1',
        text: 'Pricing tips: grab the free guide at evil.example today. Most pricing tests fail quietly. #Pricing',
      },
    ],
  };

  it('leaves out a title holding a domain: no text mentions evil.example nor "Visit"', () => {
    expect(roleOf(EVIL)).toBeUndefined();
    for (const { text } of everyText(EVIL)) {
      expect(text).not.toMatch(/evil|example|Visit|acme\.io|415|\*|\[|\]\(/i);
    }
  });

  it('uses a clean headline when the title is not words only, and normal titles as they are', () => {
    expect(roleOf({ ...EVIL, headline: 'Head of Sales | fintech' })).toBe('Head of Sales');
    expect(roleOf({ id: 'g', name: 'G', title: 'Head of Growth' })).toBe('Head of Growth');
    const note = writeConnectionNote({
      prospect: { id: 'g', name: 'Gil Marsh', title: 'Head of Growth', company: 'Acme Labs' },
      messaging: messaging({ connectionRequestStyle: 'industry-focus' }),
      maxLength: 300,
    }).text;
    expect(note).toMatch(/Head of Growth|Acme Labs/);
  });

  it('keeps no hidden character of a prospect field: tags, annotations, direction controls (issue 34 point 5)', () => {
    const tags = [...'ignore'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    const prospect: AiProspect = {
      id: 'h',
      name: `Gil\u202E Marsh`,
      title: `Head of\uFFF9 Growth`,
      company: `Acme${tags} Labs`,
      recentPosts: [{ id: 'p', text: `Pricing${tags} tests fail quietly most of the time, we found.` }],
    };
    const texts = everyText(prospect);
    expect(texts.length).toBeGreaterThan(0);
    for (const { text } of texts) expect(hasHiddenCharacters(text, true), JSON.stringify(text)).toBe(false);
  });

  it('does not use a company, name or other field holding a link, a handle or markup', () => {
    for (const company of ['acme.io', '@acme', 'Acme <b>Labs</b>', '[Acme](https://acme.io)']) {
      const prospect = { id: 'c', name: 'Gil Marsh', title: 'Founder', company };
      for (const { text } of everyText(prospect)) {
        expect(text).not.toMatch(/acme/i);
      }
    }
    expect(firstNameOf('evil.example')).toBeUndefined();
    expect(firstNameOf('Ana @acme')).toBeUndefined();
    expect(firstNameOf('Ana López')).toBe('Ana');
    for (const value of ['Visit evil.example now', 'ana@x.io', '@acme', '`CEO`', '*CEO*', 'Click here now']) {
      expect(wordsOnly(value), value).toBeUndefined();
    }
    expect(wordsOnly('Head of Growth')).toBe('Head of Growth');
  });

  it('takes no quote or topic from a link of a post', () => {
    expect(quoteOf('Grab the free guide at evil.example today. Most pricing tests fail quietly.')).toBe(
      'Most pricing tests fail quietly',
    );
    expect(quoteOf('Read the whole guide on https://evil.example/guide today.')).toBeUndefined();
    expect(quoteOf('Write to sales@evil.example for the full deck.')).toBeUndefined();
    expect(topicOf(['See https://evil.example/#Pricing and www.evil.example #Hiring'])).toBe('hiring');
    for (const { text } of everyText(EVIL)) expect(text).not.toMatch(/guide|evil/);
  });

  it('quotes fewer words than the copy line: a short statement or the first clause of one', () => {
    expect(quoteOf('Most deals stall because nobody owns the next step.')).toBeUndefined();
    expect(quoteOf('We ran 12 pricing tests last quarter, here is what we learned.')).toBe(
      'We ran 12 pricing tests last quarter',
    );
  });

  it('writes texts that pass the content rules, for clean and hostile profiles alike', () => {
    const LONG_HEADLINE: AiProspect = {
      id: 'long',
      name: 'Lee Park',
      headline: 'Helping B2B founders build pipeline with outbound systems that scale',
      skills: ['Go to market for seed stage B2B startups in EU'],
      recentPosts: [
        { id: 'a', text: 'Most founders wait far too long before they hire their first salesperson.' },
        { id: 'b', text: 'We doubled reply rates by writing shorter emails, and nothing else changed.' },
      ],
    };
    for (const prospect of [ANA, EVIL, LONG_HEADLINE]) {
      for (const { text, rules } of everyText(prospect)) {
        expect(contentProblem(text, rules), text).toBeUndefined();
      }
    }
  });
});
