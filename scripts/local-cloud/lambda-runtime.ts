import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { inOwnLogScope } from '../../functions/core/logger';
import { outsideEnvScope } from './function-runtime/env-scope';
import { runAs, stackFunction } from './function-runtime/runtime';

/**
 * What the Lambda runtime gives a handler, for handlers run in-process by the local gateways:
 * a context object, the module loader, and the `awslambda` global that response streaming uses
 * (streamifyResponse marks a handler; HttpResponseStream.from writes the status line and headers).
 */
export const repoRoot = resolve(import.meta.dirname, '..', '..');

/**
 * `ending`, once aborted, makes the invocation's remaining time 0: the local cloud stopping tells a running
 * job to checkpoint and hand over now (as it does when a Lambda's time runs short), instead of being cut off.
 */
export function lambdaContext(functionName: string, timeoutMs = 30_000, ending?: AbortSignal): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => (ending?.aborted ? 0 : Math.max(0, deadline - Date.now())),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

const STREAMING = Symbol.for('aws.lambda.runtime.handler.streaming');

/** The response stream a streaming handler writes to; `from` attaches the status and headers. */
export interface ResponseStreamMetadata {
  statusCode?: number;
  headers?: Record<string, string>;
  cookies?: string[];
}
export type MetadataSink = (metadata: ResponseStreamMetadata) => void;
const sinks = new WeakMap<Writable, MetadataSink>();

export function createResponseStream(target: Writable, onMetadata: MetadataSink): Writable {
  sinks.set(target, onMetadata);
  return target;
}

export function installLambdaGlobals(): void {
  // The AWS SDK may have created `awslambda` already (for its invoke store): extend it, do not replace it.
  const g = globalThis as unknown as { awslambda?: Record<string, unknown> };
  g.awslambda ??= {};
  if (typeof g.awslambda.streamifyResponse === 'function') return;
  Object.assign(g.awslambda, {
    streamifyResponse: <F extends (...args: never[]) => unknown>(fn: F): F => {
      (fn as unknown as Record<symbol, boolean>)[STREAMING] = true;
      return fn;
    },
    HttpResponseStream: {
      from: (stream: Writable, metadata: ResponseStreamMetadata): Writable => {
        sinks.get(stream)?.(metadata);
        return stream;
      },
    },
  });
}

export function isStreamingHandler(fn: unknown): boolean {
  return typeof fn === 'function' && (fn as unknown as Record<symbol, boolean>)[STREAMING] === true;
}

/**
 * Loads `functions/<name><suffix>` once and returns its `handler`, which runs each invocation as the
 * function of the synthesized stacks that runs that file: with its environment and its role, nothing more
 * (function-runtime/runtime.ts). A `localOnly` route's handler has no function in the stacks: it stands in
 * for a service outside the app (the payment page, a platform's sign-in) and runs as the local cloud.
 */
const loaded = new Map<string, Promise<unknown>>();
export function loadHandler(
  name: string,
  suffix: '.handler.ts' | '.worker.ts' | '.task.ts' | '.stream.ts' = '.handler.ts',
  options: { localOnly?: boolean; runsAs?: string } = {},
): Promise<unknown> {
  const file = resolve(repoRoot, `functions/${name}${suffix}`);
  // A local-only row runs as the function it stands in for, if it names one, else outside any function.
  const entry = options.runsAs ? `functions/${options.runsAs}.handler.ts` : `functions/${name}${suffix}`;
  const key = `${file}${options.localOnly ? ` (local only, as ${options.runsAs ?? 'the local cloud'})` : ''}`;
  let found = loaded.get(key);
  if (!found) {
    installLambdaGlobals();
    // Loaded outside any invocation: modules are shared by the functions of this process.
    found = outsideEnvScope(() => import(pathToFileURL(file).href)).then((mod: { handler?: unknown }) => {
      if (typeof mod.handler !== 'function') throw new Error(`${file} does not export a handler function`);
      return options.localOnly && !options.runsAs
        ? inOwnScope(mod.handler as Handler)
        : asStackFunction(entry, mod.handler as Handler);
    });
    // A failed import must not be cached: the next request retries after the developer's fix.
    found.catch(() => loaded.delete(key));
    loaded.set(key, found);
  }
  return found;
}

type Handler = (...args: unknown[]) => unknown;

/** A handler whose invocations log each in a scope of their own (asStackFunction); a streaming one stays marked. */
function inOwnScope(handler: Handler): Handler {
  const invoke = (...args: unknown[]) => inOwnLogScope(() => handler(...args));
  if (isStreamingHandler(handler)) (invoke as unknown as Record<symbol, boolean>)[STREAMING] = true;
  return invoke;
}

/**
 * The handler, run as the stacks' function of `entry`; a streaming handler stays marked as one. Its
 * context is the function's: name, memory, and the time left within the template's timeout.
 */
export function asStackFunction(entry: string, handler: Handler): Handler {
  const invoke = async (...args: unknown[]) => {
    const fn = await stackFunction(entry);
    const started = Date.now();
    const withContext = args.map((arg) => {
      const given = arg as Partial<Context> | null;
      if (typeof given?.getRemainingTimeInMillis !== 'function') return arg;
      const remaining = given.getRemainingTimeInMillis.bind(given);
      return {
        ...given,
        functionName: fn.name,
        memoryLimitInMB: String(fn.memoryMb),
        invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${fn.name}`,
        logGroupName: `/aws/lambda/${fn.name}`,
        getRemainingTimeInMillis: () =>
          Math.max(0, Math.min(remaining(), started + fn.timeoutSeconds * 1000 - Date.now())),
      };
    });
    // Each invocation logs in a scope of its own: the request fields a handler sets never reach the
    // invoker (a gateway, a poller) nor work it starts later, as separate Lambda invocations never share them.
    return inOwnLogScope(() => runAs(fn, () => handler(...withContext)));
  };
  if (isStreamingHandler(handler)) (invoke as unknown as Record<symbol, boolean>)[STREAMING] = true;
  return invoke;
}
