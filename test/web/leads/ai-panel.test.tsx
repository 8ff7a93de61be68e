import { notificationsStore } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AiFilterStreamEvent, AiMatchedLead } from '../../../shared/ai-filter';
import type { Lead } from '../../../shared/leads';
import { generateLeads, LONG, type OpenOptions, openLeads, SLOW } from './leads-fixtures';

const AI_PATH = '/api/leads/ai-filter';
const encoder = new TextEncoder();

/** One `data: {json}` frame of the stream, as the server writes it. */
const frame = (event: AiFilterStreamEvent) => `data: ${JSON.stringify(event)}\n\n`;
const delta = (text: string): AiFilterStreamEvent => ({
  type: 'chat:completion',
  data: { delta_content: text },
});
const results = (leads: Lead[], summary: string, query = 'q'): AiFilterStreamEvent => ({
  type: 'results',
  data: {
    leads: leads.map(
      (lead, i): AiMatchedLead => ({
        ...lead,
        reason: `Reason for ${lead.name}`,
        matchedFields: ['title'],
        score: 100 - i,
      }),
    ),
    summary,
    totalMatches: leads.length,
    query,
  },
});

/** `bytes` cut at the given offsets: pieces that end mid-frame, mid-JSON, even mid-character. */
function cut(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
  const at = [0, ...offsets.filter((o) => o > 0 && o < bytes.length), bytes.length];
  return at.slice(1).map((end, i) => bytes.slice(at[i], end));
}

/** A streamed answer the test feeds piece by piece. */
class FakeStream {
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  readonly body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      this.controller = controller;
    },
  });
  send(piece: Uint8Array | string) {
    this.controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
  }
  close() {
    this.controller.close();
  }
}

interface AiRequest {
  body: Record<string, unknown>;
  stream: FakeStream;
}

/**
 * The leads screen with `POST /api/leads/ai-filter` answered at the fetch boundary by a stream the
 * test controls (the fake API answers JSON only); every other call goes to the fake API.
 */
async function openWithAi(options: OpenOptions & { status?: number } = {}) {
  const opened = openLeads(options);
  const requests: AiRequest[] = [];
  const waiting: ((request: AiRequest) => void)[] = [];
  const api = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    if (String(input) !== AI_PATH || init.method !== 'POST') return api(input, init);
    const request: AiRequest = { body: JSON.parse(String(init.body)), stream: new FakeStream() };
    requests.push(request);
    waiting.shift()?.(request);
    if (options.status && options.status >= 400) {
      return new Response(JSON.stringify({ code: 'INTERNAL', message: 'The AI is unavailable' }), {
        status: options.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(request.stream.body, {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
    });
  });
  const user = userEvent.setup();
  await screen.findByTestId('leads-table', {}, LONG);
  /** The next AI request the page sends (or the last one already sent and not yet taken). */
  let taken = 0;
  const nextRequest = () =>
    new Promise<AiRequest>((resolve) => {
      const sent = requests[taken];
      taken += 1;
      if (sent) resolve(sent);
      else waiting.push(resolve);
    });
  return { ...opened, user, requests, nextRequest };
}

type Page = Awaited<ReturnType<typeof openWithAi>>;

const textarea = () => screen.getByRole('textbox', { name: 'Describe the leads you are looking for' });
const filterButton = () => screen.getByRole('button', { name: /^(Filter with AI|Processing\.\.\.)$/ });
const counters = () => screen.getByTestId('counters').textContent ?? '';
const rowNames = () => screen.queryAllByTestId('lead-name').map((el) => el.textContent);
const showing = () => screen.queryByTestId('showing')?.textContent;
const notificationMessages = () => {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((n) => String(n.message));
};

async function openPanel(page: Page) {
  await page.user.click(screen.getByRole('button', { name: 'Ask AI' }));
  await screen.findByRole('heading', { name: 'AI Assistant' }, LONG);
}

/** Opens the panel, asks `query` and answers with `events` in one piece. */
async function askAndAnswer(page: Page, query: string, events: AiFilterStreamEvent[]) {
  await openPanel(page);
  await page.user.clear(textarea());
  await page.user.type(textarea(), query);
  await page.user.click(filterButton());
  const request = await page.nextRequest();
  request.stream.send(events.map(frame).join(''));
  request.stream.close();
  return request;
}

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens on document.fonts for 'loadingdone'.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});

let scrollTo: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the AI Assistant panel', () => {
  it(
    "'Ask AI' opens the 'AI Assistant' panel and a click on the backdrop closes it",
    async () => {
      const page = await openWithAi({ leads: generateLeads(3) });
      expect(screen.queryByRole('heading', { name: 'AI Assistant' })).toBeNull();
      await openPanel(page);
      const overlay = document.querySelector('.mantine-Drawer-overlay');
      expect(overlay).not.toBeNull();
      await page.user.click(overlay!);
      await waitFor(() => expect(screen.queryByRole('heading', { name: 'AI Assistant' })).toBeNull(), LONG);
    },
    SLOW,
  );

  it(
    "keeps 'Filter with AI' disabled and sends nothing while the request is blank",
    async () => {
      const page = await openWithAi({ leads: generateLeads(3) });
      await openPanel(page);
      expect((filterButton() as HTMLButtonElement).disabled).toBe(true);
      await page.user.type(textarea(), '   ');
      expect((filterButton() as HTMLButtonElement).disabled).toBe(true);
      await page.user.click(filterButton());
      await page.user.type(textarea(), '{Control>}{Enter}{/Control}');
      await page.user.type(textarea(), '\n\n');
      expect((filterButton() as HTMLButtonElement).disabled).toBe(true);
      expect(page.requests).toHaveLength(0);

      await page.user.type(textarea(), 'x');
      expect((filterButton() as HTMLButtonElement).disabled).toBe(false);
    },
    SLOW,
  );

  it(
    'fills the request with each of the four quick searches',
    async () => {
      const page = await openWithAi({ leads: generateLeads(3) });
      await openPanel(page);
      const quick = screen.getByRole('group', { name: 'Quick searches' });
      const labels = within(quick)
        .getAllByRole('button')
        .map((b) => b.textContent);
      expect(labels).toEqual([
        'Problem Solvers',
        'Team Leaders',
        'Competitive Programmers',
        'Freelancers & SaaS Devs',
      ]);
      for (const label of labels) {
        await page.user.click(within(quick).getByRole('button', { name: label! }));
        expect((textarea() as HTMLTextAreaElement).value).toBe(label);
      }
      expect((filterButton() as HTMLButtonElement).disabled).toBe(false);
      expect(page.requests).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'sends the query and the automation, without lead ids when nothing narrows the list',
    async () => {
      const page = await openWithAi({ leads: generateLeads(30) });
      await openPanel(page);
      await page.user.type(textarea(), '  team leaders in Berlin  ');
      await page.user.click(filterButton());
      const request = await page.nextRequest();
      expect(request.body).toEqual({ query: 'team leaders in Berlin', automationId: 'auto-1' });
    },
    SLOW,
  );

  it(
    'sends the ids of the listed leads when a search narrows the list',
    async () => {
      const page = await openWithAi({ leads: generateLeads(30) });
      await page.user.type(screen.getByRole('textbox', { name: 'Search leads' }), 'Person 00');
      await waitFor(() => expect(counters()).toContain('9 leads found'), LONG);
      await openPanel(page);
      await page.user.type(textarea(), 'leaders');
      await page.user.click(filterButton());
      const request = await page.nextRequest();
      expect(request.body).toEqual({
        query: 'leaders',
        automationId: 'auto-1',
        leadIds: ['p001', 'p002', 'p003', 'p004', 'p005', 'p006', 'p007', 'p008', 'p009'],
      });
    },
    SLOW,
  );

  it(
    'sends no lead ids for the demo leads, even when a search narrows them',
    async () => {
      const page = await openWithAi({ leads: [] });
      await screen.findByText('Demo Data', {}, LONG);
      await page.user.type(screen.getByRole('textbox', { name: 'Search leads' }), 'engineering');
      await waitFor(() => expect(counters()).not.toContain('48 leads found'), LONG);
      await openPanel(page);
      await page.user.type(textarea(), 'leaders');
      await page.user.click(filterButton());
      const request = await page.nextRequest();
      expect(request.body).toEqual({ query: 'leaders', automationId: 'auto-1' });
    },
    SLOW,
  );

  it(
    "streams the summary into its card delta by delta, with 'Processing...' until the results come",
    async () => {
      const leads = generateLeads(45);
      const page = await openWithAi({ leads });
      await openPanel(page);
      await page.user.type(textarea(), 'Team Leaders');
      await page.user.click(filterButton());
      const request = await page.nextRequest();

      await waitFor(() => expect(filterButton().textContent).toContain('Processing...'), LONG);
      expect(screen.queryByTestId('ai-summary')).toBeNull();

      const matched = [leads[2]!, leads[0]!];
      const bytes = encoder.encode(
        [
          delta('Found two '),
          delta('café leaders…'),
          delta(' in Berlin.'),
          results(matched, 'Two leaders in Berlin.'),
        ]
          .map(frame)
          .join(''),
      );
      const text = new TextDecoder().decode(bytes);
      const firstFrameEnd = encoder.encode(frame(delta('Found two '))).length;
      const secondFrameEnd = firstFrameEnd + encoder.encode(frame(delta('café leaders…'))).length;
      const thirdFrameEnd = secondFrameEnd + encoder.encode(frame(delta(' in Berlin.'))).length;
      const inCafe = firstFrameEnd + encoder.encode(text.slice(firstFrameEnd, text.indexOf('é'))).length + 1;
      const pieces = cut(bytes, [
        12, // inside 'data: {"type"'
        firstFrameEnd - 1, // between the two newlines ending the first frame
        inCafe, // between the two bytes of 'é'
        secondFrameEnd - 7, // between the bytes of the second frame's '…'
        secondFrameEnd + 5, // inside the third frame's 'data:' prefix
        thirdFrameEnd + 30, // inside the results frame
      ]);
      expect(pieces).toHaveLength(7);

      const summary = () => screen.queryByTestId('ai-summary')?.textContent ?? '';
      const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
      request.stream.send(pieces[0]!);
      request.stream.send(pieces[1]!);
      // The first frame is not complete until its blank line.
      await settle();
      expect(summary()).toBe('');
      request.stream.send(pieces[2]!);
      await waitFor(() => expect(summary()).toContain('Found two'), LONG);
      request.stream.send(pieces[3]!);
      await settle();
      expect(summary()).not.toContain('caf');
      request.stream.send(pieces[4]!);
      await waitFor(() => expect(summary()).toContain('Found two café leaders…'), LONG);
      expect(summary()).not.toContain('in Berlin');
      expect(filterButton().textContent).toContain('Processing...');
      // No '{n} found' and the list untouched while streaming.
      expect(summary()).not.toMatch(/\d found/);
      expect(counters()).toContain('45 leads found');
      expect(counters()).not.toContain('AI Filtered');

      request.stream.send(pieces[5]!);
      await waitFor(() => expect(summary()).toContain('Found two café leaders… in Berlin.'), LONG);
      await settle();
      expect(counters()).not.toContain('AI Filtered');
      expect(filterButton().textContent).toContain('Processing...');

      request.stream.send(pieces[6]!);
      request.stream.close();
      await waitFor(() => expect(counters()).toContain('AI Filtered'), LONG);
      expect(summary()).toContain('Two leaders in Berlin.');
      expect(summary()).toContain('2 found');
      expect(filterButton().textContent).toContain('Filter with AI');
      expect(rowNames()).toEqual(['Person 003', 'Person 001']);
    },
    SLOW,
  );

  it(
    "replaces the list with the AI's leads in its order, with reasons, back on page 1",
    async () => {
      const leads = generateLeads(45);
      const page = await openWithAi({ leads });
      await page.user.click(screen.getByRole('button', { name: 'Next' }));
      expect(showing()).toBe('Showing 21 to 40 of 45 results');
      scrollTo.mockClear();

      const matched = [...leads].reverse().slice(0, 25);
      await askAndAnswer(page, 'Problem Solvers', [delta('Looking...'), results(matched, 'Found 25.')]);

      expect(await screen.findByText('AI found 25 matching leads', {}, LONG)).toBeTruthy();
      expect(counters()).toContain('25 leads found');
      expect(within(screen.getByTestId('counters')).getByText('AI Filtered')).toBeTruthy();
      expect(showing()).toBe('Showing 1 to 20 of 25 results');
      expect(rowNames()).toEqual(matched.slice(0, 20).map((l) => l.name));
      const reasons = screen.getAllByTestId('ai-reason').map((el) => el.textContent);
      expect(reasons).toEqual(matched.slice(0, 20).map((l) => `Reason for ${l.name}`));
      expect(screen.getByTestId('ai-summary').textContent).toContain('25 found');
      expect(screen.getByRole('button', { name: 'Clear AI Filter' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'keeps the applied results listed while a new request streams, until its own results replace them',
    async () => {
      const leads = generateLeads(30);
      const page = await openWithAi({ leads });
      const first = leads.slice(0, 3);
      await askAndAnswer(page, 'Team Leaders', [delta('Three.'), results(first, 'Three.')]);
      expect(await screen.findByText('AI found 3 matching leads', {}, LONG)).toBeTruthy();

      await page.user.clear(textarea());
      await page.user.type(textarea(), 'Problem Solvers');
      await page.user.click(filterButton());
      const second = await page.nextRequest();
      second.stream.send(frame(delta('Still looking...')));
      await waitFor(() => expect(screen.getByTestId('ai-summary').textContent).toContain('Still looking...'));
      // Mid-stream: the earlier answer is still what the list shows.
      expect(counters()).toContain('3 leads found');
      expect(within(screen.getByTestId('counters')).getByText('AI Filtered')).toBeTruthy();
      expect(rowNames()).toEqual(first.map((l) => l.name));

      const next = leads.slice(10, 12);
      second.stream.send(frame(results(next, 'Two.')));
      second.stream.close();
      await waitFor(() => expect(rowNames()).toEqual(next.map((l) => l.name)));
      expect(counters()).toContain('2 leads found');
    },
    SLOW,
  );

  it(
    "shows 'No leads matched your criteria' when the AI matches nobody",
    async () => {
      const page = await openWithAi({ leads: generateLeads(5) });
      await askAndAnswer(page, 'astronauts', [delta('Searching...'), results([], 'No astronauts here.')]);
      expect(await screen.findByText('No leads matched your criteria', {}, LONG)).toBeTruthy();
      expect(screen.getByTestId('ai-summary').textContent).toContain('0 found');
      expect(await screen.findByText('AI found 0 matching leads', {}, LONG)).toBeTruthy();
      expect(counters()).toContain('0 leads found');
      const empty = screen.getByTestId('leads-empty');
      expect(empty.textContent).toContain('No leads found');
      expect(empty.textContent).toContain('Try adjusting your search or filters');
    },
    SLOW,
  );

  it(
    "'Clear AI Filter' restores the whole list on page 1 and says 'AI filter cleared'",
    async () => {
      const leads = generateLeads(60);
      const page = await openWithAi({ leads });
      const matched = leads.slice(10, 35);
      await askAndAnswer(page, 'Team Leaders', [results(matched, 'Found 25.')]);
      await waitFor(() => expect(counters()).toContain('AI Filtered'), LONG);
      await page.user.click(screen.getByRole('button', { name: 'Close AI Assistant' }));
      await page.user.click(screen.getByRole('button', { name: 'Next' }));
      expect(showing()).toBe('Showing 21 to 25 of 25 results');

      await page.user.click(screen.getByRole('button', { name: 'Clear AI Filter' }));
      expect(await screen.findByText('AI filter cleared', {}, LONG)).toBeTruthy();
      expect(counters()).toContain('60 leads found');
      expect(counters()).not.toContain('AI Filtered');
      expect(showing()).toBe('Showing 1 to 20 of 60 results');
      expect(rowNames()[0]).toBe('Person 001');
      expect(screen.queryAllByTestId('ai-reason')).toHaveLength(0);
      expect(screen.queryByRole('button', { name: 'Clear AI Filter' })).toBeNull();
      await openPanel(page);
      expect(screen.queryByTestId('ai-summary')).toBeNull();
    },
    SLOW,
  );

  it(
    "a refused request shows 'Failed to process AI request' and the panel's error",
    async () => {
      const page = await openWithAi({ leads: generateLeads(5), status: 500 });
      await openPanel(page);
      await page.user.type(textarea(), 'leaders');
      await page.user.click(filterButton());
      expect(await screen.findByText('Failed to process AI request', {}, LONG)).toBeTruthy();
      expect(screen.getByTestId('ai-error').textContent).toBe('Error: Failed to get AI response');
      expect(filterButton().textContent).toContain('Filter with AI');
      expect(counters()).toContain('5 leads found');
      expect(counters()).not.toContain('AI Filtered');
    },
    SLOW,
  );

  it(
    'an error event mid-stream fails the same way and drops the partial summary',
    async () => {
      const page = await openWithAi({ leads: generateLeads(5) });
      await openPanel(page);
      await page.user.type(textarea(), 'leaders');
      await page.user.click(filterButton());
      const request = await page.nextRequest();
      request.stream.send(frame(delta('Half an answer')));
      await waitFor(
        () => expect(screen.getByTestId('ai-summary').textContent).toContain('Half an answer'),
        LONG,
      );
      request.stream.send(frame({ type: 'error', data: { message: 'The model gave up' } }));
      expect(await screen.findByText('Failed to process AI request', {}, LONG)).toBeTruthy();
      expect(screen.getByTestId('ai-error').textContent).toBe('Error: Failed to get AI response');
      expect(screen.queryByTestId('ai-summary')).toBeNull();
      expect(screen.queryByText('The model gave up')).toBeNull();
      expect(counters()).not.toContain('AI Filtered');
      expect(filterButton().textContent).toContain('Filter with AI');
    },
    SLOW,
  );

  it(
    'a stream that ends without results fails the same way',
    async () => {
      const page = await openWithAi({ leads: generateLeads(5) });
      await askAndAnswer(page, 'leaders', [delta('Thinking...')]);
      expect(await screen.findByText('Failed to process AI request', {}, LONG)).toBeTruthy();
      expect(screen.getByTestId('ai-error')).toBeTruthy();
      expect(notificationMessages()).toEqual(['Failed to process AI request']);
    },
    SLOW,
  );

  it(
    'a new request clears the previous error',
    async () => {
      const leads = generateLeads(5);
      const page = await openWithAi({ leads });
      await askAndAnswer(page, 'leaders', [{ type: 'error', data: { message: 'x' } }]);
      await screen.findByTestId('ai-error', {}, LONG);
      await page.user.click(filterButton());
      const request = await page.nextRequest();
      await waitFor(() => expect(screen.queryByTestId('ai-error')).toBeNull(), LONG);
      request.stream.send(frame(results([leads[1]!], 'One.')));
      request.stream.close();
      await waitFor(() => expect(rowNames()).toEqual(['Person 002']), LONG);
    },
    SLOW,
  );
});
