/**
 * Structured JSON logs, one line per event, carrying the request id so one request can be followed
 * across lines in CloudWatch or the local console. Values under secret-looking keys are masked so a
 * cookie or token never reaches a log line by accident.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PLATFORMS, sessionCookieNames } from '../../shared/platforms';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
type Fields = Record<string, unknown>;

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
const SECRET_KEY = /pass(word)?|secret|token|cookie|authorization|li_at|jsessionid|api[-_]?key/i;
/** Every platform session cookie by its exact name (cookie names are case-sensitive: 'sessionId' is not one). */
const SESSION_COOKIES: ReadonlySet<string> = new Set(PLATFORMS.flatMap(sessionCookieNames));
const isSecretKey = (key: string) => SECRET_KEY.test(key) || SESSION_COOKIES.has(key);
const MAX_DEPTH = 6;

export interface Logger {
  debug(message: string, fields?: Fields): void;
  info(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  error(message: string, fields?: Fields): void;
  child(fields: Fields): Logger;
}

export type LogSink = (line: string) => void;

/**
 * The fields of the request being handled (request id, route), added to every line logged while it
 * runs, by any logger: services built once per cold start log through the root logger and still say
 * which request they served. The handler wrappers set them (`setRequestLogFields`) as a request starts;
 * each request is its own async chain, so concurrent requests in one process keep their own fields.
 */
const requestFields = new AsyncLocalStorage<Fields>();

/**
 * From here to the end of the current async chain, every log line carries `fields`. For a middleware's
 * `before` step, where the handler's body cannot be wrapped: it also reaches whatever called the
 * handler and continues after it (AsyncLocalStorage's enterWith), so whoever invokes handlers in one
 * process runs each in `inOwnLogScope`. Elsewhere, `withRequestLogFields`.
 */
export function setRequestLogFields(fields: Fields): void {
  requestFields.enterWith(fields);
}

/** Runs `work` with `fields` on every line it logs, in its async chain only (issue 35 point 4). */
export function withRequestLogFields<T>(fields: Fields, work: () => T): T {
  return requestFields.run(fields, work);
}

/**
 * Runs an invocation in a log scope of its own, without request fields: fields it sets (even with
 * setRequestLogFields) stay with its own lines and never reach its caller or later background work.
 */
export function inOwnLogScope<T>(work: () => T): T {
  return requestFields.run({}, work);
}

// Deeper than MAX_DEPTH is cut rather than copied, so a secret cannot slip through below the limit,
// and a value met again on its own path is cut too, so a circular object cannot throw in a log call.
function redact(value: unknown, depth = 0, path: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[truncated]';
  if (path.has(value)) return '[circular]';
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  path.add(value);
  let out: unknown;
  if (Array.isArray(value)) out = value.map((v) => redact(v, depth + 1, path));
  else {
    const copy: Fields = {};
    for (const [k, v] of Object.entries(value)) {
      copy[k] = isSecretKey(k) ? '[redacted]' : redact(v, depth + 1, path);
    }
    out = copy;
  }
  path.delete(value);
  return out;
}

export function createLogger(base: Fields = {}, options: { level?: LogLevel; sink?: LogSink } = {}): Logger {
  const min =
    order[options.level ?? ((process.env.LOG_LEVEL as LogLevel | undefined) || 'info')] ?? order.info;
  const sink = options.sink ?? ((line: string) => process.stdout.write(`${line}\n`));
  const write = (level: Exclude<LogLevel, 'silent'>, message: string, fields?: Fields) => {
    if (order[level] < min) return;
    // The entry's own fields come last: a field named `level` or `message` cannot overwrite them.
    const entry = {
      ...(redact({ ...requestFields.getStore(), ...base, ...fields }) as Fields),
      level,
      time: new Date().toISOString(),
      message,
    };
    sink(JSON.stringify(entry));
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger({ ...base, ...fields }, options),
  };
}

export const logger = createLogger({ service: process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'trobly' });
