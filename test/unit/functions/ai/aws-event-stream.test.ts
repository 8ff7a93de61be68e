import { EventStreamCodec, Int64 } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/core/serde';
import { describe, expect, it } from 'vitest';
import {
  decodeMessage,
  EventStreamError,
  eventStreamMessages,
} from '../../../../functions/ai/aws-event-stream';

// The SDK's own codec writes the frames, so the reader is checked against the real encoder.
const codec = new EventStreamCodec(toUtf8, fromUtf8);
const str = (value: string) => ({ type: 'string' as const, value });

const frame = (eventType: string, payload: object) =>
  codec.encode({
    headers: {
      ':message-type': str('event'),
      ':event-type': str(eventType),
      ':content-type': str('application/json'),
    },
    body: fromUtf8(JSON.stringify(payload)),
  });

async function* chunksOf(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function readAll(chunks: AsyncIterable<Uint8Array>) {
  const out = [];
  for await (const message of eventStreamMessages(chunks)) {
    out.push({
      type: message.headers[':event-type'],
      payload: JSON.parse(Buffer.from(message.body).toString('utf8')) as unknown,
    });
  }
  return out;
}

describe('eventStreamMessages', () => {
  const frames = [
    frame('messageStart', { role: 'assistant' }),
    frame('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Héllo ✓' } }),
    frame('messageStop', { stopReason: 'end_turn' }),
  ];
  const stream = Buffer.concat(frames);
  const expected = [
    { type: 'messageStart', payload: { role: 'assistant' } },
    { type: 'contentBlockDelta', payload: { contentBlockIndex: 0, delta: { text: 'Héllo ✓' } } },
    { type: 'messageStop', payload: { stopReason: 'end_turn' } },
  ];

  it.each([1, 7, 13, 64, stream.length])(
    'reads the messages whatever the chunk size (%i bytes)',
    async (size) => {
      expect(await readAll(chunksOf(stream, size))).toEqual(expected);
    },
  );

  it('refuses a stream that ends inside a message', async () => {
    await expect(readAll(chunksOf(stream.subarray(0, stream.length - 5), 16))).rejects.toThrow(
      EventStreamError,
    );
  });

  it('refuses a message whose checksum does not match', async () => {
    const corrupt = Buffer.from(frames[1]!);
    corrupt[corrupt.length - 8]! ^= 0xff;
    await expect(readAll(chunksOf(corrupt, 32))).rejects.toThrow('the message checksum does not match');
    const prelude = Buffer.from(frames[1]!);
    prelude[4]! ^= 0x01;
    await expect(readAll(chunksOf(prelude, 32))).rejects.toThrow(EventStreamError);
  });

  it('reads every header type as the SDK writes it', () => {
    const bytes = codec.encode({
      headers: {
        yes: { type: 'boolean', value: true },
        no: { type: 'boolean', value: false },
        byte: { type: 'byte', value: -3 },
        short: { type: 'short', value: 1234 },
        integer: { type: 'integer', value: -70000 },
        long: { type: 'long', value: Int64.fromNumber(2 ** 40) },
        binary: { type: 'binary', value: new Uint8Array([1, 2, 3]) },
        string: str('text'),
        timestamp: { type: 'timestamp', value: new Date(1_700_000_000_000) },
        uuid: { type: 'uuid', value: '00010203-0405-0607-0809-0a0b0c0d0e0f' },
      },
      body: new Uint8Array(0),
    });
    const { headers, body } = decodeMessage(Buffer.from(bytes));
    expect(headers).toEqual({
      yes: true,
      no: false,
      byte: -3,
      short: 1234,
      integer: -70000,
      long: 2n ** 40n,
      binary: new Uint8Array([1, 2, 3]),
      string: 'text',
      timestamp: 1_700_000_000_000,
      uuid: new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]),
    });
    expect(body).toHaveLength(0);
  });
});
