import { describe, expect, it } from 'vitest';
import { findFlowTemplate, flowTemplates } from '../../../../functions/flows/templates/registry';
import { FLOW_WRITES, type FlowTemplateDefinition, type FlowWriteKind } from '../../../../shared/flows';

/**
 * Issue 36 found 5: what a user reads of a flow template says what a run of it really does. Each
 * template declares the writes its runs make (`writes`); the engine makes only those, in one order of
 * stages. These checks hold every template to it: the stages, and every sentence of every text.
 */

/** The engine's stages, in the order a run takes them ('engage' or 'like' and 'comment' apart). */
const STAGE_ORDER = [
  'approved',
  'discover',
  'enrich',
  'score',
  'engage',
  'like',
  'comment',
  'connect',
  'follow-up',
] as const;
const ALWAYS = ['discover', 'enrich', 'score'] as const;

// --- The rule: which writes a sentence claims ----------------------------------------------------

/**
 * The words that name each write, in any form. Every "like" counts, the preposition too ("spaced like
 * a person would" in a flow that likes nothing reads as a like): write "as" instead. A welcome and a
 * follow-up are messages; a connection note and a connection request are invitations, "connected"
 * (the account) and "connection" alone are not.
 */
const WRITE_WORDS: Record<FlowWriteKind, RegExp> = {
  like: /\blik(?:e|es|ed|ing|ers?)\b/i,
  comment: /\bcomment(?:s|ed|ing|ers?)?\b/i,
  invite: /\b(?:invit(?:e|es|ed|ing|ations?)|connect(?:s|ing)?|connection[- ](?:requests?|notes?))\b/i,
  message: /\b(?:messag(?:e|es|ed|ing)|follow(?:s|ed|ing)?[- ]ups?|welcomes?)\b/i,
};
/** Names of settings of the wizard's Messaging step: naming one claims no write. */
const SETTING_NAMES =
  /\b(?:message tone|comment strategy|connection request approach|connection approach)\b/gi;
/** A sentence that says a write is not made: "not", "never", "no", "nor", "neither", "-n't". */
const NEGATION = /\b(?:not|never|no|nor|neither)\b|n['’]t\b/i;

/** A text as the sentences a user reads: HTML blocks and list items end one, as do . ! ? and ;. */
function sentencesOf(text: string): string[] {
  return text
    .replace(/<\/(?:p|li|h[1-6])>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .split(/(?<=[.!?;])\s+|\n/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** The writes a sentence says a run makes: named, and not said not to be made. */
function claimedWrites(sentence: string): FlowWriteKind[] {
  const plain = sentence.replace(SETTING_NAMES, ' ');
  if (NEGATION.test(plain)) return [];
  return FLOW_WRITES.filter((kind) => WRITE_WORDS[kind].test(plain));
}

/** Every text of a template a user reads (the flows list, the template page, the catalogue), by place. */
function userTexts(flow: FlowTemplateDefinition): { where: string; text: string }[] {
  return [
    { where: 'displayName', text: flow.displayName },
    { where: 'summary', text: flow.summary },
    { where: 'description', text: flow.description },
    { where: 'detailedDescription', text: flow.detailedDescription },
    ...flow.stages.flatMap((stage) => [
      { where: `stage ${stage.id} name`, text: stage.name },
      { where: `stage ${stage.id} description`, text: stage.description },
      { where: `stage ${stage.id} duration`, text: stage.estimatedDuration },
    ]),
    ...flow.features.flatMap((feature) => [
      { where: `feature name`, text: feature.name },
      { where: `feature ${feature.name}`, text: feature.description },
      ...feature.tags.map((tag) => ({
        where: `feature ${feature.name} tag`,
        text: tag.replaceAll('-', ' '),
      })),
    ]),
    ...flow.tags.map((tag) => ({ where: 'tag', text: tag.replaceAll('-', ' ') })),
    ...flow.requirements.map((text) => ({ where: 'requirement', text })),
    ...flow.limitations.map((text) => ({ where: 'limitation', text })),
    ...Object.entries(flow.configurationNotes).map(([key, text]) => ({ where: `note ${key}`, text })),
    ...flow.examples.flatMap((example) => [
      { where: 'example title', text: example.title },
      { where: `example ${example.title}`, text: example.description },
    ]),
  ];
}

/** Each sentence that claims a write the template does not declare, with where it is. */
function undeclaredClaims(flow: FlowTemplateDefinition): string[] {
  return userTexts(flow).flatMap(({ where, text }) =>
    sentencesOf(text).flatMap((sentence) =>
      claimedWrites(sentence)
        .filter((kind) => !flow.writes.includes(kind))
        .map((kind) => `${where}: "${sentence}" claims ${kind}`),
    ),
  );
}

/**
 * What the engine does not do, as the templates once said it did: collecting a post's engagers or a
 * network's connections, posts and events, timed sequences over several runs, notes that quote a post.
 */
const NOT_DONE: readonly RegExp[] = [
  /\btwo[- ]touch(?:es)?\b/i,
  /\btwo engagements\b/i,
  /\bseen your name twice\b/i,
  /\bover a few runs\b/i,
  /\bacross runs\b/i,
  /\bsecond or third run\b/i,
  /\b(?:30|14) days\b/i,
  /\ba week later\b/i,
  /\bseven days after\b/i,
  /\bevents?\b/i,
  /\bwebinars?\b/i,
  /\bconferences?\b/i,
  /\bsync(?:s|ing)?[- ](?:your |the )?connections\b/i,
  /\b1st-degree connections\b/i,
  /\brecent connections\b/i,
  /\bcollect(?:s|ing)? (?:the )?engagers\b/i,
  /\breactions?\b/i,
  /\b(?:likers|commenters)\b/i,
  /\bnames the post\b/i,
  /\brefers? to the (?:post|conversation|exact post)\b/i,
  /\bthe post you discussed\b/i,
  /\bactive posters?\b/i,
  /\bwho (?:posted|post|write|wrote) (?:in|about)\b/i,
  /\brecent activity\b/i,
  /\bpicks up where the note left off\b/i,
  /\bposts limited to\b/i,
  /\bthanking them for connecting\b/i,
];

function notDonePhrases(flow: FlowTemplateDefinition): string[] {
  return userTexts(flow).flatMap(({ where, text }) =>
    NOT_DONE.filter((phrase) => phrase.test(text)).map((phrase) => `${where}: "${text}" says ${phrase}`),
  );
}

// --- The rule, checked both ways -----------------------------------------------------------------

describe('the claimed-write rule', () => {
  it.each([
    ['Likes the newest post and comments on it.', ['like', 'comment']],
    ['Keeps to the budgets, spaced like a person would.', ['like']],
    ['Sends a connection request with a short note.', ['invite']],
    ['Connects in the same run.', ['invite']],
    ['The connection note names the prospect’s role.', ['invite']],
    ['Once they accept, one welcome goes out.', ['message']],
    ['Follows up with a first message once they accept.', ['message']],
    ['A follow-up goes to each who accepted.', ['message']],
    ['Commenters are ranked first.', ['comment']],
  ] as const)('reads "%s" as claiming %j', (sentence, kinds) => {
    expect(claimedWrites(sentence)).toEqual(kinds);
  });

  it.each([
    'Comments are not posted by this flow.',
    'This flow sends no messages.',
    'It neither likes nor comments.',
    'The message tone sets how notes read.',
    'The comment strategy and the connection approach are unused by it.',
    'A connected LinkedIn account (synced with the Trobly browser extension).',
    'Opens each profile once for the current title, company and headline.',
    'Every prospect has a connection score.',
  ])('reads "%s" as claiming no write', (sentence) => {
    expect(claimedWrites(sentence)).toEqual([]);
  });

  it('splits HTML and lists into the sentences a user reads', () => {
    expect(
      sentencesOf('<p>It likes a post. It invites; no message is sent.</p><ul><li>One</li><li>Two</li></ul>'),
    ).toEqual(['It likes a post.', 'It invites;', 'no message is sent.', 'One', 'Two']);
  });

  const base = findFlowTemplate('linkedin-ai-prospecting-flow')!;
  const truthful: FlowTemplateDefinition = {
    ...base,
    summary: 'Invites decision makers and messages those who accept.',
    description: 'Searches, scores and invites; it never comments on or likes a post.',
    stages: [
      {
        id: 'connect',
        name: 'Invite',
        description: 'Sends connection requests.',
        estimatedDuration: '1 min',
      },
    ],
    features: [
      { name: 'Notes', description: 'The message tone sets the note.', tags: ['connection-requests'] },
    ],
    tags: ['linkedin'],
    requirements: ['A connected LinkedIn account'],
    limitations: ['Comments are not posted by this flow'],
    detailedDescription: '<p>Invites the best.</p>',
    configurationNotes: {
      targeting: 'Keywords.',
      messaging: 'The comment strategy is not used.',
      execution: 'Runs per day.',
      workingHours: 'Working hours.',
    },
    examples: [{ ...base.examples[0]!, title: 'Founders', description: 'Founders in five industries.' }],
    writes: ['invite', 'message'],
  };

  it('passes a fixture template whose texts keep to its writes', () => {
    expect(undeclaredClaims(truthful)).toEqual([]);
    expect(notDonePhrases(truthful)).toEqual([]);
  });

  it('fails a fixture template whose text claims a write it does not declare, wherever the text is', () => {
    const claims = (change: Partial<FlowTemplateDefinition>) => undeclaredClaims({ ...truthful, ...change });
    expect(claims({ description: 'Searches and invites. Then it comments on their newest post.' })).toEqual([
      'description: "Then it comments on their newest post." claims comment',
    ]);
    expect(
      claims({ detailedDescription: '<ul><li><strong>Likes</strong> a recent post.</li></ul>' }),
    ).toEqual(['detailedDescription: "Likes a recent post." claims like']);
    expect(claims({ tags: ['linkedin', 'comments'] })).toEqual(['tag: "comments" claims comment']);
    // The same text is true of a template that declares the write.
    expect(
      undeclaredClaims({
        ...truthful,
        description: 'Likes their newest post.',
        writes: ['like', 'invite', 'message'],
      }),
    ).toEqual([]);
    // A template that invites nothing may not say it connects.
    expect(undeclaredClaims({ ...truthful, writes: ['message'] })).toEqual(
      expect.arrayContaining([
        'summary: "Invites decision makers and messages those who accept." claims invite',
        'stage connect description: "Sends connection requests." claims invite',
      ]),
    );
  });

  it.each([
    'Connects after two touches.',
    'Keeps those who posted in the last 30 days.',
    'A week later, follows up with an insight.',
    'Collect the engagers of posts and events.',
    'Reads the account’s 1st-degree connections.',
    'The connection note names the post.',
  ])('fails a fixture template that says "%s", which the engine does not do', (sentence) => {
    expect(notDonePhrases({ ...truthful, limitations: [sentence] }).length).toBeGreaterThan(0);
  });
});

// --- Every template ------------------------------------------------------------------------------

describe.each(flowTemplates.map((t) => [t.id, t] as const))('the texts of %s', (_id, flow) => {
  it('declares at least one write, only kinds the engine knows, none twice', () => {
    expect(flow.writes.length).toBeGreaterThanOrEqual(1);
    for (const kind of flow.writes) expect(FLOW_WRITES).toContain(kind);
    expect(new Set(flow.writes).size).toBe(flow.writes.length);
  });

  it('lists the engine’s stages in its order, one for each write it declares and none for another', () => {
    const ids = flow.stages.map((stage) => stage.id);
    for (const id of ids) expect(STAGE_ORDER).toContain(id);
    const positions = ids.map((id) => STAGE_ORDER.indexOf(id as (typeof STAGE_ORDER)[number]));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ALWAYS) expect(ids).toContain(id);

    const declares = (kind: FlowWriteKind) => flow.writes.includes(kind);
    expect(ids.includes('connect')).toBe(declares('invite'));
    expect(ids.includes('follow-up')).toBe(declares('message'));
    const engages = ids.some((id) => id === 'engage' || id === 'like' || id === 'comment');
    expect(engages).toBe(declares('like') || declares('comment'));
    // A stage of its own for a like or a comment is one the template makes; 'engage' is not beside them.
    if (ids.includes('like')) expect(declares('like')).toBe(true);
    if (ids.includes('comment')) expect(declares('comment')).toBe(true);
    if (ids.includes('engage')) expect(ids.some((id) => id === 'like' || id === 'comment')).toBe(false);
  });

  it('claims no write it does not declare in any text a user reads', () => {
    expect(undeclaredClaims(flow)).toEqual([]);
  });

  it('says nothing the engine does not do', () => {
    expect(notDonePhrases(flow)).toEqual([]);
  });
});
