import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Flow } from '../../../shared/flow-api';
import { FLOW_CATEGORY_LABELS, FLOW_TEXTS } from '../../../shared/flows';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';
import { allFlowTemplates, makeFlow, serveFlows, serveFlowTemplates } from './fake-flows';

const LONG = { timeout: 5000 };
const SLOW = 15000;

async function openFlows(api: FakeApi, path = '/flows') {
  signInAs(api, makeUser({ plan: 'PLUS' }));
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'AI Flows', level: 1 }, LONG);
  return { user, ...view };
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const templateCards = () => screen.queryAllByTestId('flow-template-card');
const flowCards = () => screen.queryAllByTestId('running-flow-card');
const cardNames = (cards: HTMLElement[]) => cards.map((card) => card.querySelector('h3')?.textContent);

describe('/flows, Available Flows', () => {
  it(
    'shows both tabs with their counts and each template card with its facts and links',
    async () => {
      const api = installFakeApi();
      const templates = allFlowTemplates();
      serveFlowTemplates(api, templates);
      serveFlows(api, [makeFlow(), makeFlow({ status: 'PAUSED' }), makeFlow({ status: 'COMPLETED' })]);
      await openFlows(api);

      await waitFor(() => expect(templateCards()).toHaveLength(templates.length), LONG);
      expect(tab(/Available Flows/).getAttribute('aria-selected')).toBe('true');
      expect(within(tab(/Available Flows/)).getByTestId('tab-count').textContent).toBe(
        String(templates.length),
      );
      // Stopped flows do not count as running (DECISIONS 24).
      await waitFor(() =>
        expect(within(tab(/Running Flows/)).getByTestId('tab-count').textContent).toBe('2'),
      );

      const first = templates[0]!;
      const card = within(templateCards()[0]!);
      expect(card.getByRole('heading', { name: first.displayName })).toBeTruthy();
      expect(card.getByTestId('platform-badge').textContent).toBe('LinkedIn');
      expect(card.getByTestId('flow-category').textContent).toBe(FLOW_CATEGORY_LABELS[first.category]);
      expect(card.getByTestId('flow-stages').textContent).toBe(`${first.stages.length} stages`);
      expect(card.getByTestId('flow-time').textContent).toContain(first.estimatedTime);
      expect(
        card.getByRole('link', { name: `Learn More about ${first.displayName}` }).getAttribute('href'),
      ).toBe(`/flows/template/${first.id}`);
      expect(card.getByRole('link', { name: `Start ${first.displayName}` }).getAttribute('href')).toBe(
        `/flows/setup/${first.id}`,
      );
    },
    SLOW,
  );

  it(
    'explains flows in the info popover',
    async () => {
      const api = installFakeApi();
      serveFlowTemplates(api);
      serveFlows(api, []);
      const { user } = await openFlows(api);

      await user.click(screen.getByRole('button', { name: 'About flows' }));
      const info = (await screen.findByTestId('flows-info')).textContent ?? '';
      expect(info).toMatch(/run on schedules/);
      expect(info).toMatch(/keeps its state across runs/);
      expect(info).toMatch(/up to 4 times daily/);
    },
    SLOW,
  );

  it(
    'searches by name, description or platform, and filters by platform',
    async () => {
      const api = installFakeApi();
      const templates = allFlowTemplates();
      const [a, b] = templates;
      // One template on X, so the platform search and filter have something to tell apart.
      const onX = { ...b!, platform: 'twitter' as const };
      serveFlowTemplates(api, [a!, onX, ...templates.slice(2)]);
      serveFlows(api, []);
      const { user } = await openFlows(api);
      await waitFor(() => expect(templateCards()).toHaveLength(templates.length), LONG);
      const search = screen.getByRole('textbox', { name: 'Search available flows' });

      await user.type(search, a!.displayName.slice(0, 12));
      expect(cardNames(templateCards())).toContain(a!.displayName);
      expect(cardNames(templateCards())).not.toContain(onX.displayName);

      await user.clear(search);
      // A phrase of the description only (not in the name).
      const phrase = onX.description.split(' ').slice(2, 6).join(' ');
      await user.type(search, phrase);
      expect(cardNames(templateCards())).toEqual([onX.displayName]);

      await user.clear(search);
      await user.type(search, 'twitter');
      expect(cardNames(templateCards())).toEqual([onX.displayName]);
      await user.clear(search);
      await user.type(search, 'no such flow');
      expect(templateCards()).toHaveLength(0);
      expect(screen.getByRole('heading', { name: 'No flow templates match your search' })).toBeTruthy();

      await user.clear(search);
      await user.click(screen.getByRole('radio', { name: 'Twitter/X' }));
      expect(cardNames(templateCards())).toEqual([onX.displayName]);
      await user.click(screen.getByRole('radio', { name: 'LinkedIn' }));
      expect(templateCards()).toHaveLength(templates.length - 1);
    },
    SLOW,
  );

  it(
    "reloads the templates on Refresh and says 'Templates refreshed'",
    async () => {
      const api = installFakeApi();
      const templates = allFlowTemplates();
      serveFlowTemplates(api, templates.slice(0, 2));
      serveFlows(api, []);
      const { user } = await openFlows(api);
      await waitFor(() => expect(templateCards()).toHaveLength(2), LONG);

      serveFlowTemplates(api, templates);
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(await screen.findByText(FLOW_TEXTS.toasts.templatesRefreshed, {}, LONG)).toBeTruthy();
      await waitFor(() => expect(templateCards()).toHaveLength(templates.length));
    },
    SLOW,
  );

  it(
    "shows loading, then 'Failed to load flow templates' with Retry",
    async () => {
      const api = installFakeApi();
      signInAs(api, makeUser({ plan: 'PLUS' }));
      serveFlows(api, []);
      const release = api.hold('GET', '/flows/templates');
      api.on('GET', '/flows/templates', { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Boom' } });
      const user = userEvent.setup();
      renderApp('/flows');
      expect(await screen.findByLabelText('Loading flow templates', {}, LONG)).toBeTruthy();
      release();

      expect(await screen.findByText(FLOW_TEXTS.errors.loadTemplates, {}, LONG)).toBeTruthy();
      serveFlowTemplates(api);
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(templateCards().length).toBeGreaterThan(0), LONG);
    },
    SLOW,
  );
});

describe('/flows, Running Flows', () => {
  function flowsOfBoth(): Flow[] {
    const [first, second] = allFlowTemplates();
    return [
      makeFlow({ id: 'f-active', name: 'Q3 founders outreach', status: 'ACTIVE' }, first),
      makeFlow(
        { id: 'f-paused', name: 'Warm-up run', status: 'PAUSED', analytics: { connectionRate: 80 } },
        second,
      ),
      makeFlow({ id: 'f-stopped', name: 'Old campaign', status: 'COMPLETED' }, first),
    ];
  }

  it(
    'opens from ?tab=running and shows each flow with its summary, date, runs per day and acceptance bar',
    async () => {
      const api = installFakeApi();
      serveFlowTemplates(api);
      const flows = flowsOfBoth();
      serveFlows(api, flows);
      await openFlows(api, '/flows?tab=running');

      expect(tab(/Running Flows/).getAttribute('aria-selected')).toBe('true');
      await waitFor(() => expect(flowCards()).toHaveLength(2), LONG);
      // The stopped flow is off the tab until 'Show stopped'.
      expect(cardNames(flowCards())).toEqual(['Q3 founders outreach', 'Warm-up run']);
      const card = within(flowCards()[0]!);
      expect(card.getByText(flows[0]!.template.summary)).toBeTruthy();
      expect(card.getByTestId('flow-created').textContent).toBe('Mar 14, 2025');
      expect(card.getByTestId('flow-runs').textContent).toBe('3 runs per day');
      const bar = card.getByRole('progressbar', {
        name: 'Connection acceptance rate of Q3 founders outreach',
      });
      expect(bar.getAttribute('aria-valuenow')).toBe('35');
      expect(card.getByRole('link', { name: 'Analytics of Q3 founders outreach' }).getAttribute('href')).toBe(
        '/flows/f-active/analytics',
      );
      expect(
        card.getByRole('link', { name: 'Activities of Q3 founders outreach' }).getAttribute('href'),
      ).toBe('/flows/f-active/activities');
      expect(card.getByRole('link', { name: 'Prospects of Q3 founders outreach' }).getAttribute('href')).toBe(
        '/flows/f-active/prospects',
      );
      // Issue 23: the review queue, whatever the flow's review mode (the mode is changed there).
      expect(
        card.getByRole('link', { name: 'Review queue of Q3 founders outreach' }).getAttribute('href'),
      ).toBe('/flows/f-active/review');
    },
    SLOW,
  );

  it(
    "offers Pause only on an ACTIVE flow, and 'Show stopped' brings stopped flows back",
    async () => {
      const api = installFakeApi();
      serveFlowTemplates(api);
      serveFlows(api, flowsOfBoth());
      const { user } = await openFlows(api, '/flows?tab=running');
      await waitFor(() => expect(flowCards()).toHaveLength(2), LONG);

      const [active, paused] = flowCards();
      expect(within(active!).getByRole('button', { name: 'Pause Q3 founders outreach' })).toBeTruthy();
      expect(within(paused!).queryByRole('button', { name: /^Pause/ })).toBeNull();

      await user.click(screen.getByRole('switch', { name: 'Show stopped' }));
      expect(cardNames(flowCards())).toEqual(['Q3 founders outreach', 'Warm-up run', 'Old campaign']);
      const stopped = within(flowCards()[2]!);
      expect(stopped.getByTestId('flow-status').textContent).toBe('Stopped');
      expect(stopped.queryByRole('button', { name: /^Pause/ })).toBeNull();
      expect(stopped.queryByRole('button', { name: /^Delete/ })).toBeNull();
    },
    SLOW,
  );

  it(
    'searches by the flow name or its template name',
    async () => {
      const api = installFakeApi();
      serveFlowTemplates(api);
      const flows = flowsOfBoth();
      serveFlows(api, flows);
      const { user } = await openFlows(api, '/flows?tab=running');
      await waitFor(() => expect(flowCards()).toHaveLength(2), LONG);
      const search = screen.getByRole('textbox', { name: 'Search running flows' });

      await user.type(search, 'warm-up');
      expect(cardNames(flowCards())).toEqual(['Warm-up run']);
      await user.clear(search);
      await user.type(search, flows[0]!.template.displayName.toUpperCase());
      expect(cardNames(flowCards())).toEqual(['Q3 founders outreach']);
      await user.clear(search);
      await user.type(search, 'nothing like this');
      expect(screen.getByRole('heading', { name: 'No flows match your search' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    "pauses an ACTIVE flow ('Flow paused successfully') and says 'Failed to pause flow' on failure",
    async () => {
      const api = installFakeApi();
      serveFlowTemplates(api);
      const flows = flowsOfBoth();
      serveFlows(api, flows);
      api.on('POST', '/flows/f-active/pause', {
        status: 200,
        body: { success: true, data: { flow: { ...flows[0]!, status: 'PAUSED' } } },
      });
      const { user } = await openFlows(api, '/flows?tab=running');
      await waitFor(() => expect(flowCards()).toHaveLength(2), LONG);

      serveFlows(api, [{ ...flows[0]!, status: 'PAUSED' }, ...flows.slice(1)]);
      await user.click(screen.getByRole('button', { name: 'Pause Q3 founders outreach' }));
      expect(await screen.findByText(FLOW_TEXTS.toasts.paused, {}, LONG)).toBeTruthy();
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Pause Q3 founders outreach' })).toBeNull(),
      );
      expect(within(flowCards()[0]!).getByTestId('flow-status').textContent).toBe('Paused');
      expect(api.callsTo('POST', '/flows/f-active/pause')).toHaveLength(1);

      // A failure leaves the flow as it was and says so.
      const second = makeFlow({ id: 'f-two', name: 'Second flow' });
      serveFlows(api, [second]);
      api.on('POST', '/flows/f-two/pause', {
        status: 500,
        body: { code: 'INTERNAL_ERROR', message: 'Boom' },
      });
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      await screen.findByRole('button', { name: 'Pause Second flow' }, LONG);
      await user.click(screen.getByRole('button', { name: 'Pause Second flow' }));
      expect(await screen.findByText(FLOW_TEXTS.errors.pause, {}, LONG)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Pause Second flow' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'Delete asks first, then stops the flow for good, which leaves the tab',
    async () => {
      const api = installFakeApi();
      serveFlowTemplates(api);
      const flows = flowsOfBoth();
      serveFlows(api, flows);
      api.on('DELETE', '/flows/f-active', {
        status: 200,
        body: { success: true, data: { flow: { ...flows[0]!, status: 'COMPLETED' } } },
      });
      const { user } = await openFlows(api, '/flows?tab=running');
      await waitFor(() => expect(flowCards()).toHaveLength(2), LONG);

      // Cancel: nothing is sent.
      await user.click(screen.getByRole('button', { name: 'Delete Q3 founders outreach' }));
      let dialog = within(await screen.findByRole('dialog', { name: 'Stop this flow?' }));
      expect(dialog.getByText(/stops for good: it will not run again/)).toBeTruthy();
      expect(dialog.queryByText(/Deleting/)).toBeNull();
      expect(dialog.getByText(/cannot be undone/)).toBeTruthy();
      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.callsTo('DELETE', '/flows/f-active')).toHaveLength(0);
      // The focus is back on Delete, though the dialog's code loaded as it first opened.
      await waitFor(() =>
        expect(document.activeElement).toBe(
          screen.getByRole('button', { name: 'Delete Q3 founders outreach' }),
        ),
      );

      // Confirm: DELETE, the toast, and the flow goes to the stopped ones.
      serveFlows(api, [{ ...flows[0]!, status: 'COMPLETED' }, ...flows.slice(1)]);
      await user.click(screen.getByRole('button', { name: 'Delete Q3 founders outreach' }));
      dialog = within(await screen.findByRole('dialog', { name: 'Stop this flow?' }));
      await user.click(dialog.getByRole('button', { name: 'Stop flow' }));
      expect(await screen.findByText(FLOW_TEXTS.toasts.stopped, {}, LONG)).toBeTruthy();
      expect(api.callsTo('DELETE', '/flows/f-active')).toHaveLength(1);
      await waitFor(() => expect(cardNames(flowCards())).toEqual(['Warm-up run']));
      await waitFor(() =>
        expect(within(tab(/Running Flows/)).getByTestId('tab-count').textContent).toBe('1'),
      );
    },
    SLOW,
  );

  it(
    "says 'Failed to stop flow' when the stop fails, and the flow stays",
    async () => {
      const api = installFakeApi();
      serveFlowTemplates(api);
      serveFlows(api, flowsOfBoth());
      api.on('DELETE', '/flows/f-active', { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Boom' } });
      const { user } = await openFlows(api, '/flows?tab=running');
      await waitFor(() => expect(flowCards()).toHaveLength(2), LONG);

      await user.click(screen.getByRole('button', { name: 'Delete Q3 founders outreach' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Stop this flow?' }));
      await user.click(dialog.getByRole('button', { name: 'Stop flow' }));
      expect(await screen.findByText(FLOW_TEXTS.errors.stop, {}, LONG)).toBeTruthy();
      expect(cardNames(flowCards())).toEqual(['Q3 founders outreach', 'Warm-up run']);
    },
    SLOW,
  );

  it(
    'shows the empty state, and the tabs follow the URL',
    async () => {
      const api = installFakeApi();
      serveFlowTemplates(api);
      serveFlows(api, []);
      const { user, router } = await openFlows(api, '/flows?tab=running');
      expect(await screen.findByRole('heading', { name: 'No running flows' }, LONG)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Browse available flows' }));
      expect(tab(/Available Flows/).getAttribute('aria-selected')).toBe('true');
      expect(router.state.location.search).toBe('');
      await user.click(tab(/Running Flows/));
      expect(router.state.location.search).toBe('?tab=running');
    },
    SLOW,
  );

  it(
    "says 'Failed to load your flows' when the list cannot be read",
    async () => {
      const api = installFakeApi();
      serveFlowTemplates(api);
      api.on('GET', '/flows', { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Boom' } });
      await openFlows(api, '/flows?tab=running');
      expect(await screen.findByText(FLOW_TEXTS.errors.loadFlows, {}, LONG)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    },
    SLOW,
  );
});
