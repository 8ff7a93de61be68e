import { crc32 } from 'node:zlib';

/**
 * Reads `application/vnd.amazon.eventstream`, the framing Bedrock streams its answers in, so the AI
 * adapter needs neither the SDK's Bedrock client nor its event-stream code (the Lambda bundles leave
 * that out: core/clients/no-event-streams.ts). Each message is:
 *
 *   total length (u32) | headers length (u32) | prelude CRC32 (u32) | headers | payload | message CRC32 (u32)
 *
 * all big-endian; each header is a name (u8 length, then bytes), a type byte and a value. Both CRCs are
 * checked, as the SDK's codec does, and a stream that ends inside a message is an error.
 */
export type HeaderValue = boolean | number | bigint | string | Uint8Array;

export interface EventStreamMessage {
  readonly headers: Readonly<Record<string, HeaderValue>>;
  readonly body: Uint8Array;
}

const PRELUDE = 12;
const CHECKSUM = 4;
/** The largest message the format allows (16 MiB), as in the SDK's codec. */
const MAX_MESSAGE = 16 * 1024 * 1024;

export class EventStreamError extends Error {
  constructor(message: string) {
    super(`event stream: ${message}`);
    this.name = 'EventStreamError';
  }
}

function readHeaders(bytes: Buffer): Record<string, HeaderValue> {
  const headers: Record<string, HeaderValue> = {};
  let at = 0;
  const need = (n: number) => {
    if (at + n > bytes.length) throw new EventStreamError('a header runs past its block');
  };
  while (at < bytes.length) {
    need(1);
    const nameLength = bytes.readUInt8(at);
    need(1 + nameLength + 1);
    const name = bytes.toString('utf8', at + 1, at + 1 + nameLength);
    const type = bytes.readUInt8(at + 1 + nameLength);
    at += 2 + nameLength;
    let value: HeaderValue;
    switch (type) {
      case 0:
      case 1:
        value = type === 0;
        break;
      case 2:
        need(1);
        value = bytes.readInt8(at);
        at += 1;
        break;
      case 3:
        need(2);
        value = bytes.readInt16BE(at);
        at += 2;
        break;
      case 4:
        need(4);
        value = bytes.readInt32BE(at);
        at += 4;
        break;
      case 5:
      case 8:
        // A long, or a timestamp in milliseconds since the epoch.
        need(8);
        value = type === 5 ? bytes.readBigInt64BE(at) : Number(bytes.readBigInt64BE(at));
        at += 8;
        break;
      case 6:
      case 7: {
        need(2);
        const length = bytes.readUInt16BE(at);
        need(2 + length);
        const raw = bytes.subarray(at + 2, at + 2 + length);
        value = type === 7 ? raw.toString('utf8') : new Uint8Array(raw);
        at += 2 + length;
        break;
      }
      case 9:
        need(16);
        value = new Uint8Array(bytes.subarray(at, at + 16));
        at += 16;
        break;
      default:
        throw new EventStreamError(`unknown header type ${type}`);
    }
    headers[name] = value;
  }
  return headers;
}

/** One whole message (`message.length` is its total length). */
export function decodeMessage(message: Buffer): EventStreamMessage {
  const total = message.readUInt32BE(0);
  const headersLength = message.readUInt32BE(4);
  if (total !== message.length || total < PRELUDE + CHECKSUM + headersLength) {
    throw new EventStreamError('a message with an impossible length');
  }
  if (crc32(message.subarray(0, 8)) !== message.readUInt32BE(8)) {
    throw new EventStreamError('the prelude checksum does not match');
  }
  if (crc32(message.subarray(0, total - CHECKSUM)) !== message.readUInt32BE(total - CHECKSUM)) {
    throw new EventStreamError('the message checksum does not match');
  }
  return {
    headers: readHeaders(message.subarray(PRELUDE, PRELUDE + headersLength)),
    body: new Uint8Array(message.subarray(PRELUDE + headersLength, total - CHECKSUM)),
  };
}

/** The messages of a byte stream, whatever its chunks' boundaries. */
export async function* eventStreamMessages(
  chunks: AsyncIterable<Uint8Array>,
): AsyncGenerator<EventStreamMessage> {
  let pending = Buffer.alloc(0);
  for await (const chunk of chunks) {
    pending = pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([pending, chunk]);
    while (pending.length >= PRELUDE) {
      const total = pending.readUInt32BE(0);
      if (total < PRELUDE + CHECKSUM || total > MAX_MESSAGE) {
        throw new EventStreamError(`a message of ${total} bytes`);
      }
      if (pending.length < total) break;
      yield decodeMessage(pending.subarray(0, total));
      pending = pending.subarray(total);
    }
  }
  if (pending.length > 0) throw new EventStreamError('the stream ended inside a message');
}
