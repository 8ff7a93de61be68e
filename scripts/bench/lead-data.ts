import { type Lead, SKILL_SEPARATOR } from '../../shared/leads';

/**
 * Realistic, deterministic leads for `npm run bench -- leads` (leads.ts): names with accents and a few
 * non-Latin ones, LinkedIn-like headlines, 3 to 8 skills joined with ' • ', titles, companies, places
 * and descriptions of about 150 characters (commas and quotes, never a line break). The same `count`
 * and `seed` give the same leads, in Node (stored in DynamoDB Local) and in the page of the export
 * harness, which bundles this file: it imports nothing but the Lead type.
 */

const FIRST_NAMES = [
  'Amelia',
  'Noah',
  'Priya',
  'Lucas',
  'Sofia',
  'Mateo',
  'Hannah',
  'Kenji',
  'Chloé',
  'Omar',
  'Isabella',
  'Jonas',
  'Aisha',
  'Liam',
  'Zoë',
  'Ravi',
  'Emma',
  'Oliver',
  'Fatima',
  'Diego',
  'Mia',
  'Ethan',
  'Ingrid',
  'Tomasz',
  'Yuki',
  'Grace',
  'Samuel',
  'Leila',
  'Finn',
  'Ana',
  'Björn',
  'Camille',
  'Daniel',
  'Elena',
  'François',
  'Gabriel',
  'Hiro',
  'Ibrahim',
  'Julia',
  'Kofi',
  'Laura',
  'Marco',
  'Nadia',
  'Olga',
  'Pedro',
  'Rosa',
  'Sven',
  'Thandiwe',
  'Uma',
  'Victor',
  'Wei',
  'Xavier',
  'Yara',
  'Zainab',
  '雷',
  'Siobhán',
];
const LAST_NAMES = [
  'Carter',
  'Nguyen',
  'Sharma',
  'Müller',
  'García',
  'Okafor',
  'Kowalski',
  'Tanaka',
  'Dubois',
  'Haddad',
  'Rossi',
  'Andersson',
  'Smith',
  'Patel',
  'Johnson',
  'Kim',
  'Silva',
  'Novak',
  'Brown',
  'Fernández',
  'Ivanova',
  'Jensen',
  "O'Brien",
  'Schmidt',
  'Yilmaz',
  'Mensah',
  'Lopez',
  'Chen',
  'Wright',
  'Costa',
  'Lindqvist',
  'Nakamura',
  'Hughes',
  'Moreau',
  'Kaur',
  'Bianchi',
  'Walker',
  'Petrov',
  'Li',
  'Murphy',
];
const TITLES = [
  'Software Engineer',
  'Senior Software Engineer',
  'Staff Engineer',
  'Frontend Engineer',
  'Backend Engineer',
  'Full Stack Developer',
  'Data Engineer',
  'DevOps Engineer',
  'Site Reliability Engineer',
  'Machine Learning Engineer',
  'Mobile Developer',
  'QA Engineer',
  'Engineering Manager',
  'Tech Lead',
  'Team Lead',
  'Head of Engineering',
  'CTO',
  'Product Manager',
  'Senior Product Manager',
  'Product Designer',
  'UX Researcher',
  'Data Scientist',
  'Data Analyst',
  'Marketing Manager',
  'Growth Marketer',
  'Sales Director',
  'Account Executive',
  'Customer Success Manager',
  'Technical Recruiter',
  'Founder',
  'Co-Founder & CEO',
  'Freelance Developer',
  'Solutions Architect',
  'Security Engineer',
  'Developer Advocate',
];
const COMPANIES = [
  'Monzo',
  'Revolut',
  'Spotify',
  'Shopify',
  'Stripe',
  'Atlassian',
  'Zalando',
  'Booking.com',
  'Adyen',
  'Deliveroo',
  'Wise',
  'N26',
  'Klarna',
  'SAP',
  'Siemens',
  'Accenture',
  'Deloitte',
  'Google',
  'Microsoft',
  'Amazon',
  'Meta',
  'Canva',
  'Datadog',
  'GitLab',
  'HubSpot',
  'Intercom',
  'JetBrains',
  'Miro',
  'Notion',
  'Personio',
  'Skyscanner',
  'Ocado Technology',
  'BBC',
  'Unilever',
  'Infosys',
  'Thoughtworks',
  'Northwind Labs',
  'Acme Analytics',
  'Bluefin Software',
  'Contoso Cloud',
  'Freelance',
];
const PLACES = [
  'London, England, United Kingdom',
  'Greater London',
  'Manchester, England, United Kingdom',
  'Edinburgh, Scotland, United Kingdom',
  'Dublin, Ireland',
  'Berlin, Germany',
  'Munich, Bavaria, Germany',
  'Paris, Île-de-France, France',
  'Amsterdam, North Holland, Netherlands',
  'Stockholm, Sweden',
  'Warsaw, Poland',
  'Madrid, Spain',
  'Lisbon, Portugal',
  'Zürich, Switzerland',
  'New York, United States',
  'San Francisco Bay Area',
  'Austin, Texas, United States',
  'Toronto, Ontario, Canada',
  'Bengaluru, Karnataka, India',
  'Singapore',
  'Sydney, New South Wales, Australia',
  'Lagos, Nigeria',
  'São Paulo, Brazil',
  'Tokyo, Japan',
];
const SKILLS = [
  'JavaScript',
  'TypeScript',
  'React',
  'Node.js',
  'Python',
  'Go',
  'Rust',
  'Java',
  'Kotlin',
  'Swift',
  'C++',
  'SQL',
  'PostgreSQL',
  'AWS',
  'Kubernetes',
  'Docker',
  'Terraform',
  'GraphQL',
  'Machine Learning',
  'Data Analysis',
  'Distributed Systems',
  'System Design',
  'Algorithms',
  'Competitive Programming',
  'Problem Solving',
  'Leadership',
  'Team Management',
  'Mentoring',
  'Agile Methodologies',
  'Scrum',
  'Product Strategy',
  'User Research',
  'Figma',
  'SaaS',
  'B2B Sales',
  'Negotiation',
  'Public Speaking',
  'Content Marketing',
  'SEO',
  'Recruiting',
  'Cloud Architecture',
  'Cybersecurity',
  'CI/CD',
  'Microservices',
  'Test Automation',
  'Technical Writing',
  'Stakeholder Management',
];
const OPENINGS = [
  'I build products people rely on every day',
  'Passionate about clean code, fast feedback and calm on-call rotations',
  'Former ICPC finalist who still enjoys a hard algorithm puzzle on Codeforces',
  'I lead a team of 8 engineers shipping payments infrastructure',
  'Helping B2B SaaS companies grow, from first customer to Series B',
  'Curious about data, distributed systems and "boring" technology that works',
  'Engineer looking for hard problems in climate, health or finance',
  'Design-minded developer, happiest where product, code and users meet',
  'Mentor, conference speaker and occasional open-source maintainer',
  'I turn messy spreadsheets into dashboards, pipelines and decisions',
];
const FOLLOW_UPS = [
  'Previously at a fast-growing fintech, now scaling a platform team.',
  'Open to freelance projects, advisory roles and interesting coffee chats.',
  'Ask me about hiring, remote teams, or the best ramen in town.',
  'Currently exploring LLM tooling, evaluation and developer experience.',
  'Outside work: climbing, chess, running, and far too many side projects.',
  'Competitive programmer at heart; team leader by trade, since 2019.',
  'Based in Europe, working with teams across three time zones.',
  'Believer in small teams, written decisions and shipping on Fridays.',
];

/** mulberry32: a small, fast, seeded generator. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The day the leads were extracted from, fixed so that the data never changes. */
const EXTRACTED_FROM = Date.UTC(2026, 0, 15, 9, 0, 0);

/** `count` leads; a lead's fields depend only on `seed` and its position. */
export function benchLeadSet(count: number, seed = 12): Lead[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const leads: Lead[] = [];
  for (let i = 0; i < count; i++) {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const title = pick(TITLES);
    const company = pick(COMPANIES);
    const place = pick(PLACES);
    const city = place.split(',')[0]!;
    const skills = new Set<string>();
    const skillCount = 3 + Math.floor(next() * 6);
    while (skills.size < skillCount) skills.add(pick(SKILLS));
    const [skillA, skillB] = [...skills];
    const headline = [
      () => `${title} at ${company}`,
      () => `${title} | ${skillA}, ${skillB} | ${company}`,
      () => `${title} ${city} · ex-${pick(COMPANIES)}`,
      () =>
        `${title} • Building ${pick(['developer tools', 'fintech', 'marketplaces', 'healthtech', 'AI products'])}`,
    ][Math.floor(next() * 4)]!();
    let description = `${pick(OPENINGS)}. ${pick(FOLLOW_UPS)}`;
    if (description.length < 130) description += ` ${pick(FOLLOW_UPS)}`;
    const id = `ACoAA${(1_000_000 + i * 7919 + seed).toString(36).toUpperCase()}${i.toString(36).padStart(4, '0')}`;
    const slug = `${first}-${last}`
      .normalize('NFD')
      .replace(/[^A-Za-z-]/g, '')
      .toLowerCase();
    leads.push({
      id,
      profileId: id,
      name: `${first} ${last}`,
      profileUrl: `https://www.linkedin.com/in/${slug || 'member'}-${i.toString(16)}`,
      headline,
      skills: [...skills].join(SKILL_SEPARATOR),
      title,
      company,
      location: place,
      description,
      ...(next() < 0.3 ? { website: `https://${slug || 'site'}.dev` } : {}),
      connectionDegree: pick(['1st', '2nd', '3rd+']),
      mutual: Math.floor(next() * 40),
      // One lead every 2 minutes, newest first: the first 5,040 fall within a week of EXTRACTED_FROM.
      extractedAt: new Date(EXTRACTED_FROM - i * 120_000).toISOString(),
    });
  }
  return leads;
}
