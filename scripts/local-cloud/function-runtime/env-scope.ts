import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * `process.env` as each function sees it. The local cloud runs many functions in one process; an
 * invocation runs in a scope (AsyncLocalStorage, which follows its promises and timers), and inside it
 * `process.env` is that function's environment and nothing else: reads, writes, `in`, and the keys a
 * child process inherits. Outside any scope (the local cloud's own code, test code) it is the process's.
 */
export interface EnvScope {
  readonly env: Record<string, string>;
}

/**
 * Kept on globalThis: a test runner may load this module again in the same process (one copy per test
 * file), and every copy must share the one scope store and the one real environment.
 */
interface Shared {
  scopes: AsyncLocalStorage<EnvScope>;
  processEnv: NodeJS.ProcessEnv;
  installed: boolean;
}
const SHARED = Symbol.for('trobly.env-scope');
const global_ = globalThis as { [SHARED]?: Shared };
global_[SHARED] ??= { scopes: new AsyncLocalStorage<EnvScope>(), processEnv: process.env, installed: false };
const shared: Shared = global_[SHARED];
const { scopes, processEnv } = shared;

/** The process's own environment, whichever scope asks: the local cloud's settings. */
export function outerEnv(): NodeJS.ProcessEnv {
  return processEnv;
}

export function currentEnvScope(): EnvScope | undefined {
  return scopes.getStore();
}

export function runInEnvScope<T>(scope: EnvScope, work: () => T): T {
  installScopedEnv();
  return scopes.run(scope, work);
}

export function outsideEnvScope<T>(work: () => T): T {
  return scopes.exit(work);
}

function installScopedEnv(): void {
  if (shared.installed) return;
  shared.installed = true;
  const scoped = (key: string | symbol) => (typeof key === 'string' ? scopes.getStore()?.env : undefined);
  process.env = new Proxy(processEnv, {
    get: (target, key) => {
      const env = scoped(key);
      return env ? env[key as string] : Reflect.get(target, key);
    },
    set: (target, key, value) => {
      const env = scoped(key);
      if (!env) return Reflect.set(target, key, String(value));
      env[key as string] = String(value);
      return true;
    },
    has: (target, key) => {
      const env = scoped(key);
      return env ? Object.hasOwn(env, key) : Reflect.has(target, key);
    },
    deleteProperty: (target, key) => {
      const env = scoped(key);
      if (!env) return Reflect.deleteProperty(target, key);
      delete env[key as string];
      return true;
    },
    ownKeys: (target) => {
      const env = scopes.getStore()?.env;
      return env ? Reflect.ownKeys(env) : Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor: (target, key) => {
      const env = scoped(key);
      if (!env) return Reflect.getOwnPropertyDescriptor(target, key);
      return Object.hasOwn(env, key)
        ? { value: env[key as string], writable: true, enumerable: true, configurable: true }
        : undefined;
    },
  });
}
