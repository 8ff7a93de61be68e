import { capitalise, type Facts } from './outreach-facts';
import { always, type CommentStyle, generic, type Register } from './outreach-phrases';

/** The local writer's comment patterns (outreach-phrases.ts has the shared parts). */
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
