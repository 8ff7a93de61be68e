import { type Lead, SKILL_SEPARATOR } from '../../../../shared/leads';
import { LEADS_TEXTS } from './leads-texts';

/**
 * The browser's compact index of one automation's leads (issue 12 point 2): every lead's searchable
 * text lower-cased once, and the list in each sort order sorted once, when that order is first listed
 * (the screen opens on one of them; issue 38 point 2). A keystroke then costs one substring test per
 * lead over arrays already in order (a few milliseconds at 10,000 leads), and the table renders one
 * page of them.
 */
export const LEADS_PAGE_SIZE = 20;
export const RECENT_DAYS = 7;
export const MAX_PAGE_BUTTONS = 5;
export const MAX_SKILL_CHIPS = 6;
export const SKILL_LABEL_MAX = 25;
/** An engager's comment or quote in a row is cut at this many characters. */
export const ENGAGEMENT_TEXT_MAX = 140;

export type LeadFilter = 'all' | 'recent';
/** 'company' exists but is not offered (part 2 section 2.11). */
export type LeadSort = 'recent' | 'name' | 'company';

/**
 * The fields the search reads (part 2 section 5), in the spec's order, then DECISIONS 26's texts: the
 * handle and an engager's comment or quote, which the rows show (and which the headline and the
 * description held before they had fields of their own).
 */
const SEARCHED = [
  'name',
  'headline',
  'skills',
  'title',
  'company',
  'location',
  'description',
  'website',
  'handle',
] as const satisfies readonly (keyof Lead)[];

interface Entry {
  lead: Lead;
  text: string;
  extractedAt: number;
}

export interface LeadIndex {
  size: number;
  byId: ReadonlyMap<string, Lead>;
  /** The entries in `sort`'s order, sorted on the first call for that order. */
  ordered: (sort: LeadSort) => readonly Entry[];
}

/** Defaults on load (part 2 section 3): name 'Unknown User', profile URL '#', extracted now. */
export function withDefaults(lead: Lead, now: string): Lead {
  return {
    ...lead,
    id: lead.id || lead.profileId,
    name: lead.name || LEADS_TEXTS.unknownUser,
    profileUrl: lead.profileUrl || '#',
    extractedAt: lead.extractedAt || now,
  };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function buildIndex(leads: readonly Lead[]): LeadIndex {
  const entries: Entry[] = leads.map((lead) => ({
    lead,
    text: [...SEARCHED.map((field) => lead[field] ?? ''), lead.engagement?.text ?? '']
      .join('\n')
      .toLowerCase(),
    extractedAt: Date.parse(lead.extractedAt) || 0,
  }));
  const by = (field: 'name' | 'company') => (a: Entry, b: Entry) => {
    const left = a.lead[field] ?? '';
    const right = b.lead[field] ?? '';
    // Leads without the field go last, not first.
    if (!left !== !right) return left ? -1 : 1;
    return collator.compare(left, right) || b.extractedAt - a.extractedAt;
  };
  const compare: Record<LeadSort, (a: Entry, b: Entry) => number> = {
    recent: (a, b) => b.extractedAt - a.extractedAt || collator.compare(a.lead.id, b.lead.id),
    name: by('name'),
    company: by('company'),
  };
  const sorted = new Map<LeadSort, readonly Entry[]>();
  return {
    size: entries.length,
    byId: new Map(leads.map((lead) => [lead.id, lead])),
    ordered: (sort) => {
      let order = sorted.get(sort);
      if (!order) {
        order = [...entries].sort(compare[sort]);
        sorted.set(sort, order);
      }
      return order;
    },
  };
}

export interface ListOptions {
  search: string;
  filter: LeadFilter;
  sort: LeadSort;
  now: number;
  /** When the AI filter is applied: only these leads, in the AI's order (best first). */
  aiOrder?: readonly string[];
}

/** The leads listed for a search, a filter and a sort (part 2 section 5). */
export function listLeads(index: LeadIndex, options: ListOptions): Lead[] {
  const needle = options.search.trim().toLowerCase();
  const since = options.now - RECENT_DAYS * 24 * 3_600_000;
  const keep = (entry: Entry) =>
    (needle === '' || entry.text.includes(needle)) &&
    (options.filter === 'all' || entry.extractedAt >= since);
  if (options.aiOrder) {
    const entries = new Map(index.ordered('recent').map((entry) => [entry.lead.id, entry]));
    return options.aiOrder.flatMap((id) => {
      const entry = entries.get(id);
      return entry && keep(entry) ? [entry.lead] : [];
    });
  }
  const listed: Lead[] = [];
  for (const entry of index.ordered(options.sort)) if (keep(entry)) listed.push(entry.lead);
  return listed;
}

export const pageCount = (total: number, size = LEADS_PAGE_SIZE) => Math.max(1, Math.ceil(total / size));

/** Up to 5 page numbers around the current one, sliding at both ends (part 2 section 2.11). */
export function pageWindow(current: number, total: number, max = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, total);
  const start = Math.min(Math.max(1, current - Math.floor(max / 2)), total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** The chips of a lead's skills: at most 6, each cut at 25 characters, and how many more there are. */
export function skillChips(skills: string | undefined): {
  chips: { label: string; full: string }[];
  more: number;
} {
  const all = (skills ?? '')
    .split(SKILL_SEPARATOR.trim())
    .map((skill) => skill.trim())
    .filter(Boolean);
  return {
    chips: all.slice(0, MAX_SKILL_CHIPS).map((full) => ({
      full,
      label: full.length > SKILL_LABEL_MAX ? `${full.slice(0, SKILL_LABEL_MAX)}…` : full,
    })),
    more: Math.max(0, all.length - MAX_SKILL_CHIPS),
  };
}

/** 'Title at Company · Location', leaving out what the lead lacks. */
export function roleLine(lead: Pick<Lead, 'title' | 'company' | 'location'>): string {
  const role = [lead.title, lead.company].filter(Boolean).join(' at ');
  return [role, lead.location].filter(Boolean).join(' · ');
}

/**
 * A text as one short line: spaces and line breaks collapsed, cut at `max` characters (whole code
 * points, so an emoji is never split) with '…', and whether it was cut.
 */
export function cutShort(text: string, max = ENGAGEMENT_TEXT_MAX): { label: string; cut: boolean } {
  const line = text.replace(/\s+/g, ' ').trim();
  const points = Array.from(line);
  if (points.length <= max) return { label: line, cut: false };
  return { label: `${points.slice(0, max).join('').trimEnd()}…`, cut: true };
}
