import { localProspectAi } from '../functions/ai/local/local-prospect-ai';
import type { AiMessaging, AiPost, AiProspect, AiSender } from '../functions/core/ports/ai';
import { flowTemplates } from '../functions/flows/templates/registry';
import {
  COMMENT_STYLE_OPTIONS,
  CONNECTION_NOTE_LIMITS,
  CONNECTION_REQUEST_STYLE_OPTIONS,
  MESSAGE_TONE_OPTIONS,
} from '../shared/flow-options';
import {
  BATCH,
  batches,
  CHECKS,
  type CheckName,
  DISTINCT_MIN,
  frameFigure,
  type Kind,
  problemsOf,
  type Written,
} from './eval-texts/checks';
import { generateWorld } from './sandbox-platforms/world';
import type { SandboxPerson, SandboxPost } from './sandbox-platforms/world-types';

/**
 * `npm run -s eval:texts` (issue 36 point 4): what the local writer sends, for a reviewer to read. 50
 * people of the sandbox LinkedIn (the generated world the local cloud serves: the authors of its posts
 * first, then others spread over the list), each written a connection note and a follow-up message,
 * and each post of theirs a comment, through the same local ProspectAi the runs use. The offers are the
 * flow templates' own company descriptions; tones, connection approaches, comment styles and the note
 * limit (200 free, 300 premium) turn over from one person to the next, so every option is written.
 *
 * It prints a table of the checks (checks.ts) with their figures, then every text with who it is for,
 * and exits 0 only when every check passes. Repeated frames are measured twice: over the texts printed
 * (batches of 20 in order, mixed settings), and as a run writes them, 20 people with one setting, for
 * every tone and approach (notes), tone (messages) and tone and style (comments).
 *
 * Nothing in functions/ imports it: it evaluates the writer, it is no part of a run.
 */
const PEOPLE = 50;
const TONES = MESSAGE_TONE_OPTIONS.map((o) => o.value);
const APPROACHES = CONNECTION_REQUEST_STYLE_OPTIONS.map((o) => o.value);
const STYLES = COMMENT_STYLE_OPTIONS.map((o) => o.value);
const LIMITS = [CONNECTION_NOTE_LIMITS.free, CONNECTION_NOTE_LIMITS.premium];

const world = generateWorld('linkedin');
const offers = flowTemplates.map((t) => ({
  template: t.displayName,
  description: t.defaultConfig.messagingSettings.companyDescription,
}));
/** The account the flows write from: the sandbox owner, whose city and industry are the shared context. */
const sender: AiSender = { location: world.owner.location, industry: world.owner.industry };

/** Their posts, newest first (the world's order). */
const postsBy = new Map<string, SandboxPost[]>();
for (const post of world.posts) postsBy.set(post.authorId, [...(postsBy.get(post.authorId) ?? []), post]);

/** The people: visible ones other than the owner, the authors of posts first, then every k-th other. */
function chosenPeople(): SandboxPerson[] {
  const visible = world.people.filter((p) => !p.isOwner && !p.hidden);
  const authors = visible.filter((p) => postsBy.has(p.id));
  const others = visible.filter((p) => !postsBy.has(p.id));
  const need = PEOPLE - authors.length;
  const step = others.length / need;
  return [...authors, ...Array.from({ length: need }, (_, i) => others[Math.floor(i * step)]!)].slice(
    0,
    PEOPLE,
  );
}

/**
 * A person as a run hands them to the AI (functions/runs/flow-writes.ts aiProspectOf: what the profile
 * shows), with the posts the run read from their activity.
 */
const prospectOf = (p: SandboxPerson): AiProspect => ({
  id: p.id,
  name: p.name,
  headline: p.headline,
  title: p.title,
  company: p.company,
  location: p.location,
  industry: p.industry,
  ...(p.skills.length ? { skills: p.skills } : {}),
  recentPosts: (postsBy.get(p.id) ?? []).slice(0, 3).map((post) => ({ id: post.id, text: post.text })),
});

interface Setting {
  offer: (typeof offers)[number];
  messaging: AiMessaging;
  maxLength: number;
}

function settingOf(i: number): Setting {
  const offer = offers[i % offers.length]!;
  return {
    offer,
    messaging: {
      companyDescription: offer.description,
      messageTone: TONES[i % TONES.length]!,
      connectionRequestStyle: APPROACHES[i % APPROACHES.length]!,
      commentStyle: STYLES[(i + Math.floor(i / STYLES.length)) % STYLES.length]!,
    },
    maxLength: LIMITS[Math.floor(i / 3) % LIMITS.length]!,
  };
}

interface Entry extends Written {
  person: SandboxPerson;
  setting: Setting;
  post?: AiPost;
}

async function write(kind: Kind, person: SandboxPerson, setting: Setting, post?: AiPost): Promise<Entry> {
  const prospect = prospectOf(person);
  const { messaging, maxLength } = setting;
  const { text } =
    kind === 'note'
      ? await localProspectAi.writeConnectionNote({ prospect, messaging, maxLength, sender })
      : kind === 'comment'
        ? await localProspectAi.writeComment({ prospect, messaging, post: post! })
        : await localProspectAi.writeMessage({ prospect, messaging, sender });
  const description = messaging.companyDescription;
  return { kind, text, firstName: person.firstName, description, maxLength, person, setting, post };
}

const people = chosenPeople();
const entries: Entry[] = [];
for (const kind of ['note', 'comment', 'message'] as const) {
  for (const [i, person] of people.entries()) {
    const posts = kind === 'comment' ? (postsBy.get(person.id) ?? []) : [undefined];
    for (const post of posts) entries.push(await write(kind, person, settingOf(i), post));
  }
}

/**
 * As a run writes them: the first 20 people (or posts), one setting for all, for every offer and every
 * tone and approach (notes), tone (messages), tone and style (comments). Not printed: the figure only.
 */
async function runFrames(): Promise<{ share: number; worst: string; repeated: string[]; batches: number }> {
  let worst = { share: 1, label: 'none', repeated: [] as string[] };
  let count = 0;
  const commented = entries.filter((e) => e.kind === 'comment').slice(0, BATCH);
  const settings = (offer: Setting['offer']): { kind: Kind; label: string; messaging: AiMessaging }[] => {
    const m = (tone: string, approach: string, style: string) => ({
      companyDescription: offer.description,
      messageTone: tone,
      connectionRequestStyle: approach,
      commentStyle: style,
    });
    return TONES.flatMap((tone) => [
      ...APPROACHES.map((a) => ({
        kind: 'note' as const,
        label: `notes ${tone} ${a}`,
        messaging: m(tone, a, STYLES[0]!),
      })),
      { kind: 'message' as const, label: `messages ${tone}`, messaging: m(tone, APPROACHES[0]!, STYLES[0]!) },
      ...STYLES.map((s) => ({
        kind: 'comment' as const,
        label: `comments ${tone} ${s}`,
        messaging: m(tone, APPROACHES[0]!, s),
      })),
    ]);
  };
  for (const offer of offers) {
    for (const { kind, label, messaging } of settings(offer)) {
      const setting = { offer, messaging, maxLength: CONNECTION_NOTE_LIMITS.premium };
      const batch =
        kind === 'comment'
          ? await Promise.all(commented.map((e) => write(kind, e.person, setting, e.post)))
          : await Promise.all(people.slice(0, BATCH).map((p) => write(kind, p, setting)));
      const { share, repeated } = frameFigure(batch);
      count++;
      if (share < worst.share) worst = { share, label: `${label}, ${offer.template}`, repeated };
    }
  }
  return { share: worst.share, worst: worst.label, repeated: worst.repeated, batches: count };
}

// --- The table -----------------------------------------------------------------------------------

const problems = entries.map(problemsOf);
const rows: { check: string; figure: string; pass: boolean }[] = [];
for (const name of Object.keys(CHECKS) as CheckName[]) {
  if (name === 'frames') continue;
  const failed = problems.filter((p) => p[name]).length;
  rows.push({
    check: CHECKS[name],
    figure: `${entries.length - failed} of ${entries.length} texts`,
    pass: !failed,
  });
}
const frameShares = (['note', 'comment', 'message'] as const).flatMap((kind) =>
  batches(entries.filter((e) => e.kind === kind)).map((b, i) => ({
    kind,
    i,
    ...frameFigure(b),
    size: b.length,
  })),
);
const lowest = frameShares.reduce((a, b) => (b.share < a.share ? b : a));
rows.push({
  check: CHECKS.frames,
  figure: `lowest ${(lowest.share * 100).toFixed(0)}% (${lowest.kind}s, batch ${lowest.i + 1} of ${lowest.size}); ${frameShares.map((f) => `${f.kind} ${f.i + 1}: ${(f.share * 100).toFixed(0)}%`).join(', ')}`,
  pass: lowest.share >= DISTINCT_MIN,
});
const run = await runFrames();
rows.push({
  check: `${CHECKS.frames}, as a run writes them (20 people, one setting)`,
  figure: `lowest ${(run.share * 100).toFixed(0)}% of ${run.batches} batches (${run.worst})${run.repeated.length ? `; repeated: ${run.repeated.join(' | ')}` : ''}`,
  pass: run.share >= DISTINCT_MIN,
});

const counts = (['note', 'comment', 'message'] as const).map(
  (k) => `${entries.filter((e) => e.kind === k).length} ${k}s`,
);
console.log(
  `Outreach texts of the local writer: ${entries.length} texts (${counts.join(', ')}) for ${people.length} sandbox people\n`,
);
const width = Math.max(...rows.map((r) => r.check.length));
for (const r of rows) console.log(`${r.pass ? 'PASS' : 'FAIL'}  ${r.check.padEnd(width)}  ${r.figure}`);

// --- The texts -----------------------------------------------------------------------------------

console.log('\nThe texts (offers: the flow templates’ company descriptions)');
for (const [i, e] of entries.entries()) {
  const p = e.person;
  const m = e.setting.messaging;
  const how =
    e.kind === 'note'
      ? `${m.messageTone}, ${m.connectionRequestStyle}, ${e.maxLength} characters`
      : e.kind === 'comment'
        ? `${m.messageTone}, ${m.commentStyle}, on "${e.post!.text}"`
        : m.messageTone;
  const failed = Object.entries(problems[i]!).map(([name, why]) => `  !! ${name}: ${why}`);
  console.log(
    `\n[${e.kind} ${i + 1}] to ${p.name}, ${p.title} at ${p.company} (${p.industry}; ${p.location})`,
  );
  console.log(`  offer: ${e.setting.offer.template}; ${how}`);
  console.log(e.text.replace(/^/gm, '  | '));
  for (const line of failed) console.log(line);
}

process.exitCode = rows.every((r) => r.pass) ? 0 : 1;
