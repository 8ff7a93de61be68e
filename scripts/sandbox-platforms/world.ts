import { readFileSync } from 'node:fs';

/**
 * The sandbox platforms' seeded world: people, companies, posts, followers and (LinkedIn) connections,
 * generated from a fixed seed so every run, every machine and every test sees the same data.
 */
export type SandboxPlatform = 'linkedin' | 'x' | 'instagram';
export const SANDBOX_PLATFORMS: readonly SandboxPlatform[] = ['linkedin', 'x', 'instagram'];

export const SANDBOX_SEED = 20260115;
/** "Now" inside the sandbox: every created time is before it, so the data does not drift with the clock. */
export const SANDBOX_EPOCH = Date.UTC(2026, 0, 15, 12, 0, 0);

export const SANDBOX_SIZES = {
  people: 300,
  companies: 40,
  posts: 40,
  ownerPosts: 12,
  ownerConnections: 120,
  ownerFollowers: 200,
  ownerFollowing: 150,
} as const;

export interface SandboxPerson {
  /** The platform's own id: LinkedIn profile id (ACoAA...), X rest_id, Instagram pk. */
  id: string;
  /** LinkedIn member number (urn:li:member:N); the same as id on X and Instagram. */
  memberId: string;
  /** LinkedIn public identifier (/in/<handle>), X screen name, Instagram username. */
  handle: string;
  firstName: string;
  lastName: string;
  name: string;
  headline: string;
  bio: string;
  title: string;
  companyId: string;
  company: string;
  location: string;
  industry: string;
  email: string;
  createdAt: string;
  isOwner: boolean;
}

export interface SandboxCompany {
  id: string;
  slug: string;
  name: string;
  industry: string;
  location: string;
  employees: number;
}

export interface SandboxComment {
  id: string;
  authorId: string;
  text: string;
  createdAt: string;
}

export interface SandboxPost {
  id: string;
  authorId: string;
  text: string;
  createdAt: string;
  likerIds: string[];
  comments: SandboxComment[];
}

export interface SandboxConnection {
  personId: string;
  connectedAt: string;
}

export interface SandboxWorld {
  platform: SandboxPlatform;
  seed: number;
  owner: SandboxPerson;
  /** Everyone, the owner first. */
  people: SandboxPerson[];
  companies: SandboxCompany[];
  /** Newest first. */
  posts: SandboxPost[];
  /** person id -> ids of the people who follow them. */
  followers: Record<string, string[]>;
  /** person id -> ids of the people they follow. */
  following: Record<string, string[]>;
  /** LinkedIn only (empty elsewhere): person id -> 1st-degree connections, most recent first. */
  connections: Record<string, SandboxConnection[]>;
}

/** The owners: the accounts whose sessions the app uses. Sign-in with handle or e-mail and the password. */
export const SANDBOX_PASSWORD = 'sandbox-password';
export const SANDBOX_OWNERS: Record<
  SandboxPlatform,
  { firstName: string; lastName: string; handle: string }
> = {
  linkedin: { firstName: 'Sandra', lastName: 'Box', handle: 'sandra-box' },
  x: { firstName: 'Xavier', lastName: 'Box', handle: 'xavier_sandbox' },
  instagram: { firstName: 'Ines', lastName: 'Box', handle: 'ines.sandbox' },
};

/** mulberry32: a tiny, fast, well-distributed 32-bit PRNG. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** n distinct items, in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    const count = Math.min(n, copy.length);
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  }
  digits(n: number): string {
    let out = String(this.int(1, 9));
    while (out.length < n) out += String(this.int(0, 9));
    return out;
  }
  chars(n: number, alphabet: string): string {
    let out = '';
    while (out.length < n) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Amelia',
  'Oliver',
  'Sophia',
  'Elijah',
  'Mia',
  'Lucas',
  'Isabella',
  'Mateo',
  'Ava',
  'Levi',
  'Charlotte',
  'Ethan',
  'Harper',
  'James',
  'Luna',
  'Leo',
  'Camila',
  'Aiden',
  'Sofia',
  'Hiroshi',
  'Priya',
  'Arjun',
  'Fatima',
  'Omar',
  'Chen',
  'Mei',
  'Lars',
  'Ingrid',
  'Pierre',
  'Chloe',
  'Giulia',
  'Marco',
  'Ana',
  'Diego',
  'Zanele',
  'Kwame',
  'Aisha',
  'Yusuf',
  'Nora',
  'Felix',
  'Hannah',
  'Jonas',
  'Elena',
  'Ivan',
  'Sara',
  'David',
  'Lea',
  'Tomás',
  'Maya',
  'Samuel',
  'Grace',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Nguyen',
  'Hill',
  'Tanaka',
  'Sato',
  'Patel',
  'Sharma',
  'Khan',
  'Wang',
  'Li',
  'Zhang',
  'Müller',
  'Schmidt',
  'Dubois',
  'Rossi',
  'Bianchi',
  'Silva',
  'Santos',
  'Okafor',
  'Mensah',
  'Novak',
  'Johansson',
  'Larsen',
  'Kowalski',
];
const COMPANY_PREFIXES = [
  'Northwind',
  'Bluepeak',
  'Brightline',
  'Cedar',
  'Evergreen',
  'Granite',
  'Harbor',
  'Ironwood',
  'Juniper',
  'Keystone',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Orbit',
  'Pinnacle',
  'Quartz',
  'Redwood',
  'Summit',
  'Tidal',
  'Vertex',
  'Willow',
  'Zephyr',
  'Atlas',
  'Beacon',
];
const COMPANY_SUFFIXES = [
  'Labs',
  'Systems',
  'Analytics',
  'Group',
  'Health',
  'Logistics',
  'Capital',
  'Studio',
];
const TITLES = [
  'Head of Growth',
  'VP Sales',
  'Account Executive',
  'Sales Development Representative',
  'Marketing Manager',
  'Product Manager',
  'Software Engineer',
  'Senior Software Engineer',
  'Engineering Manager',
  'CTO',
  'CEO',
  'Founder',
  'Co-Founder',
  'Recruiter',
  'Talent Acquisition Lead',
  'Data Scientist',
  'UX Designer',
  'Customer Success Manager',
  'Operations Director',
  'CFO',
  'Business Development Manager',
  'Content Strategist',
  'Partnerships Lead',
  'HR Business Partner',
  'Solutions Architect',
];
const LOCATIONS = [
  'San Francisco Bay Area',
  'New York, New York, United States',
  'London, England, United Kingdom',
  'Berlin, Germany',
  'Paris, Île-de-France, France',
  'Amsterdam, North Holland, Netherlands',
  'Toronto, Ontario, Canada',
  'Austin, Texas, United States',
  'Madrid, Community of Madrid, Spain',
  'Stockholm, Sweden',
  'Dublin, Ireland',
  'Singapore',
  'Sydney, New South Wales, Australia',
  'Bengaluru, Karnataka, India',
  'São Paulo, Brazil',
  'Lisbon, Portugal',
  'Milan, Lombardy, Italy',
  'Seattle, Washington, United States',
  'Boston, Massachusetts, United States',
  'Tokyo, Japan',
];
const TOPICS = [
  'outbound prospecting',
  'B2B SaaS pricing',
  'remote hiring',
  'cold e-mail',
  'customer onboarding',
  'product-led growth',
  'sales enablement',
  'AI assistants',
  'data pipelines',
  'team rituals',
  'founder-led sales',
  'employer branding',
  'churn reduction',
  'conference season',
  'quarterly planning',
];
const POST_TEMPLATES = [
  'Three things I learned about {topic} this quarter. Thread below, and tell me what I missed.',
  'Hot take: most advice about {topic} is outdated. What actually worked for us at {company}.',
  'We are hiring at {company}! If {topic} excites you, my DMs are open.',
  'Spent the week rethinking {topic}. The biggest lesson: talk to customers every single day.',
  'Grateful for the team at {company}. We just shipped something big around {topic}.',
  'Quick poll: how does your team handle {topic}? Comment below.',
  'After 10 years in {industry}, here is my honest view on {topic}.',
  'Small wins matter. Today our {topic} experiment doubled replies.',
];
const COMMENTS = [
  'Great insight, thanks for sharing!',
  'Totally agree with point two.',
  'This is so true.',
  'Congrats to the whole team!',
  'Would love to hear more about this.',
  'Interesting perspective.',
  'We saw the same thing at our company.',
  'Saving this for later.',
  'Well said!',
  'Curious how this scales for smaller teams?',
  'Love this.',
  'Sending to my team right now.',
];
const INTERESTS = ['coffee', 'running', 'books', 'jazz', 'climbing', 'travel', 'cooking', 'chess', 'cycling'];

interface IndustryFile {
  industries: Array<{ industry_id: number; label: string; depth: number }>;
}

let industryLabels: string[] | undefined;
/** LinkedIn industry labels (industry codes v2, MIT licensed, see data/). */
export function linkedInIndustries(): string[] {
  if (!industryLabels) {
    const file = JSON.parse(
      readFileSync(new URL('./data/linkedin-industries-v2.json', import.meta.url), 'utf8'),
    ) as IndustryFile;
    industryLabels = file.industries.map((i) => i.label);
  }
  return industryLabels;
}

function platformIndex(platform: SandboxPlatform): number {
  return SANDBOX_PLATFORMS.indexOf(platform);
}

function isoAgo(rng: Rng, maxDays: number, minDays = 0): string {
  const ms = rng.int(minDays * 86_400, maxDays * 86_400) * 1000;
  return new Date(SANDBOX_EPOCH - ms).toISOString();
}

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/** Generates one platform's world. Pure: the same platform and seed always give the same world. */
export function generateWorld(platform: SandboxPlatform, seed = SANDBOX_SEED): SandboxWorld {
  const rng = new Rng(seed + platformIndex(platform) * 7919);
  const industries = rng.sample(linkedInIndustries(), 24);

  const companies: SandboxCompany[] = [];
  const companyNames = new Set<string>();
  while (companies.length < SANDBOX_SIZES.companies) {
    const name = `${rng.pick(COMPANY_PREFIXES)} ${rng.pick(COMPANY_SUFFIXES)}`;
    if (companyNames.has(name)) continue;
    companyNames.add(name);
    companies.push({
      id: rng.digits(8),
      slug: slugify(name),
      name,
      industry: rng.pick(industries),
      location: rng.pick(LOCATIONS),
      employees: rng.pick([8, 25, 60, 140, 320, 900, 2400, 12000]),
    });
  }

  const handles = new Set<string>();
  const makeHandle = (first: string, last: string): string => {
    for (;;) {
      const f = slugify(first).replace(/-/g, '');
      const l = slugify(last).replace(/-/g, '');
      const handle =
        platform === 'linkedin'
          ? `${f}-${l}-${rng.chars(rng.int(6, 8), '0123456789abcdef')}`
          : platform === 'x'
            ? `${f}${rng.pick(['', '_'])}${l}${rng.pick(['', String(rng.int(1, 99))])}`.slice(0, 15)
            : `${f}${rng.pick(['.', '_', ''])}${l}${rng.pick(['', String(rng.int(1, 999))])}`;
      if (!handles.has(handle)) {
        handles.add(handle);
        return handle;
      }
    }
  };
  const makeId = (): string =>
    platform === 'linkedin'
      ? `ACoAA${rng.chars(34, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_')}`
      : platform === 'x'
        ? rng.digits(19)
        : rng.digits(11);

  const makePerson = (first: string, last: string, handle: string, isOwner: boolean): SandboxPerson => {
    const company = rng.pick(companies);
    const title = rng.pick(TITLES);
    const id = makeId();
    const name = `${first} ${last}`;
    const interest = rng.pick(INTERESTS);
    const topic = rng.pick(TOPICS);
    const headline = `${title} at ${company.name}${rng.float() < 0.4 ? ` | ${topic}` : ''}`;
    const bio =
      platform === 'linkedin'
        ? `I help teams in ${company.industry.toLowerCase()} with ${topic}. Previously at ${rng.pick(companies).name}.`
        : platform === 'x'
          ? `${title} @${company.slug.replace(/-/g, '')}. Writing about ${topic}. ${interest} on weekends.`
          : `${title} · ${company.name} · ${interest} lover · ${rng.pick(LOCATIONS).split(',')[0]}`;
    return {
      id,
      memberId: platform === 'linkedin' ? rng.digits(9) : id,
      handle,
      firstName: first,
      lastName: last,
      name,
      headline,
      bio,
      title,
      companyId: company.id,
      company: company.name,
      location: rng.pick(LOCATIONS),
      industry: company.industry,
      email: `${slugify(first)}.${slugify(last)}.${rng.digits(3)}@example.com`,
      createdAt: isoAgo(rng, 4000, 200),
      isOwner,
    };
  };

  const ownerSpec = SANDBOX_OWNERS[platform];
  handles.add(ownerSpec.handle);
  const owner = makePerson(ownerSpec.firstName, ownerSpec.lastName, ownerSpec.handle, true);
  owner.email = `${platform}-owner@sandbox.trobly.local`;
  const people: SandboxPerson[] = [owner];
  while (people.length < SANDBOX_SIZES.people) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    people.push(makePerson(first, last, makeHandle(first, last), false));
  }
  const others = people.slice(1).map((p) => p.id);

  // Follow graph: exactly ownerFollowers people follow the owner; everyone else follows 5-30 others.
  const following: Record<string, string[]> = {};
  const followers: Record<string, string[]> = {};
  for (const p of people) {
    following[p.id] = [];
    followers[p.id] = [];
  }
  following[owner.id] = rng.sample(others, SANDBOX_SIZES.ownerFollowing);
  const ownerFollowers = new Set(rng.sample(others, SANDBOX_SIZES.ownerFollowers));
  for (const id of others) {
    const picks = rng.sample(
      others.filter((o) => o !== id),
      rng.int(5, 30),
    );
    following[id] = ownerFollowers.has(id) ? [owner.id, ...picks] : picks;
  }
  for (const [id, follows] of Object.entries(following))
    for (const target of follows) followers[target]!.push(id);

  // LinkedIn 1st-degree connections: symmetric, with the owner's most recent first.
  const connections: Record<string, SandboxConnection[]> = {};
  if (platform === 'linkedin') {
    const edges = new Map<string, Map<string, string>>();
    const link = (a: string, b: string, at: string) => {
      if (a === b || edges.get(a)?.has(b)) return;
      if (!edges.has(a)) edges.set(a, new Map());
      if (!edges.has(b)) edges.set(b, new Map());
      edges.get(a)!.set(b, at);
      edges.get(b)!.set(a, at);
    };
    for (const id of rng.sample(others, SANDBOX_SIZES.ownerConnections))
      link(owner.id, id, isoAgo(rng, 1500));
    for (const id of others)
      for (const other of rng.sample(others, rng.int(2, 8))) link(id, other, isoAgo(rng, 2500));
    for (const p of people) {
      connections[p.id] = [...(edges.get(p.id) ?? new Map<string, string>())]
        .map(([personId, connectedAt]) => ({ personId, connectedAt }))
        .sort((a, b) => b.connectedAt.localeCompare(a.connectedAt) || a.personId.localeCompare(b.personId));
    }
  }

  const byId = new Map(people.map((p) => [p.id, p]));
  const posts: SandboxPost[] = [];
  for (let i = 0; i < SANDBOX_SIZES.posts; i++) {
    const isOwnerPost = i < SANDBOX_SIZES.ownerPosts;
    const author = isOwnerPost ? owner : byId.get(rng.pick(others))!;
    const audience = others.filter((id) => id !== author.id);
    const createdAt = isoAgo(rng, 90);
    const comments = rng.sample(audience, isOwnerPost ? rng.int(3, 12) : rng.int(0, 8)).map((authorId) => ({
      id: rng.digits(19),
      authorId,
      text: rng.pick(COMMENTS),
      createdAt: new Date(Date.parse(createdAt) + rng.int(60, 72 * 3600) * 1000).toISOString(),
    }));
    posts.push({
      id: rng.digits(19),
      authorId: author.id,
      text: fill(rng.pick(POST_TEMPLATES), {
        topic: rng.pick(TOPICS),
        company: author.company,
        industry: author.industry,
      }),
      createdAt,
      likerIds: rng.sample(audience, isOwnerPost ? rng.int(20, 80) : rng.int(3, 60)),
      comments: comments.sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    });
  }
  posts.sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return { platform, seed, owner, people, companies, posts, followers, following, connections };
}

/** Lookups over a world, built once per server. */
export interface WorldIndex {
  world: SandboxWorld;
  person(id: string): SandboxPerson | undefined;
  byHandle(handle: string): SandboxPerson | undefined;
  company(id: string): SandboxCompany | undefined;
  companyBySlug(slug: string): SandboxCompany | undefined;
  post(id: string): SandboxPost | undefined;
  /** LinkedIn network distance from the owner: 0 self, 1, 2 or 3 (3 = further). */
  distance(id: string): 0 | 1 | 2 | 3;
}

export function indexWorld(world: SandboxWorld): WorldIndex {
  const people = new Map(world.people.map((p) => [p.id, p]));
  const handles = new Map(world.people.map((p) => [p.handle.toLowerCase(), p]));
  const companies = new Map(world.companies.map((c) => [c.id, c]));
  const slugs = new Map(world.companies.map((c) => [c.slug, c]));
  const posts = new Map(world.posts.map((p) => [p.id, p]));
  const first = new Set((world.connections[world.owner.id] ?? []).map((c) => c.personId));
  const second = new Set<string>();
  for (const id of first) for (const c of world.connections[id] ?? []) second.add(c.personId);
  return {
    world,
    person: (id) => people.get(id),
    byHandle: (handle) => handles.get(handle.toLowerCase()),
    company: (id) => companies.get(id),
    companyBySlug: (slug) => slugs.get(slug),
    post: (id) => posts.get(id),
    distance: (id) => (id === world.owner.id ? 0 : first.has(id) ? 1 : second.has(id) ? 2 : 3),
  };
}
