import type { AiProspect } from '../../core/ports/ai';
import type { StoredProspect } from '../prospect-repository';

/** A prospect as the AI port reads it: what the flow knows of them, nothing empty. */
export function aiProspectOf(p: StoredProspect): AiProspect {
  return {
    id: p.id,
    name: p.name,
    ...(p.headline ? { headline: p.headline } : {}),
    ...(p.title ? { title: p.title } : {}),
    ...(p.company ? { company: p.company } : {}),
    ...(p.location ? { location: p.location } : {}),
    ...(p.industry ? { industry: p.industry } : {}),
    ...(p.skills?.length ? { skills: p.skills } : {}),
    // Their newest posts as last read: what a note or a message may pick up on.
    ...(p.recentPosts?.length ? { recentPosts: p.recentPosts.map(({ id, text }) => ({ id, text })) } : {}),
  };
}
