import { AI_FIELDS, type AiField } from '../../../shared/ai-filter';

/**
 * What the local AI knows, as data: the concept groups a request can name (roles, traits, topics) with
 * their synonyms, and a small gazetteer of places. Add a synonym or a city here; the parser and the ranker
 * read only these tables.
 *
 * A group's `phrases` are what a lead may say; a request names the group with any of them too, except a
 * single word that is a stop word ('lead' alone is the app's word for a lead). `[phrase, weight]` makes a
 * loose synonym count less than an exact one ('manager' is weaker evidence of a team leader than 'team
 * lead'). `except` lists phrases that contain a synonym but mean something else ('lead generation',
 * 'product owner'): a synonym inside one of them is not a hit.
 */
export type GroupKind =
  /** What a person is: matched in the title, the headline (and the company for freelancers). */
  | 'role'
  /** A trait or pastime named by a noun ('competitive programmers'): matched in every field. */
  | 'trait'
  /** A subject ('SaaS'): matched in every field; describes the people rather than naming them. */
  | 'topic';

export interface ConceptGroup {
  readonly id: string;
  readonly kind: GroupKind;
  /** How a summary names what was asked for: 'team leaders', 'SaaS'. */
  readonly label: string;
  /** How a summary counts the leads that matched: '9 say team lead in their title'. */
  readonly says: string;
  readonly fields: readonly AiField[];
  readonly phrases: readonly (string | readonly [string, number])[];
  readonly except?: readonly string[];
}

const ROLE_FIELDS: readonly AiField[] = ['title', 'headline'];
/** Every field the AI reads. */
export const ALL_FIELDS: readonly AiField[] = AI_FIELDS;

export const CONCEPT_GROUPS: readonly ConceptGroup[] = [
  {
    id: 'team-leader',
    kind: 'role',
    label: 'team leaders',
    says: 'say team lead',
    fields: ROLE_FIELDS,
    phrases: [
      'team lead',
      'team leader',
      'tech lead',
      'technical lead',
      'lead engineer',
      'lead developer',
      'engineering lead',
      'engineering manager',
      'team manager',
      'squad lead',
      ['head of', 0.9],
      'people manager',
      ['lead', 0.6],
      ['leader', 0.6],
      ['supervisor', 0.7],
    ],
    except: ['lead generation', 'lead gen', 'thought leader', 'industry leader', 'market leader'],
  },
  {
    // A bare 'manager' is its own group: 'Marketing Manager' answers 'marketing managers', but it is not
    // what 'Team Leaders' asks for (many manager titles lead no team: product, account, marketing).
    id: 'manager',
    kind: 'role',
    label: 'managers',
    says: 'say manager',
    fields: ROLE_FIELDS,
    phrases: ['manager'],
  },
  {
    id: 'founder',
    kind: 'role',
    label: 'founders',
    says: 'say founder',
    fields: ROLE_FIELDS,
    phrases: ['founder', 'co-founder', 'cofounder', 'founding partner', ['owner', 0.7], 'business owner'],
    except: ['product owner', 'process owner'],
  },
  {
    id: 'executive',
    kind: 'role',
    label: 'executives',
    says: 'name an executive role',
    fields: ROLE_FIELDS,
    phrases: [
      'ceo',
      'cto',
      'cfo',
      'coo',
      'cmo',
      'cpo',
      'ciso',
      'chief',
      'vp',
      'svp',
      'evp',
      'vice president',
      'managing director',
      ['director', 0.8],
      ['executive', 0.7],
    ],
    except: ['art director', 'account executive'],
  },
  {
    id: 'engineer',
    kind: 'role',
    label: 'engineers',
    says: 'say engineer or developer',
    fields: ROLE_FIELDS,
    phrases: [
      'software engineer',
      'software developer',
      ['engineer', 0.9],
      ['developer', 0.9],
      ['programmer', 0.9],
      ['dev', 0.8],
      ['swe', 0.9],
      ['coder', 0.8],
    ],
    except: ['business developer', 'property developer', 'real estate developer', 'sales engineer'],
  },
  {
    id: 'freelancer',
    kind: 'role',
    label: 'freelancers',
    says: 'say freelance',
    // LinkedIn shows "Freelance" or "Self-employed" as the company of an independent.
    fields: ['title', 'headline', 'company'],
    phrases: [
      'freelance',
      'freelancer',
      'freelancing',
      'self-employed',
      'contractor',
      'independent consultant',
      'independent developer',
      ['independent', 0.7],
    ],
  },
  {
    id: 'competitive-programmer',
    kind: 'trait',
    label: 'competitive programmers',
    says: 'mention competitive programming',
    fields: ALL_FIELDS,
    phrases: [
      'competitive programming',
      'competitive programmer',
      'codeforces',
      'leetcode',
      'icpc',
      'topcoder',
      'kaggle',
      'atcoder',
      'codechef',
      'hackerrank',
      'code jam',
      'ioi',
    ],
  },
  {
    id: 'problem-solver',
    kind: 'trait',
    label: 'problem solvers',
    says: 'mention problem solving',
    fields: ALL_FIELDS,
    phrases: [
      'problem solving',
      'problem solver',
      ['algorithms', 0.8],
      ['algorithmic', 0.8],
      ['data structures', 0.7],
      ['analytical', 0.7],
    ],
  },
  {
    id: 'saas',
    kind: 'topic',
    label: 'SaaS',
    says: 'mention SaaS',
    fields: ALL_FIELDS,
    phrases: ['saas', 'software as a service', 'b2b saas'],
  },
];

/**
 * The gazetteer: a place is named by any alias, and a country or region also matches a lead located in
 * one of the places it `contains` (a request for the UK finds a lead in London). Ambiguous names (Reading,
 * Nice, Mobile) and 'us' are left out on purpose.
 */
export interface Place {
  readonly name: string;
  readonly aliases: readonly string[];
  /** Names of other places (their aliases count) inside this one. */
  readonly contains?: readonly string[];
}

export const PLACES: readonly Place[] = [
  { name: 'London', aliases: ['london', 'greater london'] },
  { name: 'Manchester', aliases: ['manchester'] },
  { name: 'Edinburgh', aliases: ['edinburgh'] },
  { name: 'Cambridge', aliases: ['cambridge'] },
  {
    name: 'United Kingdom',
    aliases: ['united kingdom', 'uk', 'great britain', 'britain', 'england', 'scotland', 'wales'],
    contains: ['London', 'Manchester', 'Edinburgh', 'Cambridge'],
  },
  { name: 'Dublin', aliases: ['dublin'] },
  { name: 'Ireland', aliases: ['ireland'], contains: ['Dublin'] },
  { name: 'New York', aliases: ['new york', 'nyc', 'new york city', 'brooklyn', 'manhattan'] },
  { name: 'San Francisco', aliases: ['san francisco', 'sf', 'bay area'] },
  { name: 'Seattle', aliases: ['seattle'] },
  { name: 'Austin', aliases: ['austin'] },
  { name: 'Boston', aliases: ['boston'] },
  { name: 'California', aliases: ['california'], contains: ['San Francisco'] },
  { name: 'Texas', aliases: ['texas'], contains: ['Austin'] },
  {
    name: 'United States',
    aliases: ['united states', 'usa', 'u.s.a', 'united states of america'],
    contains: ['New York', 'California', 'Seattle', 'Texas', 'Boston'],
  },
  { name: 'Toronto', aliases: ['toronto'] },
  { name: 'Vancouver', aliases: ['vancouver'] },
  { name: 'Canada', aliases: ['canada'], contains: ['Toronto', 'Vancouver'] },
  { name: 'Berlin', aliases: ['berlin'] },
  { name: 'Munich', aliases: ['munich', 'münchen'] },
  { name: 'Germany', aliases: ['germany', 'deutschland'], contains: ['Berlin', 'Munich'] },
  { name: 'Paris', aliases: ['paris'] },
  { name: 'France', aliases: ['france'], contains: ['Paris'] },
  { name: 'Amsterdam', aliases: ['amsterdam'] },
  { name: 'Netherlands', aliases: ['netherlands', 'holland'], contains: ['Amsterdam'] },
  { name: 'Madrid', aliases: ['madrid'] },
  { name: 'Barcelona', aliases: ['barcelona'] },
  { name: 'Spain', aliases: ['spain', 'españa'], contains: ['Madrid', 'Barcelona'] },
  { name: 'Lisbon', aliases: ['lisbon', 'lisboa'] },
  { name: 'Portugal', aliases: ['portugal'], contains: ['Lisbon'] },
  { name: 'Stockholm', aliases: ['stockholm'] },
  { name: 'Sweden', aliases: ['sweden'], contains: ['Stockholm'] },
  { name: 'Warsaw', aliases: ['warsaw', 'warszawa'] },
  { name: 'Poland', aliases: ['poland'], contains: ['Warsaw'] },
  {
    name: 'Europe',
    aliases: ['europe', 'eu', 'emea'],
    contains: [
      'United Kingdom',
      'Ireland',
      'Germany',
      'France',
      'Netherlands',
      'Spain',
      'Portugal',
      'Sweden',
      'Poland',
    ],
  },
  { name: 'Tel Aviv', aliases: ['tel aviv'] },
  { name: 'Israel', aliases: ['israel'], contains: ['Tel Aviv'] },
  { name: 'Dubai', aliases: ['dubai'] },
  { name: 'United Arab Emirates', aliases: ['united arab emirates', 'uae'], contains: ['Dubai'] },
  { name: 'Cairo', aliases: ['cairo'] },
  { name: 'Egypt', aliases: ['egypt'], contains: ['Cairo'] },
  { name: 'Lagos', aliases: ['lagos'] },
  { name: 'Nigeria', aliases: ['nigeria'], contains: ['Lagos'] },
  { name: 'Bangalore', aliases: ['bangalore', 'bengaluru'] },
  { name: 'Mumbai', aliases: ['mumbai'] },
  { name: 'India', aliases: ['india'], contains: ['Bangalore', 'Mumbai'] },
  { name: 'Singapore', aliases: ['singapore'] },
  { name: 'Sydney', aliases: ['sydney'] },
  { name: 'Melbourne', aliases: ['melbourne'] },
  { name: 'Australia', aliases: ['australia'], contains: ['Sydney', 'Melbourne'] },
  { name: 'São Paulo', aliases: ['são paulo', 'sao paulo'] },
  { name: 'Brazil', aliases: ['brazil', 'brasil'], contains: ['São Paulo'] },
];

/** Every alias of a place and of the places inside it, nested regions included. */
export function placeAliases(
  place: Place,
  byName: ReadonlyMap<string, Place>,
  seen = new Set<string>(),
): string[] {
  if (seen.has(place.name)) return [];
  seen.add(place.name);
  return [
    ...place.aliases,
    ...(place.contains ?? []).flatMap((name) => {
      const inner = byName.get(name);
      return inner ? placeAliases(inner, byName, seen) : [];
    }),
  ];
}
