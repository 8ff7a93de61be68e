import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { AiFilterStreamEvent } from '../../../../../shared/ai-filter';
import { postForStream } from '../../../lib/api-client';

export const AI_FILTER_PATH = '/leads/ai-filter';

export interface AiFilterRequest {
  query: string;
  automationId: string;
  leadIds?: string[];
}

/**
 * `POST /api/leads/ai-filter` read as server-sent events (DECISIONS 13) with the maintained
 * eventsource-parser: yields each `data:` event as it arrives. A refusal before the stream rejects
 * with the server's ApiError; a frame that is not JSON ends the stream with an error.
 */
export async function* streamAiFilter(
  request: AiFilterRequest,
  signal?: AbortSignal,
): AsyncGenerator<AiFilterStreamEvent> {
  const body = await postForStream(AI_FILTER_PATH, request, { signal });
  const ready: AiFilterStreamEvent[] = [];
  const parser = createParser({
    onEvent: (message: EventSourceMessage) => {
      ready.push(JSON.parse(message.data) as AiFilterStreamEvent);
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      while (ready.length > 0) yield ready.shift()!;
    }
    parser.feed(decoder.decode());
    while (ready.length > 0) yield ready.shift()!;
  } finally {
    reader.releaseLock();
  }
}
