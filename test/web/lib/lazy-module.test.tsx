import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyModule, useLazyModule } from '../../../web/src/lib/lazy-module';

/** An import the test settles: each call is one request for the module. */
function controlledImport<M>() {
  const requests: Array<{ resolve: (module: M) => void; reject: (error: Error) => void }> = [];
  const importModule = () =>
    new Promise<M>((resolve, reject) => {
      requests.push({ resolve, reject });
    });
  return { requests, importModule };
}

describe('a module loaded when first needed', () => {
  it('is asked for once however often it is loaded, and drawn by its users when it arrives', async () => {
    const { requests, importModule } = controlledImport<{ name: string }>();
    const lazy = lazyModule(importModule);
    const { result } = renderHook(() => useLazyModule(lazy));
    expect(result.current).toBeUndefined();

    const first = lazy.load();
    const second = lazy.load();
    expect(requests).toHaveLength(1);
    await act(async () => {
      requests[0]!.resolve({ name: 'pickers' });
      await first;
    });
    expect(await second).toEqual({ name: 'pickers' });
    expect(result.current).toEqual({ name: 'pickers' });
    expect(lazy.current()).toBe(result.current);
    // Loaded, it is given at once, with no new request.
    expect(await lazy.load()).toBe(result.current);
    expect(requests).toHaveLength(1);
  });

  it('resolves a failed load to undefined and asks again on the next load', async () => {
    const { requests, importModule } = controlledImport<{ name: string }>();
    const lazy = lazyModule(importModule);
    const failed = lazy.load();
    requests[0]!.reject(new Error('Failed to fetch dynamically imported module'));
    expect(await failed).toBeUndefined();
    expect(lazy.current()).toBeUndefined();

    const retried = lazy.load();
    expect(requests).toHaveLength(2);
    requests[1]!.resolve({ name: 'steps' });
    expect(await retried).toEqual({ name: 'steps' });
    expect(lazy.current()).toEqual({ name: 'steps' });
  });
});
