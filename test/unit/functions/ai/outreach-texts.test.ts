import { describe, expect, it } from 'vitest';
import {
  COMMENT_MAX_LENGTH,
  contentProblem,
  MESSAGE_MAX_LENGTH,
  OFFER_RUN_MAX,
  outreachContent,
  textLength,
  textProblem,
} from '../../../../functions/ai/ai-outreach-rules';
import { llmOutreach, type OutreachTask } from '../../../../functions/ai/llm-outreach';
import { localProspectAi } from '../../../../functions/ai/local/local-prospect-ai';
import {
  composeComment,
  writeConnectionNote,
  writeMessage,
} from '../../../../functions/ai/local/outreach-writer';
import {
  distinctShare,
  longestSharedRun,
  openingOf,
  placeholderIn,
  wordsIn,
} from '../../../../functions/ai/outreach-measures';
import type { AiMessaging, AiPost, AiProspect } from '../../../../functions/core/ports/ai';
import { flowTemplates } from '../../../../functions/flows/templates/registry';
import { generateWorld } from '../../../../scripts/sandbox-platforms/world';
import {
  COMMENT_STYLE_OPTIONS,
  CONNECTION_NOTE_LIMITS,
  CONNECTION_REQUEST_STYLE_OPTIONS,
  MESSAGE_TONE_OPTIONS,
} from '../../../../shared/flow-options';

/**
 * Texts a person would send (issue 36 point 4): the offer restated, never pasted; no frame repeated
 * across the twenty people of a run; within the platform's limits. The people are the sandbox LinkedIn's
 * (the world the local cloud serves), the offers the flow templates' own descriptions.
 */
const TONES = MESSAGE_TONE_OPTIONS.map((o) => o.value);
const APPROACHES = CONNECTION_REQUEST_STYLE_OPTIONS.map((o) => o.value);
const STYLES = COMMENT_STYLE_OPTIONS.map((o) => o.value);
const DESCRIPTIONS = flowTemplates.map((t) => t.defaultConfig.messagingSettings.companyDescription);

const world = generateWorld('linkedin');
const sender = { location: world.owner.location, industry: world.owner.industry };
const postsOf = (id: string): AiPost[] =>
  world.posts.filter((p) => p.authorId === id).map((p) => ({ id: p.id, text: p.text }));
const people = world.people.filter((p) => !p.isOwner && !p.hidden).slice(0, 20);
const prospects: AiProspect[] = people.map((p) => ({
  id: p.id,
  name: p.name,
  headline: p.headline,
  title: p.title,
  company: p.company,
  location: p.location,
  industry: p.industry,
  recentPosts: postsOf(p.id),
}));
const firstNames = new Map(people.map((p) => [p.id, p.firstName]));
/** Twenty posts of twenty people, as a run's comments would find them. */
const commented = world.posts
  .filter((p) => !world.people.find((q) => q.id === p.authorId)?.isOwner)
  .slice(0, 20)
  .map((post) => {
    const author = world.people.find((q) => q.id === post.authorId)!;
    return {
      post: { id: post.id, text: post.text },
      prospect: { id: author.id, name: author.name, company: author.company },
      first: author.firstName,
    };
  });

const messaging = (overrides: Partial<AiMessaging> = {}): AiMessaging => ({
  companyDescription: DESCRIPTIONS[0]!,
  messageTone: 'professional',
  connectionRequestStyle: 'value-first',
  commentStyle: 'add-insights',
  ...overrides,
});

const opening = (text: string, prospect: { id: string }) => openingOf(text, firstNames.get(prospect.id));

describe('the offer is restated, never pasted', () => {
  it(`a note never contains more than ${OFFER_RUN_MAX} consecutive words of the description`, () => {
    for (const companyDescription of DESCRIPTIONS) {
      for (const tone of TONES) {
        for (const approach of APPROACHES) {
          const m = messaging({ companyDescription, messageTone: tone, connectionRequestStyle: approach });
          for (const prospect of prospects.slice(0, 5)) {
            for (const maxLength of [CONNECTION_NOTE_LIMITS.free, CONNECTION_NOTE_LIMITS.premium]) {
              const { text } = writeConnectionNote({ prospect, messaging: m, maxLength, sender });
              expect(longestSharedRun(text, companyDescription).words, text).toBeLessThanOrEqual(
                OFFER_RUN_MAX,
              );
            }
          }
        }
      }
    }
  });

  it('a message says what the user does in a clause of its own, whatever the description', () => {
    for (const companyDescription of DESCRIPTIONS) {
      for (const tone of TONES) {
        for (const prospect of prospects) {
          const { text } = writeMessage({
            prospect,
            messaging: messaging({ companyDescription, messageTone: tone }),
            sender,
          });
          expect(longestSharedRun(text, companyDescription).words, text).toBeLessThanOrEqual(OFFER_RUN_MAX);
          expect(text).not.toMatch(/\bsince we make\b/i);
        }
      }
    }
  });
});

describe('no frame repeats within a run', () => {
  it('20 notes for 20 different people have at least 90% distinct opening 4-grams, in every tone and approach', () => {
    for (const tone of TONES) {
      for (const approach of APPROACHES) {
        const m = messaging({ messageTone: tone, connectionRequestStyle: approach });
        const openings = prospects.map((prospect) =>
          opening(writeConnectionNote({ prospect, messaging: m, maxLength: 300, sender }).text, prospect),
        );
        expect(
          distinctShare(openings),
          `${tone} ${approach}: ${openings.join(' | ')}`,
        ).toBeGreaterThanOrEqual(0.9);
      }
    }
  });

  it('20 messages for 20 different people have at least 90% distinct opening 4-grams, in every tone', () => {
    for (const tone of TONES) {
      const openings = prospects.map((prospect) =>
        opening(
          writeMessage({ prospect, messaging: messaging({ messageTone: tone }), sender }).text,
          prospect,
        ),
      );
      expect(distinctShare(openings), `${tone}: ${openings.join(' | ')}`).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('20 comments on 20 posts have at least 90% distinct opening 4-grams, in every tone and style', () => {
    for (const tone of TONES) {
      for (const style of STYLES) {
        const m = messaging({ messageTone: tone, commentStyle: style });
        const openings = commented.map(({ post, prospect, first }) =>
          openingOf(composeComment({ prospect, post, messaging: m }).text, first),
        );
        expect(distinctShare(openings), `${tone} ${style}: ${openings.join(' | ')}`).toBeGreaterThanOrEqual(
          0.9,
        );
      }
    }
  });

  it('measures the frame after the greeting, with the name left out', () => {
    expect(openingOf('Hi Ana, since we make software for plants: it reads data.', 'Ana')).toBe(
      'since we make software',
    );
    expect(openingOf('Dear Nora, since we make software for plants.', 'Nora')).toBe('since we make software');
    expect(openingOf('Ana, Bluefin Payments looks close to my work.', 'Ana')).toBe(
      'bluefin payments looks close',
    );
    expect(openingOf('Well put, Ana. Pricing is hard.', 'Ana')).toBe('well put <name> pricing');
    expect(openingOf('Hey there! Good to connect.')).toBe('good to connect');
    expect(distinctShare(['a', 'b', 'a', 'c'])).toBe(0.75);
  });
});

describe('within the platform limits', () => {
  it('a note fits 200 characters on a free account and 300 on premium, and uses the room it has', () => {
    const lengths = { free: [] as number[], premium: [] as number[] };
    for (const tone of TONES) {
      for (const approach of APPROACHES) {
        const m = messaging({ messageTone: tone, connectionRequestStyle: approach });
        for (const prospect of prospects.slice(0, 10)) {
          for (const tier of ['free', 'premium'] as const) {
            const maxLength = CONNECTION_NOTE_LIMITS[tier];
            const { text } = writeConnectionNote({ prospect, messaging: m, maxLength, sender });
            expect(textLength(text), text).toBeLessThanOrEqual(maxLength);
            expect(textProblem(text, { maxLength })).toBeUndefined();
            lengths[tier].push(textLength(text));
          }
        }
      }
    }
    expect(Math.max(...lengths.premium)).toBeGreaterThan(CONNECTION_NOTE_LIMITS.free);
  });

  it('the note rule allows exactly the limit and refuses one character past it', () => {
    for (const maxLength of [CONNECTION_NOTE_LIMITS.free, CONNECTION_NOTE_LIMITS.premium]) {
      expect(textProblem('a'.repeat(maxLength), { maxLength })).toBeUndefined();
      expect(textProblem('a'.repeat(maxLength + 1), { maxLength })).toBe(
        `the text has ${maxLength + 1} characters, more than ${maxLength}`,
      );
    }
  });

  it('comments and messages stay within theirs, and no text has a placeholder, "undefined" or a double space', () => {
    for (const tone of TONES) {
      for (const prospect of prospects) {
        const { text } = writeMessage({ prospect, messaging: messaging({ messageTone: tone }), sender });
        expect(textLength(text)).toBeLessThanOrEqual(MESSAGE_MAX_LENGTH);
        expect(placeholderIn(text)).toBeUndefined();
        expect(text).not.toMatch(/ {2}|\s[,.!?]/);
      }
      for (const { post, prospect } of commented) {
        const { text } = composeComment({ prospect, post, messaging: messaging({ messageTone: tone }) });
        expect(textLength(text)).toBeLessThanOrEqual(COMMENT_MAX_LENGTH);
        expect(placeholderIn(text)).toBeUndefined();
      }
    }
    expect(placeholderIn('Hi undefined, welcome.')).toMatch(/undefined/);
    expect(placeholderIn('Hi {first_name}!')).toBe('a placeholder or brackets');
  });
});

describe('a model that pastes the description', () => {
  const description = DESCRIPTIONS[0]!;
  const words = wordsIn(description);
  const pasted = (n: number) => words.slice(0, n).join(' ');
  const request = { prospect: prospects[0]!, messaging: messaging(), maxLength: 300, sender };

  it(`is refused past ${OFFER_RUN_MAX} words in a row of it, not at ${OFFER_RUN_MAX}`, () => {
    const rules = outreachContent(request.prospect, request.messaging);
    expect(contentProblem(`Hi Fatima, ${pasted(OFFER_RUN_MAX)} and more.`, rules)).toBeUndefined();
    expect(contentProblem(`Hi Fatima, ${pasted(OFFER_RUN_MAX + 1)} and more.`, rules)).toBe(
      `the text pastes ${OFFER_RUN_MAX + 1} words of the company description in a row: "${pasted(OFFER_RUN_MAX + 1).toLowerCase()}"`,
    );
  });

  it('an LLM text that pastes the description is refused and the local text is used', async () => {
    const fallbacks: { task: OutreachTask; reason: string }[] = [];
    const answer = `Hi Fatima, since ${description.charAt(0).toLowerCase()}${description.slice(1, 200)}`;
    const ai = llmOutreach(async () => JSON.stringify({ text: answer.slice(0, 290) }), {
      onFallback: (task, reason) => fallbacks.push({ task, reason }),
    });
    await expect(ai.writeConnectionNote(request)).resolves.toEqual(
      await localProspectAi.writeConnectionNote(request),
    );
    await expect(ai.writeMessage(request)).resolves.toEqual(await localProspectAi.writeMessage(request));
    expect(fallbacks.map((f) => f.task)).toEqual(['note', 'message']);
    for (const { reason } of fallbacks) expect(reason).toMatch(/pastes \d+ words of the company description/);
  });

  it('an LLM text that restates the offer in its own words is used as it is', async () => {
    const own = 'Hi Fatima, we help plant teams catch breakdowns early. Would be glad to connect.';
    const ai = llmOutreach(async () => JSON.stringify({ text: own }), {
      onFallback: () => {
        throw new Error('no fallback expected');
      },
    });
    await expect(ai.writeConnectionNote(request)).resolves.toEqual({ text: own });
  });
});
