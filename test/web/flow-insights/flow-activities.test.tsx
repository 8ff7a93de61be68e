import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FLOW_LIST_TEXTS } from '../../../shared/flow-insight-texts';
import type { Pagination } from '../../../shared/flow-insights-values';
import { FLOW_TEXTS } from '../../../shared/flow-texts';
import type { PageRequest } from '../../../web/src/features/flow-insights/api/insights';
import {
  type ListPage,
  usePagedList,
} from '../../../web/src/features/flow-insights/components/use-paged-list';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';
import {
  FLOW_ID,
  FLOW_NOT_FOUND,
  makeActivities,
  makeActivity,
  queriesTo,
  SERVER_ERROR,
  serveActivities,
  serveFlow,
} from './fake-insight-lists';

const LONG = { timeout: 5000 };
const SLOW = 15000;
const PATH = `/flows/${FLOW_ID}/activities`;

async function openActivities(api: FakeApi) {
  signInAs(api, makeUser({ plan: 'PLUS' }));
  const user = userEvent.setup();
  const view = renderApp(PATH);
  await screen.findByRole('heading', { name: 'Flow Activities', level: 1 }, LONG);
  return { user, ...view };
}

const rows = () => screen.queryAllByTestId('activity-row');
const countLine = () => screen.getByTestId('list-count').textContent;
const pageLine = () => screen.getByTestId('list-page').textContent;
const loadMore = () => screen.queryByRole('button', { name: FLOW_LIST_TEXTS.loadMoreActivities });
const queries = (api: FakeApi) => queriesTo(api, PATH);
const lastQuery = (api: FakeApi) => queries(api).at(-1)!;

/** Checks the activity types named `labels`. */
async function checkTypes(user: ReturnType<typeof userEvent.setup>, ...labels: string[]) {
  const types = screen.getByRole('group', { name: 'Activity types' });
  for (const label of labels) await user.click(within(types).getByRole('checkbox', { name: label }));
}

/** Chooses `option` in the status filter (the browser's own select). */
async function pickStatus(user: ReturnType<typeof userEvent.setup>, option: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), option);
}

describe('/flows/{flowId}/activities', () => {
  it(
    'shows the flow name, page 1 with its count and page lines, and Load More appends pages with their cursors',
    async () => {
      const api = installFakeApi();
      serveFlow(api);
      serveActivities(api, makeActivities(45));
      const { user } = await openActivities(api);

      expect((await screen.findByTestId('flow-name', {}, LONG)).textContent).toBe('Q3 founders outreach');
      await waitFor(() => expect(rows()).toHaveLength(20), LONG);
      expect(countLine()).toBe('Showing 1-20 of 45 activities');
      expect(pageLine()).toBe('Page 1 of 3');
      const first = queries(api)[0]!;
      expect(first.get('page')).toBe('1');
      expect(first.get('limit')).toBe('20');
      expect(first.has('cursor')).toBe(false);

      await user.click(loadMore()!);
      await waitFor(() => expect(rows()).toHaveLength(40), LONG);
      expect(countLine()).toBe('Showing 1-40 of 45 activities');
      expect(pageLine()).toBe('Page 2 of 3');
      expect(lastQuery(api).get('page')).toBe('2');
      expect(lastQuery(api).get('cursor')).toBe('cursor-2');
      // Appended, not replaced: the first page's rows are still there, in order.
      expect(within(rows()[0]!).getByTestId('activity-prospect').textContent).toContain('Listed 1');
      expect(within(rows()[20]!).getByTestId('activity-prospect').textContent).toContain('Listed 21');

      await user.click(loadMore()!);
      await waitFor(() => expect(rows()).toHaveLength(45), LONG);
      expect(lastQuery(api).get('cursor')).toBe('cursor-3');
      expect(countLine()).toBe('Showing 1-45 of 45 activities');
      expect(pageLine()).toBe('Page 3 of 3');
      const end = screen.getByTestId('list-end');
      expect(end.textContent).toBe("You've reached the end of the activity feed.");
      expect(loadMore()).toBeNull();
      // The button went with the last page: the keyboard lands on the end note.
      await waitFor(() => expect(document.activeElement).toBe(end));
      expect(queries(api)).toHaveLength(3);
    },
    SLOW,
  );

  it(
    'sends the filters (type repeated, status, search) on Apply, and Apply and Clear reload page 1',
    async () => {
      const api = installFakeApi();
      serveFlow(api);
      serveActivities(api, [
        ...makeActivities(25),
        makeActivity({ type: 'POST_LIKED', wasSuccessful: false, prospect: { id: 'x', name: 'Ada Byron' } }),
        makeActivity({ type: 'MESSAGE_SENT', wasSuccessful: false, prospect: { id: 'y', name: 'Ada King' } }),
        makeActivity({ type: 'MESSAGE_SENT', wasSuccessful: true, prospect: { id: 'z', name: 'Ada Other' } }),
      ]);
      const { user } = await openActivities(api);
      await waitFor(() => expect(rows()).toHaveLength(20), LONG);
      await user.click(loadMore()!);
      await waitFor(() => expect(rows()).toHaveLength(28), LONG);

      // Checked out of their order: the query keeps the list's order.
      await checkTypes(user, 'Message sent', 'Post liked');
      await pickStatus(user, 'Failed');
      await user.type(screen.getByRole('searchbox', { name: 'Search activities' }), '  Ada ');
      // Nothing is sent before Apply.
      expect(queries(api)).toHaveLength(2);
      await user.click(screen.getByRole('button', { name: 'Apply' }));

      await waitFor(() => expect(rows()).toHaveLength(2), LONG);
      const applied = lastQuery(api);
      expect(applied.getAll('type')).toEqual(['POST_LIKED', 'MESSAGE_SENT']);
      expect(applied.get('status')).toBe('FAILED');
      expect(applied.get('search')).toBe('Ada');
      expect(applied.get('page')).toBe('1');
      expect(applied.has('cursor')).toBe(false);
      expect(countLine()).toBe('Showing 1-2 of 2 activities');
      expect(pageLine()).toBe('Page 1 of 1');
      expect(screen.getByTestId('list-end')).toBeTruthy();

      // Apply again with the same filters reloads page 1 again.
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      await waitFor(() => expect(queries(api)).toHaveLength(4));
      expect(lastQuery(api).get('page')).toBe('1');
      expect(lastQuery(api).getAll('type')).toEqual(['POST_LIKED', 'MESSAGE_SENT']);

      // Enter in the search box applies too.
      await user.type(screen.getByRole('searchbox', { name: 'Search activities' }), 'x{Enter}');
      await waitFor(() => expect(lastQuery(api).get('search')).toBe('Ada x'));
      await waitFor(() => expect(screen.getByText(FLOW_TEXTS.empty.noActivities)).toBeTruthy(), LONG);

      await user.click(screen.getByRole('button', { name: 'Clear' }));
      await waitFor(() => expect(rows()).toHaveLength(20), LONG);
      const cleared = lastQuery(api);
      expect([...cleared.keys()].sort()).toEqual(['limit', 'page']);
      expect(cleared.get('page')).toBe('1');
      expect((screen.getByRole('searchbox', { name: 'Search activities' }) as HTMLInputElement).value).toBe(
        '',
      );
      expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
      expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('');
      expect(countLine()).toBe('Showing 1-20 of 28 activities');
    },
    SLOW,
  );

  it(
    "Refresh reloads page 1 with the applied filters and says 'Activities refreshed'",
    async () => {
      const api = installFakeApi();
      serveFlow(api);
      serveActivities(api, makeActivities(45));
      const { user } = await openActivities(api);
      await waitFor(() => expect(rows()).toHaveLength(20), LONG);
      await pickStatus(user, 'Successful');
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      await waitFor(() => expect(lastQuery(api).get('status')).toBe('SUCCESS'));
      // The filtered page 1 is drawn before Load More is pressed.
      await waitFor(
        () => expect(screen.getByTestId('activity-feed').getAttribute('aria-busy')).toBeNull(),
        LONG,
      );
      await user.click(loadMore()!);
      await waitFor(() => expect(rows()).toHaveLength(40), LONG);

      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(await screen.findByText(FLOW_TEXTS.toasts.activitiesRefreshed, {}, LONG)).toBeTruthy();
      await waitFor(() => expect(rows()).toHaveLength(20));
      expect(lastQuery(api).get('page')).toBe('1');
      expect(lastQuery(api).get('status')).toBe('SUCCESS');
      expect(lastQuery(api).has('cursor')).toBe(false);
      expect(pageLine()).toBe('Page 1 of 3');
    },
    SLOW,
  );

  it(
    'ignores Load More while a page is loading, and offers none at the end',
    async () => {
      const api = installFakeApi();
      serveFlow(api);
      serveActivities(api, makeActivities(30));
      const { user } = await openActivities(api);
      await waitFor(() => expect(rows()).toHaveLength(20), LONG);

      const release = api.hold('GET', PATH);
      const button = loadMore()!;
      await user.click(button);
      await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
      await user.click(button);
      await user.click(button);
      release();
      await waitFor(() => expect(rows()).toHaveLength(30), LONG);
      expect(queries(api).filter((query) => query.get('page') === '2')).toHaveLength(1);
      expect(queries(api)).toHaveLength(2);

      // The last page: no Load More to press, the end note instead, nothing more asked.
      expect(loadMore()).toBeNull();
      expect(screen.getByText("You've reached the end of the activity feed.")).toBeTruthy();
      expect(queries(api)).toHaveLength(2);
    },
    SLOW,
  );

  it(
    'keeps the rows and says so when a Load More fails',
    async () => {
      const api = installFakeApi();
      serveFlow(api);
      serveActivities(api, makeActivities(30));
      const { user } = await openActivities(api);
      await waitFor(() => expect(rows()).toHaveLength(20), LONG);

      api.on('GET', PATH, SERVER_ERROR);
      await user.click(loadMore()!);
      expect(await screen.findByText(FLOW_TEXTS.errors.loadActivities, {}, LONG)).toBeTruthy();
      expect(rows()).toHaveLength(20);
      expect(loadMore()).toBeTruthy();
    },
    SLOW,
  );

  it(
    'expands a row: connection message, post text, link and comment, the details cut after 100 characters, the error',
    async () => {
      const api = installFakeApi();
      serveFlow(api);
      const exact = 'a'.repeat(100);
      const over = `${'b'.repeat(100)}c`;
      serveActivities(api, [
        makeActivity({
          id: 'rich',
          type: 'POST_COMMENTED',
          wasSuccessful: false,
          stage: 'engage',
          prospect: { id: 'g', name: 'Grace Hopper', company: 'Navy Labs', title: 'Rear Admiral' },
          connection: { message: 'Hi Grace, loved your talk.', requestId: 'req-1' },
          engagement: {
            postText: 'Why COBOL still matters',
            postUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:7',
            comment: 'Great point about readability.',
          },
          details: { exact, over, attempts: 2, verified: false },
          errorMessage: 'The platform did not show the comment',
          description: 'Commented on a post',
        }),
        makeActivity({ id: 'plain', type: 'PROFILE_VIEWED', description: 'Viewed the profile' }),
        makeActivity({ id: 'unsafe', engagement: { postUrl: 'javascript:alert(1)' } }),
      ]);
      const { user } = await openActivities(api);
      await waitFor(() => expect(rows()).toHaveLength(3), LONG);

      const row = within(rows()[0]!);
      expect(row.getByTestId('activity-type').textContent).toBe('Post commented');
      expect(row.getByTestId('success-mark').textContent).toBe('Failed');
      expect(row.getByTestId('activity-prospect').textContent).toBe(
        'Stage: engage · Grace Hopper · Navy Labs · Rear Admiral',
      );
      expect(row.getByText((_, element) => element?.tagName === 'TIME').getAttribute('datetime')).toBe(
        '2025-03-14T10:00:00.000Z',
      );
      const toggle = row.getByRole('button', { name: /Post commented/ });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(row.queryByTestId('activity-details')).toBeNull();
      expect(row.getByRole('heading', { level: 3 })).toBeTruthy();

      await user.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      expect(panel.hidden).toBe(false);
      const details = within(row.getByTestId('activity-details'));
      expect(details.getByText('Hi Grace, loved your talk.')).toBeTruthy();
      expect(details.getByText('Why COBOL still matters')).toBeTruthy();
      expect(details.getByText('Great point about readability.')).toBeTruthy();
      const link = details.getByRole('link', { name: /View post/ });
      expect(link.getAttribute('href')).toBe('https://www.linkedin.com/feed/update/urn:li:activity:7');
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      const values = within(row.getByTestId('activity-detail-values'));
      // Exactly 100 characters are kept as they are; 101 are cut to 100 and an ellipsis.
      expect(values.getByText(exact)).toBeTruthy();
      expect(values.getByText(`${'b'.repeat(100)}…`)).toBeTruthy();
      expect(values.queryByText(over)).toBeNull();
      expect(values.getByText('2')).toBeTruthy();
      expect(values.getByText('false')).toBeTruthy();
      // The error message is shown rather than the description.
      expect(details.getByTestId('activity-error').textContent).toBe(
        'Error: The platform did not show the comment',
      );
      expect(details.queryByText('Commented on a post')).toBeNull();

      await user.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(row.queryByTestId('activity-details')).toBeNull();

      // Without an error, the description; a row with nothing else shows no empty facts.
      const plain = within(rows()[1]!);
      expect(plain.getByTestId('success-mark').textContent).toBe('Succeeded');
      await user.click(plain.getByRole('button', { name: /Profile viewed/ }));
      expect(plain.getByTestId('activity-description').textContent).toBe('Viewed the profile');
      expect(plain.queryByTestId('activity-detail-values')).toBeNull();

      // A post address that is not http(s) never becomes a link.
      const unsafe = within(rows()[2]!);
      await user.click(unsafe.getByRole('button', { name: /Connection sent/ }));
      expect(unsafe.queryByRole('link')).toBeNull();
    },
    SLOW,
  );

  it(
    "says 'No activities found' for an empty feed, with a back link to the analytics",
    async () => {
      const api = installFakeApi();
      serveFlow(api);
      serveActivities(api, []);
      await openActivities(api);
      expect(await screen.findByText(FLOW_TEXTS.empty.noActivities, {}, LONG)).toBeTruthy();
      expect(screen.queryByTestId('list-count')).toBeNull();
      expect(loadMore()).toBeNull();
      expect(screen.getByRole('link', { name: 'Back to analytics' }).getAttribute('href')).toBe(
        `/flows/${FLOW_ID}/analytics`,
      );
    },
    SLOW,
  );

  it(
    "says 'Failed to load activities' when the feed fails or does not answer success, and Retry reloads",
    async () => {
      const api = installFakeApi();
      serveFlow(api);
      api.on('GET', PATH, SERVER_ERROR);
      const { user } = await openActivities(api);
      expect(await screen.findByText(FLOW_TEXTS.errors.loadActivities, {}, LONG)).toBeTruthy();

      // An answer whose status is not 'success' is not shown.
      serveActivities(api, makeActivities(3), { status: 'error' });
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(queries(api)).toHaveLength(2));
      expect(await screen.findByText(FLOW_TEXTS.errors.loadActivities, {}, LONG)).toBeTruthy();
      expect(rows()).toHaveLength(0);

      serveActivities(api, makeActivities(3));
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(rows()).toHaveLength(3), LONG);
      expect(screen.queryByText(FLOW_TEXTS.errors.loadActivities)).toBeNull();
    },
    SLOW,
  );

  it(
    "shows 'Flow not found' with a link to /flows for an unknown flow",
    async () => {
      const api = installFakeApi();
      api.on('GET', `/flows/${FLOW_ID}`, FLOW_NOT_FOUND);
      api.on('GET', PATH, FLOW_NOT_FOUND);
      signInAs(api, makeUser({ plan: 'PLUS' }));
      renderApp(PATH);
      expect(
        await screen.findByRole('heading', { name: FLOW_TEXTS.empty.flowNotFound, level: 1 }, LONG),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to Flows' }).getAttribute('href')).toBe('/flows');
      expect(screen.queryByRole('heading', { name: 'Flow Activities' })).toBeNull();
    },
    SLOW,
  );

  it(
    "says 'Failed to load flow details' when the flow cannot be read, and still lists its activities",
    async () => {
      const api = installFakeApi();
      api.on('GET', `/flows/${FLOW_ID}`, SERVER_ERROR);
      serveActivities(api, makeActivities(2));
      await openActivities(api);
      expect(await screen.findByText(FLOW_TEXTS.errors.loadDetails, {}, LONG)).toBeTruthy();
      await waitFor(() => expect(rows()).toHaveLength(2), LONG);
    },
    SLOW,
  );
});

describe('the paged list (spec 4 Lists, spec 5)', () => {
  interface Row {
    id: string;
  }
  /** Pages of 2 rows out of `total`, each answer waiting until the test releases it. */
  function heldPages(total: number) {
    const waiting: Array<() => void> = [];
    const fetchPage = vi.fn(
      (filters: { q: string }, request: PageRequest) =>
        new Promise<ListPage<Row>>((resolve) => {
          const pages = Math.ceil(total / 2);
          const pagination: Pagination = {
            currentPage: request.page,
            totalPages: pages,
            totalItems: total,
            hasNext: request.page < pages,
          };
          const start = (request.page - 1) * 2;
          const items = Array.from({ length: Math.min(2, total - start) }, (_, index) => ({
            id: `${filters.q}${start + index + 1}`,
          }));
          waiting.push(() =>
            resolve({
              items,
              pagination,
              nextCursor: pagination.hasNext ? `c${request.page + 1}` : undefined,
            }),
          );
        }),
    );
    const releaseAll = async () => {
      await act(async () => {
        for (const release of waiting.splice(0)) release();
      });
    };
    return { fetchPage, releaseAll };
  }

  it('ignores Load More while a page loads and when there is no next page', async () => {
    const { fetchPage, releaseAll } = heldPages(3);
    const { result } = renderHook(() => usePagedList(fetchPage, { q: 'r' }));
    // Page 1 is loading: a Load More now is ignored.
    expect(await act(() => result.current.loadMore())).toBeUndefined();
    await releaseAll();
    expect(result.current.items.map((row) => row.id)).toEqual(['r1', 'r2']);

    // Two presses in one go: one request, with page 2 and the cursor page 1 gave.
    let first: Promise<boolean | undefined> | undefined;
    let second: Promise<boolean | undefined> | undefined;
    act(() => {
      first = result.current.loadMore();
      second = result.current.loadMore();
    });
    expect(await second).toBeUndefined();
    await releaseAll();
    expect(await first).toBe(true);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(fetchPage.mock.calls[1]![1]).toEqual({ page: 2, cursor: 'c2' });
    expect(result.current.items.map((row) => row.id)).toEqual(['r1', 'r2', 'r3']);
    expect(result.current.pagesLoaded).toBe(2);
    expect(result.current.hasMore).toBe(false);

    // At the end: ignored, nothing asked.
    expect(await act(() => result.current.loadMore())).toBeUndefined();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('reload asks for page 1 with the new filters and drops the answer of a Load More it replaced', async () => {
    const { fetchPage, releaseAll } = heldPages(6);
    const { result } = renderHook(() => usePagedList(fetchPage, { q: 'a' }));
    await releaseAll();
    act(() => {
      void result.current.loadMore();
    });
    act(() => {
      void result.current.reload({ q: 'b' });
    });
    await releaseAll();
    expect(fetchPage.mock.calls.map(([filters, request]) => [filters.q, request])).toEqual([
      ['a', { page: 1 }],
      ['a', { page: 2, cursor: 'c2' }],
      ['b', { page: 1 }],
    ]);
    expect(result.current.items.map((row) => row.id)).toEqual(['b1', 'b2']);
    expect(result.current.pagesLoaded).toBe(1);
    expect(result.current.filters).toEqual({ q: 'b' });
  });
});
