import { notificationsStore } from '@mantine/notifications';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLazyPanel } from '../../../web/src/features/leads/ai/use-lazy-panel';
import { LEADS_TEXTS } from '../../../web/src/features/leads/leads-texts';

type Props = { opened: boolean };
const Panel: ComponentType<Props> = () => null;

/** A loader the test settles by hand, counting its calls. */
function deferredLoader() {
  const calls: { resolve: (panel: ComponentType<Props>) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<ComponentType<Props>>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { load, calls };
}

beforeEach(() =>
  notificationsStore.setState({ notifications: [], queue: [], defaultPosition: 'bottom-right', limit: 5 }),
);

describe('a side panel whose code loads when first opened', () => {
  it('loads nothing until opened, is busy while loading, and is mounted closed before it opens', async () => {
    const loader = deferredLoader();
    const seen: { mounted: boolean; opened: boolean }[] = [];
    const { result } = renderHook(() => {
      const panel = useLazyPanel(loader.load);
      seen.push({ mounted: panel.Panel !== null, opened: panel.opened });
      return panel;
    });
    expect(loader.calls).toHaveLength(0);
    expect(result.current.Panel).toBeNull();

    act(() => result.current.open());
    expect(loader.calls).toHaveLength(1);
    expect(result.current.loading).toBe(true);
    expect(result.current.opened).toBe(false);

    await act(async () => loader.calls[0]!.resolve(Panel));
    await waitFor(() => expect(result.current.opened).toBe(true));
    expect(result.current.Panel).toBe(Panel);
    expect(result.current.loading).toBe(false);
    // Drawn once mounted and closed, then opened: what Mantine's focus return needs.
    const firstMounted = seen.findIndex((render) => render.mounted);
    expect(seen[firstMounted]).toEqual({ mounted: true, opened: false });

    act(() => result.current.close());
    expect(result.current.opened).toBe(false);
    act(() => result.current.open());
    expect(result.current.opened).toBe(true);
    expect(loader.calls).toHaveLength(1);
  });

  it('says so when the code does not arrive, and loads it again on the next press', async () => {
    const loader = deferredLoader();
    const { result } = renderHook(() => useLazyPanel(loader.load));
    act(() => result.current.open());
    await act(async () => loader.calls[0]!.reject(new Error('offline')));

    expect(result.current.loading).toBe(false);
    expect(result.current.Panel).toBeNull();
    expect(result.current.opened).toBe(false);
    const shown = notificationsStore.getState();
    expect([...shown.notifications, ...shown.queue].map((n) => n.message)).toEqual([
      LEADS_TEXTS.panelLoadFailed,
    ]);

    act(() => result.current.open());
    expect(loader.calls).toHaveLength(2);
    await act(async () => loader.calls[1]!.resolve(Panel));
    await waitFor(() => expect(result.current.opened).toBe(true));
  });
});
