import { readFileSync } from 'node:fs';

/**
 * The word lists the sandbox world is made of (data/sandbox-words.json) and LinkedIn's industry labels
 * (data/linkedin-industries-v2.json). The world picks from them by index, so their order is part of the
 * seeded world: reordering or editing a list changes every generated person after it.
 */
export interface SandboxWords {
  firstNames: string[];
  lastNames: string[];
  companyPrefixes: string[];
  companySuffixes: string[];
  titles: string[];
  locations: string[];
  topics: string[];
  /** Post texts with `{topic}`, `{company}` and `{industry}` holes. */
  postTemplates: string[];
  comments: string[];
  interests: string[];
}

const readData = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./data/${name}`, import.meta.url), 'utf8'));

let words: SandboxWords | undefined;
/** The word lists, read once. */
export function sandboxWords(): SandboxWords {
  words ??= readData('sandbox-words.json') as SandboxWords;
  return words;
}

/**
 * The lists of the profile details added after the pinned world (data/sandbox-profile-words.json):
 * skills, schools, degrees, fields of study and position descriptions (`{topic}`, `{company}`,
 * `{industry}` holes). Their order matters only to those details, drawn from each person's own stream.
 */
export interface SandboxProfileWords {
  skills: string[];
  schools: string[];
  degrees: string[];
  fieldsOfStudy: string[];
  positionDescriptions: string[];
}

let profileWords: SandboxProfileWords | undefined;
export function sandboxProfileWords(): SandboxProfileWords {
  profileWords ??= readData('sandbox-profile-words.json') as SandboxProfileWords;
  return profileWords;
}

interface IndustryFile {
  industries: Array<{ industry_id: number; label: string; depth: number }>;
}

let industryLabels: string[] | undefined;
/** LinkedIn industry labels (industry codes v2, MIT licensed, see data/). */
export function linkedInIndustries(): string[] {
  industryLabels ??= (readData('linkedin-industries-v2.json') as IndustryFile).industries.map((i) => i.label);
  return industryLabels;
}

let industryIds: Map<string, number> | undefined;
/** LinkedIn's industry id of a label (`urn:li:fsd_industry:<id>`). */
export function linkedInIndustryId(label: string): number | undefined {
  industryIds ??= new Map(
    (readData('linkedin-industries-v2.json') as IndustryFile).industries.map((i) => [i.label, i.industry_id]),
  );
  return industryIds.get(label);
}
