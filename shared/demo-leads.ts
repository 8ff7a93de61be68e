import { type Lead, SKILL_SEPARATOR } from './leads';

/**
 * The 48 generated demo leads (part 2 sections 4 and 9, DECISIONS 14): shown under 'Demo Data' only
 * while an automation has no leads of its own, never exported. Deterministic, so the screen and the
 * AI filter (which ranks them when the automation has none) see the same people. Their ids start with
 * DEMO_LEAD_PREFIX, which is how the export refuses them.
 */
export const DEMO_LEAD_COUNT = 48;
export const DEMO_LEAD_PREFIX = 'demo-';

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
  'Berg',
];

interface Persona {
  title: string;
  headline: string;
  skills: string[];
  description: string;
}

const PERSONAS: Persona[] = [
  {
    title: 'Engineering Team Lead',
    headline: 'Team Lead at {company} | Building reliable payment systems',
    skills: ['Leadership', 'TypeScript', 'System Design', 'Mentoring', 'AWS', 'Agile', 'Hiring'],
    description: 'Leads a team of eight engineers shipping payment features every week.',
  },
  {
    title: 'Competitive Programmer & Software Engineer',
    headline: 'Codeforces Grandmaster | ICPC World Finalist | Software Engineer at {company}',
    skills: ['Algorithms', 'C++', 'Data Structures', 'Competitive Programming', 'Python'],
    description: 'Solves contest problems on Codeforces and LeetCode; coaches a university ICPC team.',
  },
  {
    title: 'Freelance Full-Stack Developer',
    headline: 'Freelancer building SaaS products for startups',
    skills: ['React', 'Node.js', 'SaaS', 'Stripe', 'PostgreSQL', 'Next.js', 'Tailwind CSS', 'Docker'],
    description: 'Independent developer who has launched six B2B SaaS products for clients.',
  },
  {
    title: 'Senior Data Scientist',
    headline: 'Problem solver turning messy data into decisions at {company}',
    skills: ['Problem Solving', 'Machine Learning', 'Statistics', 'SQL', 'Python'],
    description: 'Known for analytical problem solving across pricing and churn models.',
  },
  {
    title: 'Head of Engineering',
    headline: 'Head of Engineering at {company} | Scaling teams from 5 to 50',
    skills: ['Engineering Management', 'Leadership', 'Strategy', 'Cloud Architecture'],
    description: 'Runs four product teams and the platform group.',
  },
  {
    title: 'Founder & CEO',
    headline: 'Founder of {company} | B2B SaaS for logistics',
    skills: ['Entrepreneurship', 'SaaS', 'Fundraising', 'Product Strategy', 'Sales'],
    description: 'Second-time founder; previously sold a fleet-tracking startup.',
  },
  {
    title: 'Product Designer',
    headline: 'Product Designer at {company} | Accessibility advocate',
    skills: ['Figma', 'User Research', 'Design Systems', 'Accessibility'],
    description: 'Designs onboarding flows and runs usability studies.',
  },
  {
    title: 'Marketing Manager',
    headline: 'Growth marketing at {company}',
    skills: ['Content Marketing', 'SEO', 'HubSpot', 'Analytics', 'Copywriting', 'Paid Social', 'Email'],
    description: 'Owns demand generation for the mid-market segment.',
  },
];

const COMPANIES = [
  'Northwind Labs',
  'Bluefin Payments',
  'Acme Robotics',
  'Lumen Health',
  'Cobalt Cloud',
  'Fernway Logistics',
];
const LOCATIONS = [
  'London, United Kingdom',
  'Berlin, Germany',
  'San Francisco, California',
  'Toronto, Canada',
  'Bengaluru, India',
  'Paris, France',
  'New York, New York',
  'Tokyo, Japan',
];
const DEGREES = ['1st', '2nd', '3rd+'];

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

/** The demo leads, dated back from `now` one every 7 hours, so 'Recent (7 days)' keeps some of them. */
export function demoLeads(now: Date = new Date()): Lead[] {
  return Array.from({ length: DEMO_LEAD_COUNT }, (_, i) => {
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(i * 5) % LAST_NAMES.length]!;
    const persona = PERSONAS[i % PERSONAS.length]!;
    const company = COMPANIES[(i * 7) % COMPANIES.length]!;
    const location = LOCATIONS[(i * 3) % LOCATIONS.length]!;
    const id = `${DEMO_LEAD_PREFIX}${String(i + 1).padStart(2, '0')}`;
    return {
      id,
      profileId: id,
      name: `${first} ${last}`,
      profileUrl: '#',
      headline: persona.headline.replace('{company}', company),
      skills: persona.skills.join(SKILL_SEPARATOR),
      title: persona.title,
      company,
      location,
      description: persona.description,
      website: `https://${slug(company)}.example.com`,
      connectionDegree: DEGREES[i % DEGREES.length]!,
      mutual: (i * 11) % 37,
      extractedAt: new Date(now.getTime() - i * 7 * 3_600_000).toISOString(),
    };
  });
}

export const isDemoLead = (lead: Pick<Lead, 'id'>): boolean => lead.id.startsWith(DEMO_LEAD_PREFIX);
