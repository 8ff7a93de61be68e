import { capitalise, type Facts } from './outreach-facts';

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

const need =
  <K extends keyof Facts>(keys: readonly K[], write: (f: Facts & Required<Pick<Facts, K>>) => string) =>
  (f: Facts) =>
    keys.every((k) => f[k] !== undefined && f[k] !== '')
      ? write(f as Facts & Required<Pick<Facts, K>>)
      : undefined;
const withFocus =
  (write: (focus: string, f: Facts) => string): Pattern =>
  (f) => {
    const focus = focusOf(f);
    return focus ? write(focus, f) : undefined;
  };
const withClause =
  (write: (clause: string, f: Facts) => string, useShort = false): Pattern =>
  (f) => {
    const clause = useShort ? f.pitch.short : f.pitch.clause;
    return clause ? write(clause, f) : undefined;
  };
/** A pattern that needs no fact: used only when no pattern of its list that does can be filled. */
const generic = <P extends (f: never) => string | undefined>(pattern: P): P =>
  Object.assign(pattern, { generic: true });
const always = (text: string): Pattern => generic(() => text);
/** The whole pitch after a lead-in, unless it brings its own (a fragment's 'What we do: ...'). */
const introduced = (lead: string, f: Facts) => (f.pitch.clause ? `${lead} ${f.pitch.full}` : f.pitch.full);
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

// --- Follow-up messages --------------------------------------------------------------------------

export const MESSAGE_THANKS: Record<Tone, readonly string[]> = {
  professional: [
    'Thank you for connecting.',
    'Thanks for accepting my invitation.',
    'Glad we are connected.',
  ],
  casual: ['Thanks for connecting!', 'Cheers for accepting!', 'Great to be connected!'],
  friendly: [
    'Thanks so much for connecting!',
    'Really glad we are connected now!',
    'Thank you for accepting, it is great to be connected!',
  ],
  consultative: ['Thank you for connecting.', 'Thanks for accepting my invitation, I appreciate it.'],
  direct: ['Thanks for connecting.', 'Thanks for accepting.'],
  conversational: [
    'Thanks for connecting, nice to meet you here!',
    'Glad we are connected!',
    'Thanks for accepting, good to be in touch.',
  ],
};

export const MESSAGE_PERSONAL: readonly Pattern[] = [
  need(['topic'], (f) => `I enjoyed your recent posts about ${f.topic}.`),
  need(['topic'], (f) => `Your posts on ${f.topic} have been a good read.`),
  need(['role', 'company'], (f) => `Your work ${asRole(f.role)} at ${f.company} caught my eye.`),
  need(['company'], (f) => `I have been following what ${f.company} is up to.`),
  need(['role'], (f) => `Your experience ${asRole(f.role)} caught my eye.`),
  need(['industry'], (f) => `It is always good to meet someone who knows ${f.industry} well.`),
];

/** The user's offer, in the words of their company description. */
export const MESSAGE_PITCH: Record<Register, readonly Pattern[]> = {
  formal: [
    withClause((c) => `For context, ${c}.`),
    withClause((c) => `A little about me: ${c}.`),
    (f) => (f.pitch.full ? introduced('For context, here is what we do.', f) : undefined),
  ],
  relaxed: [
    withClause((c) => `Quick bit about me: ${c}.`),
    withClause((c) => `On my side, ${c}.`),
    (f) => (f.pitch.full ? introduced('Here is a bit about what I do.', f) : undefined),
  ],
};

export const MESSAGE_BRIDGE: Record<Tone, readonly Pattern[]> = {
  professional: [withFocus((x) => `I thought there might be some overlap with your work on ${x}.`)],
  casual: [withFocus((x) => `Figured there might be some overlap with what you're doing around ${x}.`)],
  friendly: [withFocus((x) => `It sounds like there might be some common ground with your work on ${x}.`)],
  consultative: [
    withFocus(
      (x, f) =>
        `I am curious how you are approaching ${x}${f.company ? ` at ${f.company}` : ''} today, and where it gets in the way.`,
    ),
    withFocus((x) => `I am curious how you are approaching ${x} today, and what is hardest about it.`),
  ],
  direct: [
    withFocus(
      (x, f) =>
        `If ${x} is a priority for ${f.company ?? 'you'} this quarter, a short conversation could be worth it.`,
    ),
    need(
      ['company'],
      (f) => `If ${f.company} is looking at this area this quarter, a short conversation could be worth it.`,
    ),
  ],
  conversational: [
    need(['company'], (f) => `How are things going on the ${focusOf(f) ?? 'growth'} side at ${f.company}?`),
    withFocus((x) => `How are things going with ${x} on your side?`),
  ],
};

export const MESSAGE_CTA: Record<Tone, readonly string[]> = {
  professional: [
    'Would you be open to a short call in the coming weeks?',
    'If it is relevant, I would be glad to set up a brief call.',
  ],
  casual: ['Up for a quick chat sometime?', 'Happy to chat if that sounds useful, no pressure.'],
  friendly: [
    'Would you be up for a quick chat sometime? Either way, glad to be connected!',
    'I would love to hear how things are going for you, up for a quick chat?',
  ],
  consultative: [
    'Happy to share what we have learned if that would be useful. Would a short call work?',
    'Would it be useful to compare notes on a short call?',
  ],
  direct: ['Do you have 15 minutes next week?', 'Open to a 15-minute call next week?'],
  conversational: [
    'Would love to hear how you see it. Fancy a quick chat?',
    'What do you think, worth a quick chat?',
  ],
};

// --- Comments ------------------------------------------------------------------------------------

/** The first sentence of a comment: some name the author, some do not. */
export const COMMENT_OPENERS: Record<
  Register,
  readonly { named: boolean; write: (first: string) => string }[]
> = {
  formal: [
    { named: true, write: (n) => `Well put, ${n}.` },
    { named: true, write: (n) => `Good perspective, ${n}.` },
    { named: false, write: () => 'This is a thoughtful post.' },
    { named: false, write: () => 'Strong point here.' },
  ],
  relaxed: [
    { named: true, write: (n) => `Love this, ${n}!` },
    { named: true, write: (n) => `So true, ${n}.` },
    { named: false, write: () => 'Great post!' },
    { named: false, write: () => 'This is spot on.' },
  ],
};

const INSIGHTS = [
  'the teams that get it right usually measure it weekly, not once a quarter',
  'it pays off fastest when one person clearly owns it',
  'small, repeatable experiments tend to beat big one-off launches',
  'the hard part is rarely the idea and mostly the follow-through',
];
const insight = (f: CommentFacts) => INSIGHTS[f.variant % INSIGHTS.length]!;

/** Facts of a comment: the prospect's, with the post's topic, a quote of it and a number to vary by. */
export interface CommentFacts extends Facts {
  quote?: string;
  variant: number;
}
export type CommentPattern = (f: CommentFacts) => string | undefined;

const withTopic =
  (write: (topic: string, f: CommentFacts) => string): CommentPattern =>
  (f) =>
    f.topic ? write(f.topic, f) : undefined;
const withQuote =
  (write: (quote: string, f: CommentFacts) => string): CommentPattern =>
  (f) =>
    f.quote ? write(f.quote, f) : undefined;

export const COMMENT_BODIES: Record<CommentStyle, readonly CommentPattern[]> = {
  'add-insights': [
    withTopic((t, f) => `One thing I would add on ${t}: ${insight(f)}.`),
    withQuote((q, f) => `"${q}" stood out to me. In my experience, ${insight(f)}.`),
    withTopic(
      (t) => `On ${t}, I have found that the simplest version usually wins once it is measured honestly.`,
    ),
    generic((f: CommentFacts) => `In my experience, ${insight(f)}.`),
  ],
  'ask-questions': [
    withTopic((t) => `How did you decide where to start with ${t}?`),
    withTopic((t) => `What has surprised you most about ${t} so far?`),
    withQuote((q) => `"${q}" made me curious. How did you arrive at that?`),
    always('What would you do differently if you started over?'),
  ],
  'share-experience': [
    withTopic(
      (t) =>
        `We went through something similar with ${t}: the first attempt was messy, and what finally worked was keeping it simple.`,
    ),
    withTopic((t) => `When we worked on ${t}, the biggest shift came from talking to customers earlier.`),
    withQuote(
      (q) =>
        `"${q}" matches what I have seen: progress came once we stopped trying to fix everything at once.`,
    ),
    always('We went through something similar, and what finally worked was keeping it simple.'),
  ],
  'show-support': [
    withTopic((t) => `${capitalise(t)} deserves more attention, and you make the case clearly.`),
    withTopic((t) => `Great to see someone talk about ${t} this honestly.`),
    withQuote((q) => `"${q}" is worth repeating.`),
    always('Thanks for sharing this so openly, it deserves more attention.'),
  ],
  'provide-value': [
    withTopic(
      (t) =>
        `One thing that has helped us with ${t}: writing down the one metric that matters before changing anything.`,
    ),
    withTopic(
      (t) => `A tip that saved us time on ${t}: short weekly check-ins instead of big quarterly reviews.`,
    ),
    withTopic((t) => `For anyone working on ${t}, a simple checklist before each decision goes a long way.`),
    always('A simple checklist before each decision goes a long way here.'),
  ],
};

export const COMMENT_FOLLOWS: Record<Register, readonly string[]> = {
  formal: ['Thanks for sharing.', 'Appreciate you putting this out there.'],
  relaxed: ['Thanks for posting this!', 'Keep them coming!'],
};
