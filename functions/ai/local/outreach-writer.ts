import type {
  AiMessaging,
  AiText,
  CommentRequest,
  ConnectionNoteRequest,
  MessageRequest,
} from '../../core/ports/ai';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MAX_SENTENCES,
  contentCheck,
  MESSAGE_MAX_LENGTH,
  outreachContent,
  sentenceCount,
  textProblem,
} from '../ai-outreach-rules';
import { COMMENT_BODIES, COMMENT_FOLLOWS, COMMENT_REACTIONS, type CommentFacts } from './comment-phrases';
import { MESSAGE_BRIDGES, MESSAGE_CTA, MESSAGE_OPENINGS, MESSAGE_PERSONAL } from './message-phrases';
import { NOTE_HOOKS } from './note-hooks';
import { NOTE_CLOSINGS, NOTE_EXTRAS } from './note-phrases';
import { capitalise, type Facts, factsOf, hash } from './outreach-facts';
import { cutText, fitWithin, type Part } from './outreach-fit';
import {
  type Approach,
  COMMENT_STYLES,
  CONNECTION_APPROACHES,
  type CommentStyle,
  GREETINGS,
  inRegister,
  isGeneric,
  MESSAGE_TONES,
  OFFER_SENTENCES,
  REGISTER,
  type Register,
  type Tone,
} from './outreach-phrases';
import { postKindOf, quoteOf } from './post-topics';

export { cutText };

/**
 * The local outreach writer: connection notes, comments and follow-up messages from the prospect's
 * parts and the flow's messaging settings, with no model. A text is put together from sentence patterns
 * (note-hooks.ts, note-phrases.ts, message-phrases.ts, comment-phrases.ts): a greeting in the tone, a sentence about the
 * prospect in the connection approach or comment style, the user's offer in a clause of the writer's
 * own (outreach-offer.ts: restated, never pasted; issue 36 point 4) and sentences the tone adds. Where
 * several patterns fit the data, a hash of the prospect's id (and the post's, for a comment) picks one,
 * so the same input always gives the same text and the people of one run get different ones.
 *
 * Fitting a limit never cuts a sentence while it can help it: first the optional sentences go (the
 * tone's extra, then the offer, then the closing), then the longest facts (company, role, topics) are
 * left out and the text is written again; only a limit too small for any whole text cuts it at a word
 * boundary with '…'.
 *
 * A text also passes the content rules a model's text is checked against (ai-outreach-rules.ts
 * `contentProblem`, the company description's paste included); a text that does not is passed over like
 * one that does not fit.
 */

const optionOf = <V extends string>(values: readonly V[], value: string, fallback: V): V =>
  (values as readonly string[]).includes(value) ? (value as V) : fallback;

export const toneOf = (m: AiMessaging): Tone => optionOf(MESSAGE_TONES, m.messageTone, 'professional');
export const approachOf = (m: AiMessaging): Approach =>
  optionOf(CONNECTION_APPROACHES, m.connectionRequestStyle, 'value-first');
export const styleOf = (m: AiMessaging): CommentStyle =>
  optionOf(COMMENT_STYLES, m.commentStyle, 'add-insights');

const pick = <T>(seed: string, list: readonly T[]): T | undefined =>
  list.length ? list[hash(seed) % list.length] : undefined;

/**
 * The texts of the patterns the facts can fill, those that use a fact of the prospect ahead of generic
 * ones, each group starting where the seed points: the first is the one chosen, the others are tried
 * when it does not fit.
 */
function ranked<P>(seed: string, patterns: readonly P[], fill: (p: P) => string | undefined): string[] {
  const start = hash(seed);
  const texts = (list: readonly P[]) => {
    const filled = list.map(fill).filter((t): t is string => Boolean(t));
    const at = filled.length ? start % filled.length : 0;
    return [...filled.slice(at), ...filled.slice(0, at)];
  };
  return [...texts(patterns.filter((p) => !isGeneric(p))), ...texts(patterns.filter(isGeneric))];
}

function greetingOf(tone: Tone, f: Facts, seed: string): string {
  const { named, nameless } = GREETINGS[tone];
  return f.first ? pick(`${seed}:greeting`, named)!(f.first) : nameless;
}

/** A sentence run on after a greeting's comma stays as written ('Hi Ana, your post ...'); else it starts one. */
const continueAfter = (greeting: string, sentence: string) =>
  greeting.endsWith(',') ? sentence : capitalise(sentence);

/** Whether two sentences name the same fact: a later sentence does not repeat what an earlier one said. */
function repeats(f: Facts, a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return [f.company, f.role, f.topic, f.skill, f.industry, f.offer.field, f.offer.audience]
    .map((v) => v?.toLowerCase())
    .some((v) => v && x.includes(v) && y.includes(v));
}

/** The facts again with fewer, shorter values: what the writer tries when a text does not fit. */
function leaner(f: Facts): Facts[] {
  const { company: _company, ...noCompany } = f;
  const { role: _role, ...noRole } = noCompany;
  const { topic: _t, skill: _s, industry: _i, sharedCity: _c, sharedIndustry: _si, ...bare } = noRole;
  return [f, noCompany, noRole, bare, { ...bare, offer: { self: f.offer.self, clauses: [] } }];
}

/**
 * The sentence that says the offer, around the seed's clause, unless it repeats what `after` said; the
 * clause alone for a hook that carries it.
 */
function offerSentence(f: Facts, register: Register, seed: string, after: string): string | undefined {
  const clauses = ranked(`${seed}:clause`, f.offer.clauses, (c) => (repeats(f, after, c) ? undefined : c));
  const clause = clauses[0];
  return clause && inRegister(register, pick(`${seed}:offer`, OFFER_SENTENCES[register])!(clause));
}

// --- Connection notes ----------------------------------------------------------------------------

export function writeConnectionNote({
  prospect,
  messaging,
  maxLength,
  sender,
}: ConnectionNoteRequest): AiText {
  const max = Math.max(1, Math.floor(maxLength));
  const tone = toneOf(messaging);
  const approach = approachOf(messaging);
  const register = REGISTER[tone];
  const seed = `${prospect.id}|note|${tone}|${approach}`;
  const variants = leaner(factsOf(prospect, messaging.companyDescription, undefined, sender));
  const refused = contentCheck(outreachContent(prospect, messaging));
  let last = '';
  // The chosen hook with all the facts first; then the other hooks; then the same with fewer facts.
  for (const f of variants) {
    const greeting = greetingOf(tone, f, seed);
    const clause = ranked(`${seed}:clause`, f.offer.clauses, (c) => c)[0];
    for (const hook of ranked(`${seed}:hook`, NOTE_HOOKS[approach], (h) => h(f, clause))) {
      const said = inRegister(register, hook);
      const offer = approach === 'direct-introduction' ? undefined : offerSentence(f, register, seed, hook);
      const extra = pick(`${seed}:extra`, NOTE_EXTRAS[tone].map((p) => p(f)).filter(Boolean));
      const parts: Part[] = [
        { text: said, drop: 0 },
        ...(offer ? [{ text: offer, drop: 2 }] : []),
        ...(extra && !repeats(f, hook, extra) ? [{ text: inRegister(register, extra), drop: 3 }] : []),
        { text: inRegister(register, pick(`${seed}:closing`, NOTE_CLOSINGS[tone])!), drop: 1 },
      ];
      const render = (kept: readonly Part[]) =>
        [greeting, ...kept.map((p, i) => (i === 0 ? continueAfter(greeting, p.text) : p.text))].join(' ');
      last ||= render(parts);
      const text = fitWithin(parts, max, render);
      if (text && !textProblem(text, { maxLength: max }) && !refused(text)) return { text };
    }
  }
  return { text: cutText(last, max) };
}

// --- Follow-up messages --------------------------------------------------------------------------

export function writeMessage({ prospect, messaging, sender }: MessageRequest): AiText {
  const tone = toneOf(messaging);
  const register = REGISTER[tone];
  const seed = `${prospect.id}|message|${tone}`;
  const variants = leaner(factsOf(prospect, messaging.companyDescription, undefined, sender));
  const refused = contentCheck(outreachContent(prospect, messaging));
  let last = '';
  for (const f of variants) {
    const greeting = greetingOf(tone, f, seed);
    const opening = ranked(`${seed}:opening`, MESSAGE_OPENINGS, (p) => p(f))[0]!;
    const personal = ranked(`${seed}:personal`, MESSAGE_PERSONAL, (p) => p(f)).find(
      (s) => !repeats(f, opening, s),
    );
    const offer = offerSentence(f, register, seed, '');
    const bridge = ranked(`${seed}:bridge`, MESSAGE_BRIDGES[tone], (p) => p(f)).find(
      (s) => !repeats(f, `${opening} ${personal ?? ''}`, s),
    );
    const say = (text: string) => inRegister(register, text);
    // Which paragraph each part is in, so dropping a part keeps the layout of the others.
    const parts: (Part & { paragraph: number })[] = [
      { text: say(capitalise(opening)), drop: 0, paragraph: 0 },
      ...(personal ? [{ text: say(personal), drop: 4, paragraph: 0 }] : []),
      ...(offer ? [{ text: offer, drop: 0, paragraph: 1 }] : []),
      ...(bridge ? [{ text: say(bridge), drop: 3, paragraph: 1 }] : []),
      { text: say(pick(`${seed}:cta`, MESSAGE_CTA[tone])!), drop: 1, paragraph: 2 },
    ];
    const render = (kept: readonly (Part & { paragraph: number })[]) =>
      [
        greeting,
        ...[0, 1, 2].map((n) =>
          kept
            .filter((p) => p.paragraph === n)
            .map((p) => p.text)
            .join(' '),
        ),
      ]
        .filter(Boolean)
        .join('\n\n');
    last ||= render(parts);
    const text = fitWithin(parts, MESSAGE_MAX_LENGTH, render);
    if (text && !textProblem(text, { maxLength: MESSAGE_MAX_LENGTH }) && !refused(text)) return { text };
  }
  return { text: cutText(last, MESSAGE_MAX_LENGTH) };
}

// --- Comments ------------------------------------------------------------------------------------

/** A comment, and whether it names the post's author (for the tests of the patterns). */
export function composeComment({ prospect, post, messaging }: CommentRequest): {
  text: string;
  namesProspect: boolean;
} {
  const tone = toneOf(messaging);
  const style = styleOf(messaging);
  const register = REGISTER[tone];
  const seed = `${prospect.id}|${post.id}|comment|${style}|${tone}`;
  const base = factsOf(prospect, messaging.companyDescription, [post.text]);
  const kind = postKindOf(post.text);
  // A quote answers a statement: a hiring call, a launch, a poll or a win is answered in kind instead.
  const quote = !kind || kind === 'opinion' || kind === 'lesson' ? quoteOf(post.text) : undefined;
  const refused = contentCheck(outreachContent(prospect, messaging, post));
  const limits = { maxLength: COMMENT_MAX_LENGTH, maxSentences: COMMENT_MAX_SENTENCES };
  // The leaner facts leave the topic out from the fourth on; the quote goes with it.
  const variants = leaner(base).map(
    (f, i): CommentFacts => ({
      ...f,
      ...(quote && i < 3 ? { quote } : {}),
      ...(kind ? { kind } : {}),
      variant: hash(seed),
    }),
  );
  const say = (text: string) => inRegister(register, text);
  for (const f of variants) {
    for (const body of ranked(`${seed}:body`, COMMENT_BODIES[style], (p) => p(f))) {
      // A closing line: a thanks that may name the author (not in the direct tone), or a reaction;
      // never a second thanks.
      const closings = [
        ...(tone === 'direct' ? [] : COMMENT_FOLLOWS[register].map((p) => p(f.first))),
        ...COMMENT_REACTIONS[style],
      ].filter((s): s is string => Boolean(s) && !(/\bthank/i.test(body) && /\bthank/i.test(s!)));
      const closing = pick(`${seed}:closing`, closings);
      const parts: (Part & { named?: boolean })[] = [{ text: say(capitalise(body)), drop: 0 }];
      if (closing) {
        parts.push({ text: say(closing), drop: 1, named: Boolean(f.first && closing.includes(f.first)) });
      }
      const render = (kept: readonly Part[]) => kept.map((p) => p.text).join(' ');
      while (sentenceCount(render(parts)) > COMMENT_MAX_SENTENCES && parts.length > 1) parts.pop();
      const text = fitWithin(parts, COMMENT_MAX_LENGTH, render);
      if (text && !textProblem(text, limits) && !refused(text)) {
        return { text, namesProspect: parts.some((p) => p.named && text.includes(p.text)) };
      }
    }
  }
  return { text: 'Thanks for sharing this.', namesProspect: false };
}

export function writeComment(request: CommentRequest): AiText {
  return { text: composeComment(request).text };
}
