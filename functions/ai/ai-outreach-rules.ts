/**
 * The rules every AI port adapter keeps when it scores a prospect or writes outreach for a flow
 * (issue 20 point 9; spec part 2 sections 3 and 9; DECISIONS 28): the score range and the match
 * thresholds, the text limits, and the checks a text must pass before it goes out: its form
 * (`textProblem`) and what it says (`contentProblem`, issue 34 point 7). The local adapter builds its
 * texts within them; the model adapters check a model's reply against them and fall back to the local
 * text when it fails one.
 *
 * It imports nothing at run time but shared/ and its measures (outreach-measures.ts), so every adapter,
 * the flows' services and the scripts can read it without an import cycle.
 */
import { type ContactKind, contactKey, contactsIn } from '../../shared/contact-like';
import { hasPlaceholder, textLength } from '../../shared/outgoing-text';
import { hasHiddenCharacters } from '../../shared/text';
import type { AiMessaging, AiPost, AiProspect, MatchQuality } from '../core/ports/ai';
import { longestSharedRun, placeholderIn, wordsIn } from './outreach-measures';

export { hasHiddenCharacters, hasPlaceholder, textLength, wordsIn };

/** Spec 3: a prospect's aiScore is a whole number from 0 to 100. */
export const AI_SCORE_RANGE = { min: 0, max: 100 } as const;
/** A score from here up is a hot match. */
export const HOT_MATCH_SCORE = 75;
/** A score from here up (below HOT_MATCH_SCORE) is a warm match; below it, cold. */
export const WARM_MATCH_SCORE = 50;

/** The match quality a score stands for. */
export function matchQualityOf(score: number): MatchQuality {
  if (score >= HOT_MATCH_SCORE) return 'hot';
  if (score >= WARM_MATCH_SCORE) return 'warm';
  return 'cold';
}

/** A comment on a post: 1 to 3 sentences, at most 500 characters. */
export const COMMENT_MAX_LENGTH = 500;
export const COMMENT_MAX_SENTENCES = 3;
/** A follow-up message to a prospect who accepted. */
export const MESSAGE_MAX_LENGTH = 1000;

/** Sentences: runs of text ended by . ! or ? (or the text's end); at least 1 for any visible text. */
export function sentenceCount(text: string): number {
  const trimmed = text.trim();
  if (!trimmed) return 0;
  const ends = trimmed.match(/[.!?…]+(?=\s|$)/g)?.length ?? 0;
  return /[.!?…]$/.test(trimmed) ? Math.max(ends, 1) : ends + 1;
}

/**
 * Why a text may not go out, or undefined when it may: empty, longer than `maxLength` characters, an
 * unfilled placeholder, a hidden character (a tag, an annotation, a direction control), or more
 * sentences than `maxSentences`.
 */
export function textProblem(
  text: string,
  { maxLength, maxSentences }: { maxLength: number; maxSentences?: number },
): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return 'the text is empty';
  const length = textLength(trimmed);
  if (length > maxLength) return `the text has ${length} characters, more than ${maxLength}`;
  const placeholder = placeholderIn(trimmed);
  if (placeholder) return `the text has ${placeholder}`;
  // What a person sees must be all there is: no tags, annotations or direction controls (shared/text.ts).
  if (hasHiddenCharacters(trimmed, true))
    return 'the text has control, invisible or text-direction characters';
  if (maxSentences !== undefined && sentenceCount(trimmed) > maxSentences) {
    return `the text has more than ${maxSentences} sentences`;
  }
  return undefined;
}

// --- What a text says (issue 34 point 7) ---------------------------------------------------------

/**
 * What an AI-written text is checked against before it is used, besides its form (`textProblem`):
 *
 * a. Contacts (shared/contact-like.ts: web addresses, domains, e-mail addresses, phone numbers and, where
 *    `handles` is set, @handles): only those the `own` texts hold, compared by `contactKey` (case, scheme,
 *    `www.` and trailing punctuation aside; `https://acme.io` is `acme.io`, but `acme.io/pay` and
 *    `hello@acme.io` are not). Outreach may repeat the user's own messaging settings; the AI filter's
 *    reason, which only the user reads, the lead's own data.
 * b. Instructions to the reader to act on an account (ACCOUNT_INSTRUCTIONS): what a phishing text asks
 *    and outreach never needs.
 * c. Copies of the prospect's profile (`sources`: headline, skills, posts): a run of COPY_RUN_WORDS words
 *    or more, lower case and without punctuation, that one source also holds. The `allowed` phrases (the
 *    prospect's name, company and title) do not count: a run that crosses one in the source is no run.
 * d. Pastes of the user's company description (`offer`): a run of more than OFFER_RUN_MAX words
 *    (outreach-measures.ts longestSharedRun). A text says what the user does in a clause of its own; a
 *    pasted description reads like a form letter (issue 36 point 4).
 */
export interface ContentRules {
  /** The texts whose contacts the text may repeat. */
  readonly own: readonly (string | undefined)[];
  /** What `own` is, for the reason: 'the messaging settings', "the lead's data". */
  readonly ownLabel: string;
  /** Whether @handles count as contacts (they do in outreach texts). */
  readonly handles: boolean;
  /** Texts the text may not copy a run of COPY_RUN_WORDS words of. */
  readonly sources?: readonly (string | undefined)[];
  /** Phrases the text may repeat whatever the sources hold around them. */
  readonly allowed?: readonly (string | undefined)[];
  /** The user's company description: the text may repeat at most OFFER_RUN_MAX words of it in a row. */
  readonly offer?: string;
}

/** The refusal line of rule c: this many consecutive words of one source is a copy; one fewer is not. */
export const COPY_RUN_WORDS = 8;
/** Rule d: this many consecutive words of the company description may stand in a text; one more may not. */
export const OFFER_RUN_MAX = 8;

const VERBS = 'confirm|verify|validate|update|reset|unlock|reactivate|secure';
const ACCOUNT_THINGS = 'accounts?|passwords?|log-?ins?|credentials|payments?|cards?|billing|identity|details';
/** A word (and the spaces or comma after it) that may stand between the parts of one instruction. */
const GAP_WORD = String.raw`[\p{L}\p{N}'’-]+,?\s+`;

/**
 * Rule b, as a short list of bounded patterns (no unbounded gap: a pattern's parts stand within a few
 * words of each other, in one sentence). Each is pinned both ways in test/unit/functions/ai/ai-content-rules.test.ts.
 *
 * - 'act on your account': a verb (confirm, verify, validate, update, reset, unlock, reactivate,
 *   secure), then within 2 words "your", then within 2 words an account thing (account, password, login,
 *   credentials, payment, card, billing, identity, details): "verify your LinkedIn account", "update
 *   your payment details". Without "your" it is not an instruction to the reader: "we help fintechs
 *   secure payment flows" passes.
 * - 'please act on an account': "please" or "kindly", then the verb, then within 2 words the account
 *   thing: "please confirm account ownership", "kindly update the billing details".
 * - 'log in': "log in", "login", "sign in", "sign-in" (and "logging/signing in") followed by the end of a
 *   sentence or by to, at, here, now, with, using, via, through, again, below, on or first; "log/sign
 *   into" always. "I'd love to hear how you sign in new clients" and "our login page" pass (what follows
 *   is not one of those words), "please sign in here" and "log into your account" do not.
 * - 'click a link': click or tap (clicking, tapping), optionally "on", then here, below, or the/this/that
 *   link: "click here", "tap the link". "Click-through rates" passes.
 * - 'enter a secret': "enter your" then within 1 word password, passcode, code, PIN, details,
 *   credentials or card: "enter your verification code". "Enter your market" passes.
 * - 'account threat': "your" (within 1 word) "account" then will be, has been, is, is being or may be,
 *   an optional adverb in -ly, and suspended, locked, closed, restricted, disabled, deactivated or
 *   terminated: "your account will be permanently suspended".
 */
export const ACCOUNT_INSTRUCTIONS: readonly { readonly name: string; readonly pattern: RegExp }[] = [
  {
    name: 'act on your account',
    pattern: new RegExp(
      String.raw`\b(?:${VERBS})\s+(?:${GAP_WORD}){0,2}?your\s+(?:${GAP_WORD}){0,2}?(?:${ACCOUNT_THINGS})\b`,
      'iu',
    ),
  },
  {
    name: 'please act on an account',
    pattern: new RegExp(
      String.raw`\b(?:please|kindly)\s+(?:${VERBS})\s+(?:${GAP_WORD}){0,2}?(?:${ACCOUNT_THINGS})\b`,
      'iu',
    ),
  },
  {
    name: 'log in',
    pattern:
      /\b(?:log(?:ging)?|sign(?:ing)?)(?:\s+into\b|[\s-]?in(?:\s*(?:$|[.!?:;,)])|\s+(?:to|at|here|now|with|using|via|through|again|below|on|first)\b))/iu,
  },
  {
    name: 'click a link',
    pattern: /\b(?:click|tap)(?:ing|ping)?\s+(?:on\s+)?(?:here|below|(?:the|this|that)\s+link)\b/iu,
  },
  {
    name: 'enter a secret',
    pattern:
      /\benter\s+your\s+(?:[\p{L}\p{N}-]+\s+)?(?:passwords?|passcodes?|codes?|pin|details|credentials|card)\b/iu,
  },
  {
    name: 'account threat',
    pattern:
      /\byour\s+(?:[\p{L}\p{N}-]+\s+)?account\s+(?:will\s+be|has\s+been|is(?:\s+being)?|may\s+be)\s+(?:\p{L}+ly\s+)?(?:suspended|locked|closed|restricted|disabled|deactivated|terminated)\b/iu,
  },
];

/** The first account instruction in a text, by its name and the words that matched. */
export function accountInstructionIn(text: string): { name: string; found: string } | undefined {
  for (const { name, pattern } of ACCOUNT_INSTRUCTIONS) {
    const match = pattern.exec(text);
    if (match) return { name, found: match[0] };
  }
  return undefined;
}

const KIND: Record<ContactKind, string> = {
  url: 'a link',
  domain: 'a link',
  email: 'an e-mail address',
  handle: 'a handle',
  phone: 'a phone number',
};

/** Every run of COPY_RUN_WORDS words of the sources, the allowed phrases taken out of them first. */
function copyRuns(sources: readonly (string | undefined)[], allowed: readonly (string | undefined)[]) {
  const phrases = allowed.map((a) => wordsIn(a ?? '')).filter((p) => p.length > 0);
  const runs = new Set<string>();
  for (const source of sources) {
    const words: (string | undefined)[] = wordsIn(source ?? '');
    if (words.length < COPY_RUN_WORDS) continue;
    const kept = [...words];
    for (const phrase of phrases) {
      for (let i = 0; i + phrase.length <= words.length; i++) {
        if (phrase.every((w, j) => words[i + j] === w)) kept.fill(undefined, i, i + phrase.length);
      }
    }
    for (let i = 0; i + COPY_RUN_WORDS <= kept.length; i++) {
      const run = kept.slice(i, i + COPY_RUN_WORDS);
      if (run.every((w) => w !== undefined)) runs.add(run.join(' '));
    }
  }
  return runs;
}

/**
 * The check of `rules` for many texts (the local writer tries several): why a text may not be used, or
 * undefined. The sources' runs and the own contacts are read once.
 */
export function contentCheck(rules: ContentRules): (text: string) => string | undefined {
  const own = new Set(rules.own.flatMap((t) => (t ? contactsIn(t).map(contactKey) : [])));
  const runs = copyRuns(rules.sources ?? [], rules.allowed ?? []);
  return (text) => {
    const outside = contactsIn(text).find(
      (c) => (rules.handles || c.kind !== 'handle') && !own.has(contactKey(c)),
    );
    if (outside) return `the text has ${KIND[outside.kind]} not in ${rules.ownLabel}: ${outside.value}`;
    const instruction = accountInstructionIn(text);
    if (instruction) {
      return `the text tells the reader to act on an account (${instruction.name}): "${instruction.found}"`;
    }
    if (runs.size > 0) {
      const words = wordsIn(text);
      for (let i = 0; i + COPY_RUN_WORDS <= words.length; i++) {
        const run = words.slice(i, i + COPY_RUN_WORDS).join(' ');
        if (runs.has(run)) {
          return `the text copies ${COPY_RUN_WORDS} or more words of the prospect's profile: "${run}"`;
        }
      }
    }
    const pasted = rules.offer ? longestSharedRun(text, rules.offer) : undefined;
    if (pasted && pasted.words > OFFER_RUN_MAX) {
      return `the text pastes ${pasted.words} words of the company description in a row: "${pasted.run}"`;
    }
    return undefined;
  };
}

/** Why a text may not be used for what it says (ContentRules), or undefined when it may. */
export const contentProblem = (text: string, rules: ContentRules): string | undefined =>
  contentCheck(rules)(text);

/**
 * The rules of an outreach text: contacts (handles too) only from the messaging settings' text fields;
 * no copy of the prospect's headline, skills or posts (and the commented post), the name, company and
 * title allowed; no paste of the company description. AiProspect carries no summary or about text; it
 * would be a source.
 */
export function outreachContent(prospect: AiProspect, messaging: AiMessaging, post?: AiPost): ContentRules {
  return {
    own: Object.values(messaging).filter((v): v is string => typeof v === 'string'),
    ownLabel: 'the messaging settings',
    handles: true,
    sources: [
      prospect.headline,
      ...(prospect.skills ?? []),
      ...(prospect.recentPosts ?? []).map((p) => p.text),
      post?.text,
    ],
    allowed: [prospect.name, prospect.company, prospect.title],
    offer: messaging.companyDescription,
  };
}
