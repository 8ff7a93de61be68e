import * as z from 'zod/mini';
import { logger } from '../core/logger';
import type { AiText, ProspectAi, ProspectScore } from '../core/ports/ai';
import {
  AI_SCORE_RANGE,
  COMMENT_MAX_LENGTH,
  COMMENT_MAX_SENTENCES,
  type ContentRules,
  contentProblem,
  MESSAGE_MAX_LENGTH,
  matchQualityOf,
  outreachContent,
  textProblem,
} from './ai-outreach-rules';
import { providerError } from './llm-filter';
import { localProspectAi } from './local/local-prospect-ai';
import { commentPrompt, type JsonPrompt, messagePrompt, notePrompt, scorePrompt } from './outreach-prompts';

export type { JsonPrompt };

/**
 * What the two model adapters of the flows' AI (bedrock-prospect-ai.ts, openai-prospect-ai.ts) share:
 * scoring a prospect and writing a connection note, a comment and a follow-up message (ProspectAi). They
 * only differ in how they ask a model for one JSON answer (`LlmJson`): Bedrock as the input of a tool the
 * model must use, OpenAI-compatible endpoints as a `json_schema` response format; both get the prompts
 * and schemas of outreach-prompts.ts.
 *
 * The answer is checked before it is used: JSON of the schema's shape (zod), a whole score from 0 to
 * 100 (matchQuality is derived from it, never taken from the model), a text that is not empty, within
 * its limit (the note's maxLength, 500 for a comment of 1 to 3 sentences, 1,000 for a message), with
 * no unfilled placeholder, and saying nothing it may not (ai-outreach-rules.ts `contentProblem`: no link,
 * e-mail address, phone number or handle the messaging settings do not hold, no instruction to act on
 * an account, no run of 8 words copied from the prospect's profile, no run of more than 8 words of the
 * user's company description: issue 36 point 4). When the provider fails, takes longer than
 * `timeoutMs`, or answers something that fails a check, the local adapter's result stands in (and a
 * warning says why), so a flow never stops or sends a broken text for the model's sake.
 */

/** Asks the model once; resolves the text of its JSON answer; throws when the provider fails. */
export type LlmJson = (prompt: JsonPrompt, signal: AbortSignal) => Promise<string>;

export type OutreachTask = 'score' | 'note' | 'comment' | 'message';

export interface LlmOutreachOptions {
  /** How long a model may take before the local result is used; OUTREACH_TIMEOUT_MS unless set. */
  readonly timeoutMs?: number;
  /** Told why a reply was not used (a warning log line unless set). */
  readonly onFallback?: (task: OutreachTask, reason: string) => void;
}

/** A flow's run works through prospects one by one: a model slower than this is not waited for. */
export const OUTREACH_TIMEOUT_MS = 20_000;
export const MATCH_REASON_MAX_LENGTH = 300;

// --- The checks ----------------------------------------------------------------------------------

const textReply = z.object({ text: z.string() });
const scoreReply = z.object({
  aiScore: z.number().check(z.gte(AI_SCORE_RANGE.min), z.lte(AI_SCORE_RANGE.max)),
  matchReason: z.string().check(z.minLength(1), z.maxLength(MATCH_REASON_MAX_LENGTH)),
  relevanceFactors: z
    .array(
      z.object({
        factor: z.string().check(z.minLength(1), z.maxLength(80)),
        weight: z.number().check(z.gte(0), z.lte(1)),
        detail: z.string().check(z.maxLength(MATCH_REASON_MAX_LENGTH)),
      }),
    )
    .check(z.minLength(1), z.maxLength(10)),
});

/** A reply that cannot be used, and why. */
class InvalidReply extends Error {}

/** The JSON object in a reply, with or without a code fence around it. */
export function readJson(raw: string): unknown {
  const start = raw.indexOf('{');
  const end = raw.lastIndexOf('}');
  if (start < 0 || end < start) throw new InvalidReply('the reply has no JSON object');
  try {
    return JSON.parse(raw.slice(start, end + 1));
  } catch (error) {
    throw new InvalidReply(`the reply's JSON could not be read (${(error as Error).message})`);
  }
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

export function checkScore(json: unknown): ProspectScore {
  const parsed = scoreReply.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidReply(`the score is not of the schema (${issue?.path.join('.')}: ${issue?.message})`);
  }
  const aiScore = Math.round(parsed.data.aiScore);
  return {
    aiScore,
    matchQuality: matchQualityOf(aiScore),
    matchReason: collapse(parsed.data.matchReason),
    relevanceFactors: parsed.data.relevanceFactors.map((f) => ({
      factor: collapse(f.factor),
      weight: Math.round(f.weight * 1000) / 1000,
      detail: collapse(f.detail),
    })),
  };
}

/** Quotes a model may wrap its whole text in. */
const WRAPPED = /^["“'](.*)["”']$/s;

/**
 * The text of a reply, if it may be sent: of the form `limits` allows (textProblem) and, when `content`
 * is given, saying nothing the content rules refuse (contentProblem); else InvalidReply says why.
 */
export function checkText(
  json: unknown,
  limits: { maxLength: number; maxSentences?: number },
  content?: ContentRules,
): AiText {
  const parsed = textReply.safeParse(json);
  if (!parsed.success) throw new InvalidReply('the reply is not {"text": "..."}');
  let text = parsed.data.text
    .trim()
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
  text = (WRAPPED.exec(text)?.[1] ?? text).trim();
  const problem = textProblem(text, limits) ?? (content && contentProblem(text, content));
  if (problem) throw new InvalidReply(problem);
  return { text };
}

// --- The port ------------------------------------------------------------------------------------

export function llmOutreach(ask: LlmJson, options: LlmOutreachOptions = {}): ProspectAi {
  const timeoutMs = options.timeoutMs ?? OUTREACH_TIMEOUT_MS;
  const onFallback =
    options.onFallback ??
    ((task: OutreachTask, reason: string) =>
      logger.warn('AI reply not used: the local adapter wrote it', { task, reason }));

  /** The model's JSON, within the time allowed; throws when there is none. */
  async function answer(prompt: JsonPrompt): Promise<unknown> {
    const controller = new AbortController();
    const timedOut = new Promise<never>((_, reject) => {
      controller.signal.addEventListener(
        'abort',
        () => reject(providerError(`no answer within ${timeoutMs} ms`)),
        { once: true },
      );
    });
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const asked = ask(prompt, controller.signal);
    // Whichever loses the race may still settle: its outcome is not wanted.
    asked.catch(() => {});
    timedOut.catch(() => {});
    try {
      return readJson(await Promise.race([asked, timedOut]));
    } finally {
      clearTimeout(timer);
    }
  }

  async function attempt<T>(
    task: OutreachTask,
    prompt: JsonPrompt,
    check: (json: unknown) => T,
    local: () => Promise<T>,
  ): Promise<T> {
    try {
      return check(await answer(prompt));
    } catch (error) {
      const reason =
        error instanceof InvalidReply
          ? error.message
          : providerError(error).message.replace(/^AI provider failed: /, 'the provider failed: ');
      onFallback(task, reason);
      return local();
    }
  }

  return {
    scoreProspect: (request) =>
      attempt('score', scorePrompt(request), checkScore, () => localProspectAi.scoreProspect(request)),
    writeConnectionNote: (request) =>
      attempt(
        'note',
        notePrompt(request),
        (json) =>
          checkText(
            json,
            { maxLength: Math.floor(request.maxLength) },
            outreachContent(request.prospect, request.messaging),
          ),
        () => localProspectAi.writeConnectionNote(request),
      ),
    writeComment: (request) =>
      attempt(
        'comment',
        commentPrompt(request),
        (json) =>
          checkText(
            json,
            { maxLength: COMMENT_MAX_LENGTH, maxSentences: COMMENT_MAX_SENTENCES },
            outreachContent(request.prospect, request.messaging, request.post),
          ),
        () => localProspectAi.writeComment(request),
      ),
    writeMessage: (request) =>
      attempt(
        'message',
        messagePrompt(request),
        (json) =>
          checkText(
            json,
            { maxLength: MESSAGE_MAX_LENGTH },
            outreachContent(request.prospect, request.messaging),
          ),
        () => localProspectAi.writeMessage(request),
      ),
  };
}
