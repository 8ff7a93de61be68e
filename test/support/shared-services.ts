/**
 * What `npm test` starts once and hands every stage that needs it (scripts/test-stages.ts): the variables
 * name a running DynamoDB Local and Chromium. A vitest run started by hand has neither, and its global
 * setups start their own.
 */
export const SHARED_SERVICES = {
  dynamo: 'TEST_DYNAMODB_ENDPOINT',
  chromium: 'TEST_CHROMIUM_ENDPOINT',
} as const;

interface Held<T> {
  value: Promise<T>;
  users: number;
}

/**
 * A service that several projects' global setups need: vitest runs a global setup once per project that
 * lists it, each from its own copy of the module, before any test. The first starts the service and the
 * last to finish stops it; the entry is kept on globalThis, which the copies share.
 */
export async function holdShared<T>(
  name: string,
  start: () => Promise<T>,
  stop: (value: T) => Promise<void>,
): Promise<{ value: T; release(): Promise<void> }> {
  const key = Symbol.for(`trobly.test.${name}`);
  const registry = globalThis as { [key]?: Held<T> };
  registry[key] ??= { value: start(), users: 0 };
  const held = registry[key];
  held.users++;
  const value = await held.value;
  return {
    value,
    async release() {
      if (--held.users > 0) return;
      delete registry[key];
      await stop(value);
    },
  };
}
