import { contactsIn } from '../../../shared/contact-like';
import { accountInstructionIn, COPY_RUN_WORDS, textLength, wordsIn } from '../ai-outreach-rules';
import { clean, inSentence, MARKUP, VALUE_MAX } from './field-cleaning';

/**
 * What the local writer reads from a prospect's posts (outreach-facts.ts puts it with the other facts):
 * a topic they post about and a short statement worth quoting. Posts are the prospect's to write, so
 * their links, addresses, handles and markup go first, and a sentence that held one is never quoted
 * (issue 34 point 8).
 */

/** A quote of a post: 4 words at least, and fewer than the content rules' copy line. */
const QUOTE_MIN_WORDS = 4;
const QUOTE_MAX_WORDS = COPY_RUN_WORDS - 1;
const QUOTE_MAX = 90;

/** Subjects people post about on LinkedIn, as written inside a sentence; longer phrases first. */
const TOPICS: readonly string[] = [
  'artificial intelligence',
  'generative AI',
  'machine learning',
  'lead generation',
  'content marketing',
  'product management',
  'customer success',
  'customer experience',
  'remote work',
  'venture capital',
  'data science',
  'open source',
  'developer experience',
  'employer branding',
  'personal branding',
  'sales enablement',
  'supply chain',
  'AI',
  'automation',
  'outbound',
  'prospecting',
  'pipeline',
  'sales',
  'marketing',
  'SEO',
  'branding',
  'pricing',
  'hiring',
  'recruiting',
  'leadership',
  'culture',
  'onboarding',
  'retention',
  'churn',
  'fundraising',
  'startups',
  'SaaS',
  'B2B',
  'partnerships',
  'analytics',
  'cloud',
  'cybersecurity',
  'security',
  'DevOps',
  'engineering',
  'design',
  'UX',
  'productivity',
  'sustainability',
  'fintech',
  'payments',
  'e-commerce',
  'healthcare',
  'negotiation',
  'storytelling',
  'community building',
  'strategy',
  'operations',
  'compliance',
  'mentoring',
  'careers',
  'growth',
  'data',
  'product',
];

/** Common words that make a poor topic on their own. */
const NOT_TOPICS = new Set(
  (
    'about after again also always another because been before being better between big both could ' +
    'different does doing done each even every excited first from going good great have here into just ' +
    'know last like little look love made make many more most much need never next only other our ' +
    'over people proud really right said same share should since some something start still such sure ' +
    'take than thank thanks that their them then there these they thing things think this those thought ' +
    'through time today together truly very want week well were what when where which while will with ' +
    'work working would year years your yours announce announcing happy honoured honored delighted ' +
    'team teams company new just already'
  ).split(' '),
);

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’+#.-]*/gu) ?? [];

/** 'SalesTips' → 'sales tips'; 'SaaS' and 'AI' stay. */
function hashtagWords(tag: string): string {
  const parts = tag.split(/(?<=\p{Ll})(?=\p{Lu})/u);
  if (parts.some((p) => textLength(p) < 3)) return tag;
  return parts.map((p) => (p === p.toUpperCase() ? p : p.toLowerCase())).join(' ');
}

/** Where a post held a link, an address, a handle or a phone number (a private-use character). */
const CUT = '\uE000';

/** The text with every web address, domain, e-mail address, handle and phone number replaced by `by`. */
export function withoutContacts(text: string, by = ' '): string {
  let out = '';
  let from = 0;
  for (const { value } of contactsIn(text)) {
    const at = text.indexOf(value, from);
    if (at < 0) continue;
    out += `${text.slice(from, at)}${by}`;
    from = at + value.length;
  }
  return out + text.slice(from);
}

/**
 * Post text without links, addresses, handles, markup, mentions and hashtags; CUT marks where a contact
 * or markup was.
 */
export function plainPost(text: string): string {
  return clean(
    withoutContacts(text, ` ${CUT} `)
      .replace(new RegExp(MARKUP.source, 'gi'), ` ${CUT} `)
      .replace(/(^|\s)[@#][\p{L}\p{N}_]+/gu, ' ')
      .replace(/\s+/g, ' '),
  );
}

/** Words that end a cued subject ('about pricing this quarter' is about pricing). */
const SMALL_WORDS = new Set(
  'a an the this that these those is are was were be been it its my our your their his her and or but for with in on at to of from by as so if has have had will can excites interests i we you they he she us them'.split(
    ' ',
  ),
);
/**
 * Where a post names its subject: after 'learned about', 'view on', 'rethinking'..., between 'our' and
 * 'experiment', 'test', 'project', 'playbook' or 'strategy', or in 'if X excites you'.
 */
const CUES =
  /\b(?:about|around|rethinking|handle|handling|view on|thoughts on|lessons? on|tips on)\s+([^.!?,;:]+)|\bour\s+((?:[\p{L}\p{N}-]+\s+){1,3}?)(?:experiments?|tests?|projects?|playbooks?|strateg(?:y|ies))\b|\bif\s+((?:[\p{L}\p{N}-]+\s+){1,3}?)(?:excites|interests)\s+you\b/giu;
const CUED_MAX_WORDS = 3;

/**
 * The subjects a post names after a cue: up to CUED_MAX_WORDS words, to the first small word, as
 * written inside a sentence; one of them not a common word ('team rituals' is a subject, 'this week'
 * is not).
 */
function cuedTopics(text: string): string[] {
  const found: string[] = [];
  for (const match of plainPost(text).matchAll(CUES)) {
    const kept: string[] = [];
    for (const word of (match[1] ?? match[2] ?? match[3]!).trim().split(/\s+/)) {
      const bare = word.toLowerCase();
      if (!bare || SMALL_WORDS.has(bare) || kept.length === CUED_MAX_WORDS) break;
      kept.push(word);
    }
    const phrase = inSentence(kept.join(' '));
    const named = kept.some((w) => !NOT_TOPICS.has(w.toLowerCase()) && textLength(w) >= 3);
    if (phrase.includes(CUT) || !named) continue;
    found.push(phrase);
  }
  return found;
}

/**
 * The subject of some posts: a hashtag (weighs 3 a use), else what follows a cue ('learned about sales
 * enablement this quarter'; 2.5) or a listed subject (TOPICS; 2 a mention), longer phrases ahead on a
 * tie, else a word used at least twice; the earliest wins a tie.
 */
export function topicOf(texts: readonly string[]): string | undefined {
  const scores = new Map<string, { score: number; first: number }>();
  let position = 0;
  const add = (topic: string, score: number) => {
    const entry = scores.get(topic);
    if (entry) entry.score += score;
    else scores.set(topic, { score, first: position++ });
  };
  for (const text of texts) {
    for (const match of withoutContacts(text).matchAll(/#([\p{L}][\p{L}\p{N}]{1,30})/gu)) {
      const tag = hashtagWords(match[1]!);
      if (!NOT_TOPICS.has(tag.toLowerCase())) add(tag, 3);
    }
    for (const cued of cuedTopics(text)) add(cued, 2.5 + 0.1 * (cued.split(' ').length - 1));
    const plain = ` ${wordsOf(plainPost(text)).join(' ')} `;
    for (const topic of TOPICS) {
      const needle = ` ${topic.toLowerCase()} `;
      let from = plain.indexOf(needle);
      while (from >= 0) {
        add(topic, 2 + 0.1 * (topic.split(' ').length - 1));
        from = plain.indexOf(needle, from + 1);
      }
    }
  }
  if (scores.size === 0) {
    const counts = new Map<string, number>();
    for (const word of texts.flatMap((t) => wordsOf(plainPost(t)))) {
      if (textLength(word) >= 5 && !NOT_TOPICS.has(word) && /^\p{L}+$/u.test(word)) {
        counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
    for (const [word, count] of counts) if (count >= 2) add(word, count);
  }
  let best: string | undefined;
  let bestEntry: { score: number; first: number } | undefined;
  for (const [topic, entry] of scores) {
    if (!bestEntry || entry.score > bestEntry.score) {
      best = topic;
      bestEntry = entry;
    }
  }
  return best && textLength(best) <= VALUE_MAX ? best : undefined;
}

/** Thanks and congratulations, and the first words of a clause that says nothing alone. */
const COURTESY = /^(?:grateful|thank|congrat|excited|proud|happy|thrilled|delighted|honou?red)/i;
const PREPOSITION = /^(?:after|before|in|on|at|for|with|during|since|when|if|as|from|over|across)\b/i;

/**
 * A sentence of the post worth quoting: the first statement, or the first clause of one (up to its first
 * comma, semicolon, colon or dash), of 4 to 7 words and at most 90 characters, without its end mark;
 * undefined when the post has none. Never a question, a thanks or congratulations (the post's courtesy,
 * not its point), nor a first clause that opens with a preposition ('After 10 years in retail' says
 * nothing alone). A sentence that held a link, an address, a handle, a phone number, markup or an
 * account instruction is not quoted.
 */
export function quoteOf(text: string): string | undefined {
  for (const sentence of plainPost(text).split(/(?<=[.!?…])\s+/)) {
    if (/\?\s*$/.test(sentence) || sentence.includes(CUT) || accountInstructionIn(sentence)) continue;
    if (COURTESY.test(sentence)) continue;
    const whole = clean(sentence.replace(/["“”«»]/g, '')).replace(/[.!…:;,\s]+$/, '');
    const firstClause = whole.split(/[,;:]\s+|\s+[—–-]\s+/)[0]!.replace(/[.!…\s]+$/, '');
    for (const s of [whole, ...(PREPOSITION.test(firstClause) ? [] : [firstClause])]) {
      const words = s.split(' ').length;
      const fits = words >= QUOTE_MIN_WORDS && wordsIn(s).length <= QUOTE_MAX_WORDS;
      if (fits && textLength(s) <= QUOTE_MAX && !/[.!?]\s/.test(s)) return s;
    }
  }
  return undefined;
}

/** What a post is, as a comment answers it. */
export type PostKind = 'hiring' | 'launch' | 'question' | 'win' | 'opinion' | 'lesson';

/** The first kind whose words the post holds, in this order; undefined for any other post. */
const KINDS: readonly [PostKind, RegExp][] = [
  ['hiring', /\b(?:we(?: are|['’]re) hiring|now hiring|join (?:us|our team)|open roles?|job opening)\b/i],
  ['question', /\b(?:quick poll|poll:|how does your|how do you|what do you think|curious how)\b/i],
  ['launch', /\b(?:just shipped|shipped|launched|launching|released|went live)\b/i],
  ['win', /\b(?:doubled|tripled|milestone|small wins|record month|record quarter)\b/i],
  ['opinion', /\b(?:hot take|unpopular opinion|honest view|outdated|overrated)\b/i],
  ['lesson', /\b(?:learned|lessons?|takeaways?|rethinking|things i)\b/i],
];

export function postKindOf(text: string): PostKind | undefined {
  const plain = plainPost(text);
  return KINDS.find(([, words]) => words.test(plain))?.[0];
}
