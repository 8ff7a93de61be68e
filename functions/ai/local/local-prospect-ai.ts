import type { ProspectAi } from '../../core/ports/ai';
import { writeComment, writeConnectionNote, writeMessage } from './outreach-writer';
import { scoreProspect } from './prospect-scorer';

/**
 * The flows' AI with no network and no model: prospects scored by a fixed scheme (prospect-scorer.ts),
 * outreach written from sentence patterns filled with the prospect's data (outreach-writer.ts). The model
 * adapters (bedrock-prospect-ai.ts, openai-prospect-ai.ts) fall back to it.
 */
export const localProspectAi: ProspectAi = {
  scoreProspect: async (request) => scoreProspect(request),
  writeConnectionNote: async (request) => writeConnectionNote(request),
  writeComment: async (request) => writeComment(request),
  writeMessage: async (request) => writeMessage(request),
};
