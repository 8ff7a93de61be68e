import type { Facts } from './outreach-facts';
import { agree, always, type CommentStyle, generic, type Register, t } from './outreach-phrases';
import type { PostKind } from './post-topics';

/**
 * The comments' sentences (outreach-phrases.ts has the shared parts). A comment answers the post: its
 * body fits the comment style and, where the post is of a kind a person would answer in kind (a hiring
 * post, a launch, a poll, a win, a hot take, lessons learned: post-topics.ts postKindOf), that kind
 * first; then, when there is room, a closing line (a thanks that may name the author, or a reaction).
 * Comments never pitch the offer.
 *
 * Bodies start with the post's topic or the author's company (T and C below), never with words of
 * their own: a run comments on twenty posts with one style, and the same first words on two of them
 * are a repeated frame (issue 36 point 4). Topics repeat from post to post far more than companies.
 */

/** Facts of a comment: the prospect's, with the post's topic, kind, a quote of it and a number to vary by. */
export interface CommentFacts extends Facts {
  quote?: string;
  kind?: PostKind;
  variant: number;
}
export type CommentPattern = (f: CommentFacts) => string | undefined;

const INSIGHTS = [
  'the teams that get it right review it weekly, not once a quarter',
  'it pays off fastest when one person clearly owns it',
  'small, repeatable experiments tend to beat big one-off launches',
  'the hard part is rarely the idea and mostly the follow-through',
  'writing down what good looks like before starting saves a lot of rework',
];
const insight = (f: CommentFacts) => INSIGHTS[f.variant % INSIGHTS.length]!;

/** A pattern for posts of one kind only. */
const on =
  (kind: PostKind, pattern: CommentPattern): CommentPattern =>
  (f) =>
    f.kind === kind ? pattern(f) : undefined;

const is = (x: string | undefined) => agree(x, 'is', 'are');
const s_ = (x: string | undefined, verb: string) => agree(x, `${verb}s`, verb);

export const COMMENT_BODIES: Record<CommentStyle, readonly CommentPattern[]> = {
  'add-insights': [
    on('opinion', (f) => t`${f.topic} advice does age fast. In my experience, ${insight(f)}.`),
    on('lesson', (f) => t`${f.topic} lessons like these hold up well. I would add that ${insight(f)}.`),
    on(
      'win',
      (f) => t`${f.topic} results like that usually come from focus. In my experience, ${insight(f)}.`,
    ),
    (f) => t`on ${f.topic}, ${insight(f)}.`,
    (f) => t`${f.topic} ${is(f.topic)} one of those areas where ${insight(f)}.`,
    (f) => t`with ${f.topic}, I have found that ${insight(f)}.`,
    (f) => t`${f.topic} ${s_(f.topic, 'get')} talked about a lot, but ${insight(f)}.`,
    (f) => t`${f.topic} ${s_(f.topic, 'reward')} focus more than most things, and ${insight(f)}.`,
    (f) => t`${f.topic} in practice: ${insight(f)}.`,
    (f) => t`what ${f.company} found on ${f.topic} matches my experience: ${insight(f)}.`,
    (f) => t`${f.company} is onto something here. On ${f.topic}, ${insight(f)}.`,
    (f) => t`teams like ${f.company} show that with ${f.topic}, ${insight(f)}.`,
    (f) => t`"${f.quote}" stood out to me. In my experience, ${insight(f)}.`,
    generic((f: CommentFacts) => `In my experience, ${insight(f)}.`),
  ],
  'ask-questions': [
    on('question', (f) => t`${f.topic} polls always surprise me. Will you share what people answered?`),
    on(
      'hiring',
      (f) => t`${f.company} sounds like a good place to grow. What do you look for first in candidates?`,
    ),
    on('launch', (f) => t`${f.topic} launches are never simple. What was the hardest part to get right?`),
    on('win', (f) => t`${f.topic} results like that are rare. What do you think made the difference?`),
    on('opinion', (f) => t`which piece of ${f.topic} advice do you think has aged worst?`),
    on('lesson', (f) => t`${f.topic} lessons like these are worth a lot. Which one surprised you most?`),
    (f) => t`${f.topic} ${is(f.topic)} a tricky one. How did you decide where to start?`,
    (f) => t`${f.topic} ${s_(f.topic, 'seem')} to change every year. What has surprised you most lately?`,
    (f) => t`for ${f.topic}, what would you do differently if you started over?`,
    (f) =>
      t`${f.topic} ${is(f.topic)} something every team handles differently. What has worked best for you?`,
    (f) => t`which part of ${f.topic} took the longest to get right?`,
    (f) => t`at ${f.company}, what is the next step for ${f.topic}?`,
    (f) => t`how did ${f.company} decide where to start with ${f.topic}?`,
    (f) => t`${f.company} seems to have a clear view on ${f.topic}. What changed your mind the most?`,
    (f) => t`"${f.quote}" made me curious. How did you arrive at that?`,
    always('What would you do differently if you started over?'),
  ],
  'share-experience': [
    on(
      'hiring',
      (f) =>
        t`${f.company} will find good people with a post like this. When we hired last, a clear plan for the first 90 days made the difference.`,
    ),
    on(
      'launch',
      (f) =>
        t`${f.topic} launches were nerve-racking for us too, and the first week of feedback taught us the most.`,
    ),
    on('win', (f) => t`${f.topic} experiments worked for us too once we kept each test small.`),
    (f) =>
      t`${f.topic} ${agree(f.topic, 'was', 'were')} messy for us at first too, and what finally worked was keeping it simple.`,
    (f) => t`${f.topic} changed for us once we started talking to customers earlier.`,
    (f) => t`with ${f.topic}, we learned the hard way that ${insight(f)}.`,
    (f) => t`our own ${f.topic} work went better once one person clearly owned it.`,
    (f) => t`${f.topic} only clicked for us once we stopped copying what others did.`,
    (f) => t`${f.topic} took us a few tries, and the version that stuck was the simplest one.`,
    (f) =>
      t`like ${f.company}, we had to rethink ${f.topic} more than once, and keeping it simple is what worked.`,
    (f) => t`${f.company} and we seem to have learned the same thing about ${f.topic}: ${insight(f)}.`,
    (f) =>
      t`"${f.quote}" matches what I have seen: progress came once we stopped trying to fix everything at once.`,
    always('We went through something similar, and what finally worked was keeping it simple.'),
  ],
  'show-support': [
    on(
      'hiring',
      (f) => t`${f.company} will find good people with a post like this. Good luck with the search!`,
    ),
    on('launch', (f) => t`${f.topic} news like this is always good to see. Congrats to the whole team!`),
    on('win', (f) => t`${f.topic} wins like this deserve the attention. Congrats!`),
    (f) => t`${f.topic} ${s_(f.topic, 'deserve')} more attention, and you make the case clearly.`,
    (f) => t`${f.topic} ${is(f.topic)} rarely discussed this honestly.`,
    (f) => t`on ${f.topic}, this is one of the clearer takes I have read.`,
    (f) => t`this ${f.topic} post is one I will share with my team.`,
    (f) => t`${f.topic} needed a post like this.`,
    (f) => t`${f.topic} ${is(f.topic)} hard to write about well, and you did.`,
    (f) => t`good to see ${f.company} talk about ${f.topic} this openly.`,
    (f) => t`${f.company} sharing what works on ${f.topic} is exactly what this feed needs.`,
    (f) => t`"${f.quote}" is worth repeating.`,
    always('Thanks for sharing this so openly, it deserves more attention.'),
  ],
  'provide-value': [
    on(
      'question',
      (f) =>
        t`${f.topic} at our end runs on a short weekly review with one owner, and that has beaten anything fancier.`,
    ),
    (f) =>
      t`${f.topic} tip that has helped us: write down the one metric that matters before changing anything.`,
    (f) =>
      t`${f.topic} ${s_(f.topic, 'get')} easier with short weekly check-ins instead of big quarterly reviews.`,
    (f) => t`${f.topic} work gets easier with a simple checklist before each decision.`,
    (f) => t`on ${f.topic}, one habit that helps: a 15-minute review of what changed, every Friday.`,
    (f) =>
      t`${f.topic} ${s_(f.topic, 'improve')} fastest when one person owns the numbers and shares them weekly.`,
    (f) => t`${f.topic}: one habit worth copying is agreeing on what done looks like before anyone starts.`,
    (f) =>
      t`for teams like ${f.company} working on ${f.topic}, a short weekly review with one owner goes a long way.`,
    (f) => t`${f.company} might like a trick we use for ${f.topic}: write the goal at the top of every page.`,
    always('A simple checklist before each decision goes a long way here.'),
  ],
};

/**
 * A short reaction, by style: the line that may close a comment instead of a thanks. Never its first
 * words: those are the post's topic, so comments on different posts open differently.
 */
export const COMMENT_REACTIONS: Record<CommentStyle, readonly string[]> = {
  'add-insights': ['Good point.', 'Interesting angle.', 'Solid post.'],
  'ask-questions': ['Curious to hear more.', 'Good topic.'],
  'share-experience': ['Been there.', 'Familiar story.', 'So true.'],
  'show-support': ['Love this.', 'Well said.', 'Spot on.'],
  'provide-value': ['Worth saving.', 'Practical stuff.', 'Good topic.'],
};

/** The line after the body, when there is room: some name the author, some do not. */
export const COMMENT_FOLLOWS: Record<
  Register,
  readonly ((first: string | undefined) => string | undefined)[]
> = {
  formal: [
    (n) => t`Thanks for sharing, ${n}.`,
    () => 'Appreciate you putting this out there.',
    (n) => t`Well put, ${n}.`,
  ],
  relaxed: [(n) => t`Thanks for posting this, ${n}!`, () => 'Keep them coming!', (n) => t`Good one, ${n}.`],
};
