import { env } from '../env';
import { perFunction } from '../local-runtime';

/**
 * The AWS SDK clients are built once per process, one file per client so a function's bundle holds
 * only the clients it uses. On the local cloud the same clients point at the local services with
 * fixed fake credentials, so the code path is the one that runs in AWS.
 */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

export function clientConfig(localEndpoint?: string) {
  const e = env();
  if (e.APP_RUNTIME !== 'local') return { region: e.AWS_REGION };
  return {
    region: e.AWS_REGION,
    credentials: LOCAL_CREDENTIALS,
    ...(localEndpoint ? { endpoint: localEndpoint } : {}),
  };
}

/**
 * A per-process singleton (per function on the local cloud, see local-runtime.ts) that tests and the local
 * cloud can forget when they switch environments.
 */
const resets: Array<() => void> = [];
export function singleton<T>(create: () => T): () => T {
  const value = perFunction(create);
  resets.push(value.reset);
  return value.get;
}
export function resetClients(): void {
  for (const reset of resets) reset();
}
