/**
 * Structured JSON logs, one line per event, carrying the request id so one request can be followed
 * across lines in CloudWatch or the local console. Values under secret-looking keys are masked so a
 * cookie or token never reaches a log line by accident.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
type Fields = Record<string, unknown>;

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
const SECRET_KEY = /pass(word)?|secret|token|cookie|authorization|li_at|jsessionid|apikey/i;

export interface Logger {
  debug(message: string, fields?: Fields): void;
  info(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  error(message: string, fields?: Fields): void;
  child(fields: Fields): Logger;
}

export type LogSink = (line: string) => void;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Fields = {};
  for (const [k, v] of Object.entries(value))
    out[k] = SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

export function createLogger(base: Fields = {}, options: { level?: LogLevel; sink?: LogSink } = {}): Logger {
  const min =
    order[options.level ?? ((process.env.LOG_LEVEL as LogLevel | undefined) || 'info')] ?? order.info;
  const sink = options.sink ?? ((line: string) => process.stdout.write(`${line}\n`));
  const write = (level: Exclude<LogLevel, 'silent'>, message: string, fields?: Fields) => {
    if (order[level] < min) return;
    const entry = {
      level,
      time: new Date().toISOString(),
      message,
      ...(redact({ ...base, ...fields }) as Fields),
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
