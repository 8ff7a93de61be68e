import { streamSeed } from './world-extras';
import type { SandboxCompany, SandboxPerson, SandboxPost, SandboxWorld } from './world-types';

/** Lookups over a world, built once per server. */
export interface WorldIndex {
  world: SandboxWorld;
  person(id: string): SandboxPerson | undefined;
  byHandle(handle: string): SandboxPerson | undefined;
  company(id: string): SandboxCompany | undefined;
  companyBySlug(slug: string): SandboxCompany | undefined;
  post(id: string): SandboxPost | undefined;
  /** Instagram's /p/<shortcode>/ (SandboxPost.shortcode). */
  postByShortcode(shortcode: string): SandboxPost | undefined;
  /** LinkedIn network distance from the owner: 0 self, 1, 2 or 3 (3 = further). */
  distance(id: string): 0 | 1 | 2 | 3;
  /** Whether the owner follows this person. */
  ownerFollows(id: string): boolean;
  /** Whether this person follows the owner. */
  followsOwner(id: string): boolean;
}

/** LinkedIn's geo id of one of the world's locations (`urn:li:fsd_geo:<id>`, the geoUrn search filter). */
export function geoIdOf(location: string): string {
  return String(100_000_000 + (streamSeed('geo', location) % 900_000_000));
}

export function indexWorld(world: SandboxWorld): WorldIndex {
  const people = new Map(world.people.map((p) => [p.id, p]));
  const handles = new Map(world.people.map((p) => [p.handle.toLowerCase(), p]));
  const companies = new Map(world.companies.map((c) => [c.id, c]));
  const slugs = new Map(world.companies.map((c) => [c.slug, c]));
  const posts = new Map(world.posts.map((p) => [p.id, p]));
  const shortcodes = new Map(world.posts.map((p) => [p.shortcode, p]));
  const first = new Set((world.connections[world.owner.id] ?? []).map((c) => c.personId));
  const second = new Set<string>();
  for (const id of first) for (const c of world.connections[id] ?? []) second.add(c.personId);
  const ownerFollowing = new Set(world.following[world.owner.id] ?? []);
  const ownerFollowers = new Set(world.followers[world.owner.id] ?? []);
  return {
    world,
    person: (id) => people.get(id),
    byHandle: (handle) => handles.get(handle.toLowerCase()),
    company: (id) => companies.get(id),
    companyBySlug: (slug) => slugs.get(slug),
    post: (id) => posts.get(id),
    postByShortcode: (code) => shortcodes.get(code),
    distance: (id) => (id === world.owner.id ? 0 : first.has(id) ? 1 : second.has(id) ? 2 : 3),
    ownerFollows: (id) => ownerFollowing.has(id),
    followsOwner: (id) => ownerFollowers.has(id),
  };
}
