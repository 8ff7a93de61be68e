import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in `lib/`); CDK paths are resolved from here, not from the cwd. */
export const repoRoot: string = join(dirname(fileURLToPath(import.meta.url)), '..');

export const fromRoot = (...parts: string[]): string => join(repoRoot, ...parts);

/** `functions/<handler>.handler.ts`, as the route table names it. */
export const httpHandlerEntry = (handler: string): string => fromRoot('functions', `${handler}.handler.ts`);

/** `functions/<consumer>.worker.ts`, as queues.ts names a queue's consumer. */
export const workerEntry = (consumer: string): string => fromRoot('functions', `${consumer}.worker.ts`);

export function requireFile(path: string, what: string): string {
  if (!existsSync(path)) throw new Error(`${what}: ${path} does not exist`);
  return path;
}
