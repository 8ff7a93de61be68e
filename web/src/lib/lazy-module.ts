import { useSyncExternalStore } from 'react';

export interface LazyModule<M> {
  /** Asks for the module, once (again after a failed load, which resolves to undefined). */
  load: () => Promise<M | undefined>;
  /** The module once loaded; undefined until then. */
  current: () => M | undefined;
  subscribe: (listener: () => void) => () => void;
}

/**
 * A module a page loads when the user first needs it rather than with the page (issue 38 point 2).
 * Components read it with `useLazyModule`: they draw without it until it is in, and again when it
 * arrives. Loaded once per visit, it is there at once the next time a page needs it.
 */
export function lazyModule<M>(importModule: () => Promise<M>): LazyModule<M> {
  let loaded: M | undefined;
  let asked: Promise<M | undefined> | undefined;
  const listeners = new Set<() => void>();

  const load = (): Promise<M | undefined> => {
    asked ??= importModule().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      () => {
        asked = undefined;
        return undefined;
      },
    );
    return asked;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return { load, current: () => loaded, subscribe };
}

/** `lazy`'s module once it is in; undefined until then. */
export const useLazyModule = <M>(lazy: LazyModule<M>): M | undefined =>
  useSyncExternalStore(lazy.subscribe, lazy.current);
