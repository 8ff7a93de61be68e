import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { hashPassword, verifyPassword } from '../../functions/auth/password';
import type { LoadFigure } from './http-load';

const run = promisify(execFile);

/** The cost of one scrypt hash and verify at the production parameters, medians of `runs`. */
export async function measureHashing(runs = 5): Promise<{ hashMs: number; verifyMs: number }> {
  const hashTimes: number[] = [];
  const verifyTimes: number[] = [];
  let stored = '';
  for (let i = 0; i < runs; i++) {
    let started = performance.now();
    stored = await hashPassword(`Bench-Passw0rd-${i}`);
    hashTimes.push(performance.now() - started);
    started = performance.now();
    await verifyPassword(`Bench-Passw0rd-${i}`, stored);
    verifyTimes.push(performance.now() - started);
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  return { hashMs: median(hashTimes), verifyMs: median(verifyTimes) };
}

/** Signs up `connections` accounts, then signs them in from that many concurrent clients. */
export async function measureLogin(
  apiBase: string,
  connections: number,
  seconds: number,
): Promise<LoadFigure> {
  const stamp = Date.now().toString(36);
  const users = Array.from({ length: connections }, (_, i) => ({
    email: `bench-${stamp}-${i}@example.com`,
    password: `Bench-Passw0rd-${i}`,
  }));
  for (const [i, user] of users.entries()) {
    const res = await fetch(`${apiBase}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...user, username: `bench_${stamp}_${i}` }),
    });
    if (res.status !== 201)
      throw new Error(`Could not register a bench user: ${res.status} ${await res.text()}`);
  }
  const config = JSON.stringify({ url: `${apiBase}/auth/login`, users, connections, seconds });
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'login-load-child.ts'), config],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return {
    url: `${apiBase}/auth/login`,
    connections,
    seconds,
    ...(JSON.parse(stdout) as Omit<LoadFigure, 'url' | 'connections' | 'seconds'>),
  };
}
