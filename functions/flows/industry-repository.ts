import data from './data/linkedin-industries-v2.json' with { type: 'json' };

/**
 * LinkedIn's industries (industry codes v2, 434 of them, MIT licensed: data/linkedin-industries-v2.LICENSE).
 * data/ keeps the id, label and hierarchy of each, in the list's own order, from the same list the
 * sandbox's copy holds whole (scripts/sandbox-platforms/data/; a unit test keeps the two the same): the
 * API reads nothing else of it, and the descriptions would triple the function's bundle. Bundled with
 * the industries routes only; the web app never loads it (it asks GET /api/industries).
 */
export interface Industry {
  id: number;
  label: string;
  /** 'Technology, Information and Media > Technology, Information and Internet > Software Development' */
  hierarchy: string;
}

type Row = [id: number, label: string, hierarchy: string];

const industries: readonly Industry[] = (data.industries as Row[]).map(([id, label, hierarchy]) => ({
  id,
  label,
  hierarchy,
}));
const byValue = new Map(industries.map((industry) => [String(industry.id), industry]));

/** Every industry, in the list's order. */
export function listIndustries(): readonly Industry[] {
  return industries;
}

/** The industry an option value ('4') names, if any. */
export function findIndustry(value: string): Industry | undefined {
  return byValue.get(value);
}
