import { hashPassword, verifyPassword } from '../../functions/auth/password';
import { type LoadFigure, measureLoad } from './http-load';

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

/** Signs up one account, then signs it in from `connections` concurrent clients. */
export async function measureLogin(
  apiBase: string,
  connections: number,
  seconds: number,
): Promise<LoadFigure> {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'Bench-Passw0rd-1';
  const res = await fetch(`${apiBase}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, username: `bench_${Date.now()}`, password }),
  });
  if (res.status !== 201)
    throw new Error(`Could not register the bench user: ${res.status} ${await res.text()}`);
  return measureLoad(`${apiBase}/auth/login`, connections, seconds, {
    method: 'POST',
    body: JSON.stringify({ email, password }),
    headers: { 'content-type': 'application/json' },
    // Twenty scrypt hashes at once queue on this machine's cores; a request may wait seconds, not fail.
    timeoutSeconds: 60,
  });
}
