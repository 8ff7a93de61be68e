import type {
  AiMessaging,
  AiText,
  CommentRequest,
  ConnectionNoteRequest,
  MessageRequest,
} from '../../ports/ai';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MAX_SENTENCES,
  contentCheck,
  MESSAGE_MAX_LENGTH,
  outreachContent,
  sentenceCount,
  textLength,
  textProblem,
} from '../../ports/ai-outreach-rules';
import { COMMENT_BODIES, COMMENT_FOLLOWS, COMMENT_OPENERS, type CommentFacts } from './comment-phrases';
import {
  MESSAGE_BRIDGE,
  MESSAGE_CTA,
  MESSAGE_PERSONAL,
  MESSAGE_PITCH,
  MESSAGE_THANKS,
} from './message-phrases';
import { capitalise, type Facts, factsOf, hash } from './outreach-facts';
import {
  type Approach,
  COMMENT_STYLES,
  CONNECTION_APPROACHES,
  type CommentStyle,
  GREETINGS,
  isGeneric,
  MESSAGE_TONES,
  NOTE_BODIES,
  NOTE_CLOSINGS,
  NOTE_EXTRAS,
  type Pattern,
  REGISTER,
  type Tone,
} from './outreach-phrases';
import { quoteOf } from './post-topics';

/**
 * The local outreach writer: connection notes, comments and follow-up messages from the prospect's
 * data and the flow's messaging settings, with no model. A text is put together from sentence patterns
 * (outreach-phrases.ts): a greeting in the tone, a body in the connection approach or comment style, and
 * sentences the tone adds. Where several patterns fit the data, a hash of the prospect's id (and the
 * post's, for a comment) picks one, so the same input always gives the same text and two prospects get
 * different ones.
 *
 * Fitting a limit never cuts a sentence while it can help it: first the optional sentences go (the
 * tone's extra, then the closing), then the longest facts (company, role, topics) are left out and the
 * text is written again; only a limit too small for any whole text cuts it at a word boundary with '…'.
 *
 * A text also passes the content rules a model's text is checked against (ai-outreach-rules.ts
 * `contentProblem`); the facts are read so that it does (outreach-facts.ts), and a text that still does
 * not is passed over like one that does not fit.
 */

/** A sentence and when it goes: 0 never, else the higher first. */
interface Part {
  text: string;
  drop: number;
}

const optionOf = <V extends string>(values: readonly V[], value: string, fallback: V): V =>
  (values as readonly string[]).includes(value) ? (value as V) : fallback;

export const toneOf = (m: AiMessaging): Tone => optionOf(MESSAGE_TONES, m.messageTone, 'professional');
export const approachOf = (m: AiMessaging): Approach =>
  optionOf(CONNECTION_APPROACHES, m.connectionRequestStyle, 'value-first');
export const styleOf = (m: AiMessaging): CommentStyle =>
  optionOf(COMMENT_STYLES, m.commentStyle, 'add-insights');

const pick = <T>(seed: string, list: readonly T[]): T => list[hash(seed) % list.length]!;

/**
 * The texts of the patterns the facts can fill, those that use a fact ahead of generic ones, each group
 * starting where the seed points: the first is the one chosen, the others are tried when it does not fit.
 */
function ranked<F>(seed: string, patterns: readonly ((f: F) => string | undefined)[], f: F): string[] {
  const start = hash(seed);
  const fill = (list: readonly ((f: F) => string | undefined)[]) => {
    const texts = list.map((p) => p(f)).filter((t): t is string => Boolean(t));
    const at = texts.length ? start % texts.length : 0;
    return [...texts.slice(at), ...texts.slice(0, at)];
  };
  return [...fill(patterns.filter((p) => !isGeneric(p))), ...fill(patterns.filter(isGeneric))];
}

const choose = <F>(seed: string, patterns: readonly ((f: F) => string | undefined)[], f: F) =>
  ranked(seed, patterns, f)[0];

function greetingOf(tone: Tone, f: Facts, seed: string): string {
  const { named, nameless } = GREETINGS[tone];
  return f.first ? pick(`${seed}:greeting`, named)(f.first) : nameless;
}

/** A sentence run on after a greeting's comma starts in lower case ('Hi Ana, your post ...'). */
function continueAfter(greeting: string, sentence: string): string {
  if (!greeting.endsWith(',')) return capitalise(sentence);
  if (/^I\b|^I['’]/.test(sentence)) return sentence;
  return sentence.replace(/^\p{Lu}(?=\p{Ll}*\b)/u, (c) => c.toLowerCase());
}

/** Drops the droppable parts, highest first (the later one on a tie), until `render` fits `max`. */
function fitWithin(
  parts: readonly Part[],
  max: number,
  render: (kept: readonly Part[]) => string,
): string | undefined {
  const kept = [...parts];
  for (;;) {
    const text = render(kept);
    if (textLength(text) <= max) return text;
    let worst = -1;
    kept.forEach((p, i) => {
      if (p.drop > 0 && (worst < 0 || p.drop >= kept[worst]!.drop)) worst = i;
    });
    if (worst < 0) return undefined;
    kept.splice(worst, 1);
  }
}

/** The facts again with fewer, shorter values: what the writer tries when a text does not fit. */
function leaner(f: Facts): Facts[] {
  const { company: _company, ...noCompany } = f;
  const { role: _role, ...noRole } = noCompany;
  const { topic: _topic, skill: _skill, industry: _industry, ...bare } = noRole;
  const { short: _short, clause: _clause, ...plainPitch } = f.pitch;
  return [f, noCompany, noRole, bare, { ...bare, pitch: { ...plainPitch, full: '' } }];
}

const TRAILING = /[\s,;:—–-]+$|\s+(?:and|or|for|with|to|of|in|on|by|the|a|an|that|as|at)$/i;

/**
 * The text cut to `max` characters: after its last whole sentence when that keeps at least 40% of the
 * room, else at a word boundary with '…'.
 */
export function cutText(text: string, max: number): string {
  const room = Math.max(1, Math.floor(max));
  if (textLength(text) <= room) return text;
  const chars = [...text];
  const head = chars.slice(0, room).join('');
  const ends = [...head.matchAll(/[.!?](?=\s|$)/g)];
  const lastEnd = ends.length ? ends[ends.length - 1]!.index + 1 : -1;
  if (lastEnd > 0 && textLength(head.slice(0, lastEnd)) >= room * 0.4) return head.slice(0, lastEnd);
  const before = chars.slice(0, room - 1).join('');
  const space = before.lastIndexOf(' ');
  let cut = space > 0 ? before.slice(0, space) : before;
  for (let previous = ''; previous !== cut; ) {
    previous = cut;
    cut = cut.replace(TRAILING, '');
  }
  return `${cut || before}…`;
}

// --- Connection notes ----------------------------------------------------------------------------

/** Whether two sentences name the same fact: a tone's extra does not repeat what the body said. */
function repeats(f: Facts, a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return [f.company, f.topic, f.skill, f.industry, f.pitch.short]
    .map((v) => v?.toLowerCase())
    .some((v) => v && x.includes(v) && y.includes(v));
}

function noteParts(f: Facts, tone: Tone, body: string, seed: string): { greeting: string; parts: Part[] } {
  const greeting = greetingOf(tone, f, seed);
  const extra = choose(`${seed}:extra`, NOTE_EXTRAS[tone], f);
  const parts: Part[] = [{ text: body, drop: 0 }];
  if (extra && !repeats(f, body, extra)) parts.push({ text: extra, drop: 2 });
  parts.push({ text: pick(`${seed}:closing`, NOTE_CLOSINGS[tone]), drop: 1 });
  return { greeting, parts };
}

const renderNote = (greeting: string) => (kept: readonly Part[]) =>
  [greeting, ...kept.map((p, i) => (i === 0 ? continueAfter(greeting, p.text) : p.text))].join(' ');

export function writeConnectionNote({ prospect, messaging, maxLength }: ConnectionNoteRequest): AiText {
  const max = Math.max(1, Math.floor(maxLength));
  const tone = toneOf(messaging);
  const approach = approachOf(messaging);
  const seed = `${prospect.id}|note|${tone}|${approach}`;
  const variants = leaner(factsOf(prospect, messaging.companyDescription));
  const refused = contentCheck(outreachContent(prospect, messaging));
  // The chosen body with all the facts first; then the other bodies; then the same with fewer facts.
  for (const f of variants) {
    for (const body of ranked(`${seed}:body`, NOTE_BODIES[approach][REGISTER[tone]], f)) {
      const { greeting, parts } = noteParts(f, tone, body, seed);
      const text = fitWithin(parts, max, renderNote(greeting));
      if (text && !textProblem(text, { maxLength: max }) && !refused(text)) return { text };
    }
  }
  const bare = variants[variants.length - 1]!;
  const body = choose(`${seed}:body`, NOTE_BODIES[approach][REGISTER[tone]], bare)!;
  return { text: cutText(renderNote(greetingOf(tone, bare, seed))([{ text: body, drop: 0 }]), max) };
}

// --- Follow-up messages --------------------------------------------------------------------------

function messageParts(f: Facts, tone: Tone, seed: string): { greeting: string; paragraphs: Part[][] } {
  const register = REGISTER[tone];
  const personal = choose(`${seed}:personal`, MESSAGE_PERSONAL, f);
  const pitch = choose(`${seed}:pitch`, MESSAGE_PITCH[register], f);
  const bridge = choose(`${seed}:bridge`, MESSAGE_BRIDGE[tone] as readonly Pattern[], f);
  const paragraph = (...parts: (Part | false | '' | undefined)[]) =>
    parts.filter((p): p is Part => Boolean(p));
  return {
    greeting: greetingOf(tone, f, seed),
    paragraphs: [
      paragraph(
        { text: pick(`${seed}:thanks`, MESSAGE_THANKS[tone]), drop: 0 },
        personal && { text: personal, drop: 2 },
      ),
      paragraph(pitch && { text: pitch, drop: 0 }, bridge && { text: bridge, drop: 3 }),
      paragraph({ text: pick(`${seed}:cta`, MESSAGE_CTA[tone]), drop: 1 }),
    ],
  };
}

export function writeMessage({ prospect, messaging }: MessageRequest): AiText {
  const tone = toneOf(messaging);
  const seed = `${prospect.id}|message|${tone}`;
  const variants = leaner(factsOf(prospect, messaging.companyDescription));
  const refused = contentCheck(outreachContent(prospect, messaging));
  let last = '';
  for (const f of variants) {
    const { greeting, paragraphs } = messageParts(f, tone, seed);
    // Which paragraph each part is in, so dropping a part keeps the layout of the others.
    const parts = paragraphs.flatMap((ps, index) => ps.map((p) => ({ ...p, index })));
    const render = (kept: readonly (Part & { index?: number })[]) =>
      [
        greeting,
        ...paragraphs
          .map((_, index) =>
            kept
              .filter((p) => p.index === index)
              .map((p) => p.text)
              .join(' '),
          )
          .filter(Boolean),
      ].join('\n\n');
    last = render(parts);
    const text = fitWithin(parts, MESSAGE_MAX_LENGTH, render);
    if (text && !textProblem(text, { maxLength: MESSAGE_MAX_LENGTH }) && !refused(text)) return { text };
  }
  return { text: cutText(last, MESSAGE_MAX_LENGTH) };
}

// --- Comments ------------------------------------------------------------------------------------

/** A comment, and whether its pattern names the post's author (for the tests of the patterns). */
export function composeComment({ prospect, post, messaging }: CommentRequest): {
  text: string;
  namesProspect: boolean;
} {
  const tone = toneOf(messaging);
  const style = styleOf(messaging);
  const register = REGISTER[tone];
  const seed = `${prospect.id}|${post.id}|comment|${style}|${tone}`;
  const base = factsOf(prospect, messaging.companyDescription, [post.text]);
  const quote = quoteOf(post.text);
  const refused = contentCheck(outreachContent(prospect, messaging, post));
  // The leaner facts leave the topic out from the fourth on; the quote goes with it.
  const variants = leaner(base).map(
    (f, i): CommentFacts => ({ ...f, ...(quote && i < 3 ? { quote } : {}), variant: hash(seed) }),
  );
  for (const f of variants) {
    const openers = COMMENT_OPENERS[register].filter((o) => !o.named || f.first);
    const opener = pick(`${seed}:opener`, openers);
    const body = choose(`${seed}:body`, COMMENT_BODIES[style], f)!;
    const parts: (Part & { named?: boolean })[] = [
      { text: opener.write(f.first ?? ''), drop: 2, named: opener.named },
      { text: body, drop: 0 },
    ];
    // A closing thanks, unless the tone is direct or the body already thanks.
    if (tone !== 'direct' && !/\bthank/i.test(body)) {
      parts.push({ text: pick(`${seed}:follow`, COMMENT_FOLLOWS[register]), drop: 1 });
    }
    const render = (kept: readonly Part[]) => kept.map((p) => p.text).join(' ');
    // At most three sentences: the follow-up goes first, then the opener.
    while (sentenceCount(render(parts)) > COMMENT_MAX_SENTENCES && parts.length > 1) {
      parts.splice(parts.length > 2 ? 2 : 0, 1);
    }
    const text = fitWithin(parts, COMMENT_MAX_LENGTH, render);
    const limits = { maxLength: COMMENT_MAX_LENGTH, maxSentences: COMMENT_MAX_SENTENCES };
    if (text && !textProblem(text, limits) && !refused(text)) {
      const named = Boolean(f.first) && parts.some((p) => p.named && text.includes(p.text));
      return { text, namesProspect: named };
    }
  }
  return { text: 'Thanks for sharing this.', namesProspect: false };
}

export function writeComment(request: CommentRequest): AiText {
  return { text: composeComment(request).text };
}
