import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../local-cloud/lambda-runtime';

/**
 * Latency of one endpoint under a fixed number of concurrent connections. autocannon runs in its own
 * process so the load generator does not share an event loop with the server it measures.
 */
export interface LoadFigure {
  url: string;
  connections: number;
  seconds: number;
  requests: number;
  non2xx: number;
  errors: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  rps: number;
}

const run = promisify(execFile);

export async function measureLoad(
  url: string,
  connections: number,
  seconds: number,
  init: {
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
    timeoutSeconds?: number;
  } = {},
): Promise<LoadFigure> {
  const args = [
    join(repoRoot, 'node_modules', 'autocannon', 'autocannon.js'),
    '-j',
    '-c',
    String(connections),
  ];
  args.push('-d', String(seconds), '-m', init.method ?? 'GET', '-t', String(init.timeoutSeconds ?? 10));
  if (init.body) args.push('-b', init.body);
  for (const [k, v] of Object.entries(init.headers ?? {})) args.push('-H', `${k}=${v}`);
  args.push(url);
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { total: number; average: number };
    latency: { p50: number; p90: number; p99: number; max: number };
    non2xx: number;
    errors: number;
  };
  return {
    url,
    connections,
    seconds,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: result.requests.average,
  };
}
