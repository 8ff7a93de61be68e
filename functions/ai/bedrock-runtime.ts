import { connect, constants, type IncomingHttpHeaders } from 'node:http2';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { eventStreamMessages } from './aws-event-stream';

/**
 * Bedrock's ConverseStream, the one runtime call the AI adapter makes, without the SDK's Bedrock client:
 * that client (its whole service model, the bearer-token and SSO providers, the event-stream
 * marshallers) was about 90 KB of the stream function's bundle. What the AI filter relies on is done as
 * the SDK does it, with the SDK's own signer and credential chain (in Lambda bundles, the env provider:
 * core/clients/lambda-credentials.ts):
 *  - `POST /model/{modelId}/converse-stream` on bedrock-runtime.{region}.{dns suffix} (or `endpoint`),
 *    over HTTP/2 on a session of its own, closed when the answer ends; the body is the Converse JSON;
 *  - SigV4 for the `bedrock` signing name, the `:authority`, content and x-amz headers signed;
 *  - an error status is an error named by `x-amzn-errortype` with the body's message;
 *  - the SDK's standard retries: 3 attempts for throttling (1 s base) and transient failures (50 ms
 *    base), with jittered exponential backoff, `retry-after` honoured, and the SDK's retry quota;
 *  - the answer is read as an event stream (aws-event-stream.ts): each event message becomes one
 *    member of ConverseStreamOutput (`{contentBlockDelta: {...}}`), an exception message is thrown as
 *    the error it names (`throttlingException` → ThrottlingException);
 *  - a `toolConfig` is sent as given (the flow outreach asks for its JSON as a tool's input, whose
 *    text arrives in `contentBlockDelta.delta.toolUse.input`);
 *  - an abort `signal` ends the call: the session is destroyed, a retry is not made, and the reader of
 *    an answer under way gets the error.
 * Not carried over, as a Lambda function never meets them: endpoint settings from env or config files
 * (AWS_ENDPOINT_URL_*, FIPS, dual-stack) and clock-skew correction.
 */
export interface ConverseStreamInput {
  readonly modelId: string;
  readonly system: readonly { text: string }[];
  readonly messages: readonly { role: 'user' | 'assistant'; content: readonly { text: string }[] }[];
  readonly inferenceConfig: { maxTokens: number; temperature: number };
  /** Tools the model may (or, with toolChoice, must) use; Converse's ToolConfiguration. */
  readonly toolConfig?: {
    readonly tools: readonly {
      toolSpec: { name: string; description: string; inputSchema: { json: Record<string, unknown> } };
    }[];
    readonly toolChoice?:
      | { tool: { name: string } }
      | { any: Record<string, never> }
      | { auto: Record<string, never> };
  };
}

/** The members of ConverseStreamOutput the adapter reads; one is set per event. */
export interface ConverseStreamEvent {
  messageStart?: { role?: string };
  contentBlockStart?: {
    contentBlockIndex?: number;
    start?: { toolUse?: { toolUseId?: string; name?: string } };
  };
  contentBlockDelta?: {
    contentBlockIndex?: number;
    /** `text` for text; `toolUse.input` for a piece of a tool's JSON input. */
    delta?: { text?: string; toolUse?: { input?: string } };
  };
  contentBlockStop?: { contentBlockIndex?: number };
  messageStop?: { stopReason?: string };
  metadata?: Record<string, unknown>;
}

export interface BedrockRuntimeOptions {
  readonly region: string;
  /** Tests and local fakes only. */
  readonly endpoint?: string;
}

export interface BedrockRuntime {
  converseStream(
    input: ConverseStreamInput,
    options?: { signal?: AbortSignal },
  ): Promise<AsyncIterable<ConverseStreamEvent>>;
}

/** An error Bedrock answered, named as the SDK names it. */
export class BedrockError extends Error {
  constructor(
    name: string,
    message: string,
    readonly $metadata: { httpStatusCode?: number } = {},
    readonly retryAfter?: string,
  ) {
    super(message);
    this.name = name;
  }
}

const MAX_ATTEMPTS = 3;
const MAX_DELAY_MS = 20_000;
/**
 * The SDK's retry classification, for the errors Bedrock answers: throttling is a 429 (ThrottlingException,
 * ModelNotReadyException) or a throttling error by name; transient is a 500/502/503/504
 * (InternalServerException, ServiceUnavailableException), a timeout, or a connection that failed.
 */
const THROTTLING_ERRORS = new Set(['ThrottlingException', 'TooManyRequestsException']);
const TRANSIENT_ERRORS = new Set([
  'ModelNotReadyException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);
const TRANSIENT_STATUS = new Set([500, 502, 503, 504]);
const NETWORK_CODES =
  /^(ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/;

type Failure = Error & { code?: string; $metadata?: { httpStatusCode?: number }; retryAfter?: string };

/** Transient, or caused by something transient (a refused connection cancels the pending stream). */
function isTransient(error: Failure, depth = 0): boolean {
  return (
    error.name !== 'AbortError' &&
    (TRANSIENT_ERRORS.has(error.name) ||
      TRANSIENT_STATUS.has(error.$metadata?.httpStatusCode ?? 0) ||
      NETWORK_CODES.test(error.code ?? '') ||
      (error.code === 'ERR_HTTP2_STREAM_ERROR' && error.message.includes('NGHTTP2_REFUSED_STREAM')) ||
      (error.cause instanceof Error && depth < 10 && isTransient(error.cause, depth + 1)))
  );
}

function retryKind(error: Failure): 'throttling' | 'transient' | undefined {
  if (error.$metadata?.httpStatusCode === 429 || THROTTLING_ERRORS.has(error.name)) return 'throttling';
  return isTransient(error) ? 'transient' : undefined;
}

/** Seconds (`retry-after: 3`) or an HTTP date, as a wait in ms. */
function retryAfterMs(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const ms = /^\d+(\.\d+)?$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) ? ms : undefined;
}

/** The SDK's retry quota: retries draw on it, successes refill it, so a failing service is not hammered. */
function retryQuota() {
  let capacity = 500;
  return {
    take(kind: 'throttling' | 'transient'): number | undefined {
      const cost = kind === 'throttling' ? 5 : 14;
      if (capacity < cost) return undefined;
      capacity -= cost;
      return cost;
    },
    refill(cost: number | undefined) {
      capacity = Math.min(500, capacity + (cost ?? 1));
    },
  };
}

/** Path labels are encoded as the SDK encodes them (a model id's ':' and an ARN's '/' included). */
const encodeLabel = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const dnsSuffix = (region: string) => (region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com');

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Readable;
}

/** The abort's reason as an error (AbortSignal.timeout's is a TimeoutError), else an AbortError. */
function abortError(signal: AbortSignal): Error {
  if (signal.reason instanceof Error) return signal.reason;
  const error = new Error('The operation was aborted');
  error.name = 'AbortError';
  return error;
}

/** One request on an HTTP/2 session of its own, closed once the answer has been read. */
function send(
  origin: URL,
  path: string,
  headers: Record<string, string>,
  body: string,
  signal?: AbortSignal,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const session = connect(origin);
    if (signal) {
      // Before the answer, the call fails; after it, the reader of the body gets the error.
      const abort = () => {
        reject(abortError(signal));
        session.destroy(abortError(signal), constants.NGHTTP2_CANCEL);
      };
      signal.addEventListener('abort', abort, { once: true });
      session.once('close', () => signal.removeEventListener('abort', abort));
    }
    // An error before the answer fails the attempt; one while the body is read reaches its reader.
    session.on('error', reject);
    const stream = session.request({ ...headers, ':method': 'POST', ':path': path });
    stream.on('error', reject);
    stream.on('close', () => {
      // As the SDK's HTTP/2 handler says it: a timeout (retried) when the session went down with it.
      const error = new Error('Unexpected error: http2 request did not get a response');
      if (session.destroyed) error.name = 'TimeoutError';
      reject(error);
    });
    stream.once('response', (answer) => {
      session.close();
      resolve({ status: Number(answer[':status']), headers: answer, body: stream });
    });
    stream.end(body);
  });
}

async function readAll(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** An error status as the SDK reports it: the error type's name (namespace and suffix cut) and message. */
async function errorOf(response: RawResponse): Promise<BedrockError> {
  const text = await readAll(response.body).catch(() => '');
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: the status names the failure.
  }
  const raw = header(response.headers, 'x-amzn-errortype') ?? parsed.__type ?? parsed.code ?? parsed.Code;
  const name =
    typeof raw === 'string' && raw ? (raw.split(/[,:]/)[0]!.split('#').pop() ?? raw) : 'UnknownError';
  const message = parsed.message ?? parsed.Message;
  return new BedrockError(
    name,
    typeof message === 'string' ? message : 'UnknownError',
    { httpStatusCode: response.status },
    header(response.headers, 'retry-after'),
  );
}

/** The answer's events; an exception or error message is thrown. */
async function* events(body: Readable): AsyncGenerator<ConverseStreamEvent> {
  for await (const { headers, body: bytes } of eventStreamMessages(body)) {
    const type = headers[':message-type'];
    if (type === 'error') {
      throw new BedrockError(String(headers[':error-code']), String(headers[':error-message'] ?? ''));
    }
    // Other message types carry nothing the answer needs.
    if (type !== 'event' && type !== 'exception') continue;
    const payload: unknown = bytes.length > 0 ? JSON.parse(Buffer.from(bytes).toString('utf8')) : {};
    if (type === 'event') {
      yield { [String(headers[':event-type'])]: payload } as ConverseStreamEvent;
      continue;
    }
    const name = String(headers[':exception-type']);
    const { message, Message } = payload as { message?: string; Message?: string };
    throw new BedrockError(
      name.charAt(0).toUpperCase() + name.slice(1),
      message ?? Message ?? 'UnknownError',
    );
  }
}

export function bedrockRuntime(options: BedrockRuntimeOptions): BedrockRuntime {
  const origin = new URL(
    options.endpoint ?? `https://bedrock-runtime.${options.region}.${dnsSuffix(options.region)}`,
  );
  const basePath = origin.pathname.replace(/\/+$/, '');
  const signer = new SignatureV4({
    service: 'bedrock',
    region: options.region,
    credentials: defaultProvider(),
    sha256: Sha256,
  });
  const quota = retryQuota();

  async function attempt(path: string, body: string, signal?: AbortSignal): Promise<RawResponse> {
    const signed = await signer.sign({
      method: 'POST',
      protocol: origin.protocol,
      hostname: origin.hostname,
      ...(origin.port ? { port: Number(origin.port) } : {}),
      path,
      query: {},
      headers: {
        ':authority': origin.host,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
      body,
    });
    const response = await send(origin, path, signed.headers, body, signal);
    if (response.status !== 200) throw await errorOf(response);
    return response;
  }

  return {
    async converseStream({ modelId, system, messages, inferenceConfig, toolConfig }, options = {}) {
      const { signal } = options;
      const path = `${basePath}/model/${encodeLabel(modelId)}/converse-stream`;
      const body = JSON.stringify({
        messages,
        system,
        inferenceConfig,
        ...(toolConfig ? { toolConfig } : {}),
      });
      let cost: number | undefined;
      for (let retries = 0; ; retries++) {
        try {
          const response = await attempt(path, body, signal);
          quota.refill(cost);
          return events(response.body);
        } catch (error) {
          const failure = error as Failure;
          // An aborted call is over: its error is not retried, whatever it is named.
          const kind = retries + 1 < MAX_ATTEMPTS && !signal?.aborted ? retryKind(failure) : undefined;
          cost = kind && quota.take(kind);
          if (!kind || cost === undefined) throw error;
          const base = kind === 'throttling' ? 1000 : 50;
          const delay = Math.floor(Math.random() * Math.min(base * 2 ** retries, MAX_DELAY_MS));
          const hint = retryAfterMs(failure.retryAfter);
          await sleep(
            hint === undefined ? delay : Math.max(delay, Math.min(hint, delay + 5000)),
            undefined,
            signal ? { signal } : {},
          );
        }
      }
    },
  };
}
