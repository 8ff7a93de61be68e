import type { Facts } from './outreach-facts';

/**
 * The local writer's sentence patterns (outreach-writer.ts puts them together). A pattern is a
 * function of the facts that gives a sentence, or undefined when a fact it needs is missing, so only
 * patterns the data can fill are ever chosen: no text shows an empty slot. Several patterns stand for
 * each tone, approach and style; the writer picks one by a hash of the prospect's id.
 *
 * A greeting ending in a comma runs into the next sentence, which the writer then starts in lower case,
 * so a body pattern begins with its own words, never with a name or a company.
 */
export type Pattern = (f: Facts) => string | undefined;

export const MESSAGE_TONES = [
  'professional',
  'casual',
  'friendly',
  'consultative',
  'direct',
  'conversational',
] as const;
export type Tone = (typeof MESSAGE_TONES)[number];
export const CONNECTION_APPROACHES = [
  'value-first',
  'common-interest',
  'mutual-connection',
  'industry-focus',
  'direct-introduction',
] as const;
export type Approach = (typeof CONNECTION_APPROACHES)[number];
export const COMMENT_STYLES = [
  'add-insights',
  'ask-questions',
  'share-experience',
  'show-support',
  'provide-value',
] as const;
export type CommentStyle = (typeof COMMENT_STYLES)[number];

/** Formal tones keep full forms and a measured voice; relaxed ones are looser. */
export type Register = 'formal' | 'relaxed';
export const REGISTER: Record<Tone, Register> = {
  professional: 'formal',
  consultative: 'formal',
  direct: 'formal',
  casual: 'relaxed',
  friendly: 'relaxed',
  conversational: 'relaxed',
};

/** What the prospect works on, best known first: a topic of their posts, a skill, their industry. */
export const focusOf = (f: Facts) => f.topic ?? f.skill ?? f.industry;

export const need =
  <K extends keyof Facts>(keys: readonly K[], write: (f: Facts & Required<Pick<Facts, K>>) => string) =>
  (f: Facts) =>
    keys.every((k) => f[k] !== undefined && f[k] !== '')
      ? write(f as Facts & Required<Pick<Facts, K>>)
      : undefined;
export const withFocus =
  (write: (focus: string, f: Facts) => string): Pattern =>
  (f) => {
    const focus = focusOf(f);
    return focus ? write(focus, f) : undefined;
  };
export const withClause =
  (write: (clause: string, f: Facts) => string, useShort = false): Pattern =>
  (f) => {
    const clause = useShort ? f.pitch.short : f.pitch.clause;
    return clause ? write(clause, f) : undefined;
  };
/** A pattern that needs no fact: used only when no pattern of its list that does can be filled. */
export const generic = <P extends (f: never) => string | undefined>(pattern: P): P =>
  Object.assign(pattern, { generic: true });
export const always = (text: string): Pattern => generic(() => text);
/** The whole pitch after a lead-in, unless it brings its own (a fragment's 'What we do: ...'). */
export const introduced = (lead: string, f: Facts) =>
  f.pitch.clause ? `${lead} ${f.pitch.full}` : f.pitch.full;
export const isGeneric = (pattern: unknown) => (pattern as { generic?: boolean }).generic === true;

/** Titles said without an article: 'as Head of Growth', 'as CEO'; others take one: 'as a Designer'. */
const NO_ARTICLE =
  /^(?:head|chief|vp|svp|evp|vice|president|director|founder|co-?founder|owner|managing|ceo|cto|cfo|coo|cmo|cro|cpo|ciso)\b/i;
export const asRole = (role: string) =>
  NO_ARTICLE.test(role) ? `as ${role}` : `as ${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}`;

// --- Greetings (notes and messages) -------------------------------------------------------------

/** Each tone's greetings, with the first name; `nameless` when there is none. */
export const GREETINGS: Record<Tone, { named: readonly ((first: string) => string)[]; nameless: string }> = {
  professional: {
    named: [(n) => `Hi ${n},`, (n) => `Hello ${n},`, (n) => `Dear ${n},`],
    nameless: 'Hello,',
  },
  casual: {
    named: [(n) => `Hey ${n}!`, (n) => `Hi ${n}!`, (n) => `Hey ${n},`],
    nameless: 'Hey there!',
  },
  friendly: {
    named: [
      (n) => `Hi ${n}, hope your week is going well!`,
      (n) => `Hello ${n}!`,
      (n) => `Hi ${n}, hope you are well!`,
    ],
    nameless: 'Hi there!',
  },
  consultative: {
    named: [(n) => `Hi ${n},`, (n) => `Hello ${n},`],
    nameless: 'Hello,',
  },
  direct: {
    named: [(n) => `Hi ${n},`, (n) => `${n},`],
    nameless: 'Hi,',
  },
  conversational: {
    named: [(n) => `Hi ${n}, quick note.`, (n) => `Hey ${n}, hope all is well.`, (n) => `Hi ${n}!`],
    nameless: 'Hi there,',
  },
};

// --- Connection notes ----------------------------------------------------------------------------

export const NOTE_BODIES: Record<Approach, Record<Register, readonly Pattern[]>> = {
  'value-first': {
    formal: [
      withFocus(
        (x) =>
          `I share practical notes on ${x} that people in roles like yours find useful, and I would be glad to pass them along.`,
      ),
      need(
        ['company'],
        (f) =>
          `I have been looking at how teams like ${f.company} handle ${focusOf(f) ?? 'growth'}, and I have a few ideas that may be useful to you.`,
      ),
      withClause(
        (c, f) =>
          `Since ${c}, I am glad to share what is working for others in ${f.industry ?? 'your field'}.`,
      ),
      always('I often come across ideas that help people in your role, and I would be glad to share them.'),
    ],
    relaxed: [
      withFocus((x) => `I've collected a few ${x} ideas that might be handy for you, happy to share.`),
      need(
        ['company'],
        (f) => `came across ${f.company} and had a couple of ideas that might help your team.`,
      ),
      withClause((c) => `always happy to share tips that work, since ${c}.`, true),
      always('always happy to share useful ideas with people in your line of work.'),
    ],
  },
  'common-interest': {
    formal: [
      need(
        ['topic'],
        (f) => `I noticed your recent posts on ${f.topic}, a subject I follow closely as well.`,
      ),
      need(['skill'], (f) => `I see ${f.skill} on your profile, an area I also work in and care about.`),
      need(
        ['industry'],
        (f) => `We share an interest in ${f.industry}, and I would value your perspective on it.`,
      ),
      need(
        ['role'],
        (f) => `Your work ${asRole(f.role)} caught my attention, as it overlaps with what I focus on.`,
      ),
      always('I enjoy connecting with people who care about the same topics I do.'),
    ],
    relaxed: [
      need(['topic'], (f) => `saw your posts on ${f.topic}, that's a topic I'm into as well.`),
      need(
        ['skill'],
        (f) => `noticed we're both into ${f.skill}, always nice to meet someone in the same space.`,
      ),
      need(['industry'], (f) => `looks like we're both in the ${f.industry} world.`),
      always('looks like we care about a lot of the same things.'),
    ],
  },
  'mutual-connection': {
    formal: [
      need(
        ['industry'],
        (f) => `Our professional circles seem to overlap in ${f.industry}, so it felt natural to reach out.`,
      ),
      need(
        ['topic'],
        (f) =>
          `We seem to move in the same circles around ${f.topic}, so I thought it was time we connected.`,
      ),
      need(
        ['company'],
        (f) => `We seem to share part of our network around ${f.company}, so I wanted to connect directly.`,
      ),
      always('We seem to have overlapping networks, so I thought it made sense to connect.'),
    ],
    relaxed: [
      need(
        ['industry'],
        (f) => `feels like we move in the same ${f.industry} circles, so I figured it's time to connect.`,
      ),
      need(
        ['topic'],
        (f) => `your name keeps popping up around ${f.topic} in my feed, so I figured I'd say hi.`,
      ),
      always('looks like our networks overlap quite a bit, so I figured I would say hi.'),
    ],
  },
  'industry-focus': {
    formal: [
      need(
        ['industry', 'role'],
        (f) => `I work closely with ${f.industry} teams, and your experience ${asRole(f.role)} stood out.`,
      ),
      need(
        ['industry'],
        (f) => `I follow the ${f.industry} space closely and like to connect with the people shaping it.`,
      ),
      need(
        ['industry', 'company'],
        (f) => `I would value hearing how ${f.company} is approaching the changes in ${f.industry}.`,
      ),
      need(
        ['role'],
        (f) => `I connect with people who know their field well, and your work ${asRole(f.role)} stood out.`,
      ),
      always('I make a point of connecting with people who know their industry well.'),
    ],
    relaxed: [
      need(
        ['industry'],
        (f) => `always keen to meet more people in ${f.industry}, and your profile stood out.`,
      ),
      need(
        ['industry', 'company'],
        (f) =>
          `love what's happening in ${f.industry} right now, and ${f.company} looks like an interesting part of it.`,
      ),
      always('always keen to meet people who know their field inside out.'),
    ],
  },
  'direct-introduction': {
    formal: [
      withClause((c) => `I am reaching out directly: ${c}.`),
      withClause(
        (c, f) =>
          `A quick introduction: ${c}, and I would like to connect with you${f.company ? ` and learn how ${f.company} works` : ''}.`,
      ),
      (f) =>
        f.role && f.pitch.full
          ? `I am reaching out because your work ${asRole(f.role)} is close to what we do. ${f.pitch.full}`
          : undefined,
      (f) => (f.pitch.full ? `I am reaching out directly. ${f.pitch.full}` : undefined),
      always('I am reaching out directly because your profile matches the people we work with.'),
    ],
    relaxed: [
      withClause((c) => `quick intro: ${c}.`),
      withClause((c) => `thought I'd reach out directly, since ${c}.`),
      (f) => (f.pitch.full ? `quick intro from my side. ${f.pitch.full}` : undefined),
      always('thought I would reach out directly, your profile caught my eye.'),
    ],
  },
};

/** A sentence a tone adds when the note has room for it (dropped first when it does not). */
export const NOTE_EXTRAS: Record<Tone, readonly Pattern[]> = {
  professional: [withClause((c) => `For context, ${c}.`, true)],
  casual: [withClause((c) => `On my side, ${c}.`, true)],
  friendly: [
    need(['company'], (f) => `${f.company} looks like a great team.`),
    withFocus((x) => `Your take on ${x} is refreshing.`),
  ],
  consultative: [
    withFocus((x) => `I am curious how you are approaching ${x} this year.`),
    withClause((c) => `For context, ${c}.`, true),
  ],
  direct: [],
  conversational: [withFocus((x) => `How are you finding ${x} lately?`)],
};

export const NOTE_CLOSINGS: Record<Tone, readonly string[]> = {
  professional: [
    'Would be glad to connect.',
    'I would welcome the chance to connect.',
    'Looking forward to connecting.',
  ],
  casual: ['Happy to connect!', "Let's connect!", 'Would be cool to connect.'],
  friendly: ['Would love to connect!', 'It would be great to connect!', 'Hope to connect!'],
  consultative: [
    'Open to connecting and comparing notes?',
    'Happy to connect and share what we have seen work.',
    'Would you be open to connecting?',
  ],
  direct: ["Let's connect.", 'Open to connecting?', 'Happy to connect.'],
  conversational: [
    'Fancy connecting?',
    'Want to connect?',
    'Would be great to swap thoughts, want to connect?',
  ],
};
