import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { hashPassword, verifyPassword } from '../../functions/auth/password';
import { createUser } from '../../functions/auth/user-repository';
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

/**
 * A verified FREE account written straight to the table of the local cloud this process runs: signing
 * up through the API would meet the sign-up limit per client and wait for the e-mail round trip.
 */
export async function createBenchUser(email: string, username: string, password: string): Promise<void> {
  const at = new Date().toISOString();
  await createUser({
    id: randomUUID(),
    email,
    username,
    plan: 'FREE',
    trialEndsAt: null,
    emailVerified: true,
    createdAt: at,
    passwordHash: await hashPassword(password),
    passwordChangedAt: at,
  });
}

/**
 * Writes `connections` accounts to the table of the local cloud this process runs (signing them up
 * through the API would meet the sign-up limit per client), then signs them in from that many
 * concurrent clients.
 */
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
  for (const [i, user] of users.entries())
    await createBenchUser(user.email, `bench_${stamp}_${i}`, user.password);
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
