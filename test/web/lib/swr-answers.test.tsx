import { screen, waitFor } from '@testing-library/react';
import { type ReactNode, useEffect, useState } from 'react';
import { mutate } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import type { Automation } from '../../../shared/automations';
import { AppProviders } from '../../../web/src/app/providers';
import {
  AUTOMATIONS_KEY,
  type AutomationListResponse,
  useAutomations,
} from '../../../web/src/lib/automations';
import { awaitingAnswer, prefetchAnswer } from '../../../web/src/lib/swr-answers';
import { renderWithProviders } from '../render-app';
import { installFakeApi } from '../support/fake-api';

const LONG = { timeout: 5000 };
const listOf = (...names: string[]): AutomationListResponse => ({
  status: 'success',
  data: { automations: names.map((displayName, i) => ({ id: `a${i}`, displayName }) as Automation) },
});

/** Records what each render of a screen that lists the automations saw. */
function AutomationNames({
  seen,
  revalidate,
}: {
  seen: (string[] | undefined)[];
  revalidate?: (run: () => void) => void;
}) {
  const { automations, mutate } = useAutomations();
  const names = automations?.map((a) => a.displayName);
  seen.push(names);
  useEffect(() => {
    revalidate?.(() => void mutate());
  }, [revalidate, mutate]);
  return <p>{names ? names.join(', ') : 'loading'}</p>;
}

/** Records each render of a screen that shows a placeholder until the automations' first answer. */
function AutomationsOrPlaceholder({ seen }: { seen: string[] }) {
  const answer = useAutomations();
  const shown = awaitingAnswer(answer)
    ? 'waiting'
    : answer.error
      ? 'failed'
      : (answer.automations ?? []).map((a) => a.displayName).join(', ');
  seen.push(shown);
  return <p>{shown}</p>;
}

/** Mounts its screen a render after the app, as the router mounts a lazily loaded page. */
function Later({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  return shown ? children : null;
}

// SWR keeps a preloaded request until a hook's read takes it (a frame after a cached screen mounts):
// left behind, it would answer the next test's first read. A global mutate drops it.
afterEach(async () => {
  await mutate(AUTOMATIONS_KEY);
});

describe('the SWR answers a screen renders from', () => {
  it('draws a screen again for new data, not for the revalidation that found the same data', async () => {
    const api = installFakeApi();
    let answer = listOf('First run');
    let reads = 0;
    api.on('GET', AUTOMATIONS_KEY, () => {
      reads += 1;
      return { status: 200, body: answer };
    });
    const seen: (string[] | undefined)[] = [];
    let revalidate = () => {};
    renderWithProviders(<AutomationNames seen={seen} revalidate={(run) => (revalidate = run)} />);
    await screen.findByText('First run', {}, LONG);
    const drawnOnce = seen.length;

    revalidate();
    await waitFor(() => expect(reads).toBe(2), LONG);
    await new Promise((settle) => setTimeout(settle, 50));
    expect(seen.length).toBe(drawnOnce);

    answer = listOf('First run', 'Second run');
    revalidate();
    await screen.findByText('First run, Second run', {}, LONG);
    expect(seen.length).toBeGreaterThan(drawnOnce);
  });

  it("has a prefetched answer in a screen's first render when it arrived before the screen", async () => {
    const api = installFakeApi();
    api.on('GET', AUTOMATIONS_KEY, () => ({ status: 200, body: listOf('Prefetched') }));
    await prefetchAnswer(AUTOMATIONS_KEY, async () => listOf('Prefetched'));
    const seen: (string[] | undefined)[] = [];
    renderWithProviders(
      <Later>
        <AutomationNames seen={seen} />
      </Later>,
    );
    await screen.findByText('Prefetched', {}, LONG);
    expect(seen[0]).toEqual(['Prefetched']);
  });

  it('has no answer in the first render without a prefetch, and draws the answer when it comes', async () => {
    const api = installFakeApi();
    api.on('GET', AUTOMATIONS_KEY, () => ({ status: 200, body: listOf('Fetched') }));
    const seen: (string[] | undefined)[] = [];
    renderWithProviders(
      <Later>
        <AutomationNames seen={seen} />
      </Later>,
    );
    await screen.findByText('Fetched', {}, LONG);
    expect(seen[0]).toBeUndefined();
  });

  it('has a prefetched answer that arrives after the app started in the first render of a later screen', async () => {
    installFakeApi();
    let answer: (list: AutomationListResponse) => void = () => {};
    const prefetched = prefetchAnswer(AUTOMATIONS_KEY, () => new Promise((resolve) => (answer = resolve)));
    const seen: (string[] | undefined)[] = [];
    // The app starts (its providers subscribe), the answer comes, then the page mounts in the same app.
    const { rerender } = renderWithProviders(<p>starting</p>);
    answer(listOf('Arrived later'));
    await prefetched;
    rerender(
      <AppProviders env="test">
        <AutomationNames seen={seen} />
      </AppProviders>,
    );
    await screen.findByText('Arrived later', {}, LONG);
    expect(seen[0]).toEqual(['Arrived later']);
  });

  it('leaves what a screen already read when an older prefetched answer arrives', async () => {
    const api = installFakeApi();
    api.on('GET', AUTOMATIONS_KEY, () => ({ status: 200, body: listOf('Read by the screen') }));
    const seen: (string[] | undefined)[] = [];
    renderWithProviders(<AutomationNames seen={seen} />);
    await screen.findByText('Read by the screen', {}, LONG);
    await prefetchAnswer(AUTOMATIONS_KEY, async () => listOf('Older'));
    await new Promise((settle) => setTimeout(settle, 50));
    expect(screen.getByText('Read by the screen')).toBeTruthy();
    expect(seen.at(-1)).toEqual(['Read by the screen']);
  });

  it('shows a prefetched answer at once and is not drawn again by the revalidation SWR starts on mount', async () => {
    const api = installFakeApi();
    api.on('GET', AUTOMATIONS_KEY, () => ({ status: 200, body: listOf('Prefetched') }));
    await prefetchAnswer(AUTOMATIONS_KEY);
    const seen: string[] = [];
    renderWithProviders(
      <Later>
        <AutomationsOrPlaceholder seen={seen} />
      </Later>,
    );
    await screen.findByText('Prefetched', {}, LONG);
    const drawn = seen.length;
    // The revalidation runs a frame after the mount and finds the same answer.
    await new Promise((settle) => setTimeout(settle, 200));
    expect(seen[0]).toBe('Prefetched');
    expect(seen.length).toBe(drawn);
  });

  it('waits for the first answer and stops waiting when the call fails', async () => {
    const api = installFakeApi();
    let fail: () => void = () => {};
    api.on(
      'GET',
      AUTOMATIONS_KEY,
      () =>
        new Promise(
          (settle) => (fail = () => settle({ status: 500, body: { code: 'INTERNAL', message: 'Down' } })),
        ),
    );
    const seen: string[] = [];
    renderWithProviders(<AutomationsOrPlaceholder seen={seen} />);
    await screen.findByText('waiting', {}, LONG);
    fail();
    await screen.findByText('failed', {}, LONG);
    expect(seen[0]).toBe('waiting');
  });
});
