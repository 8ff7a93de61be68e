import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FLOW_LIST_TEXTS } from '../../../shared/flow-insight-texts';
import { FLOW_TEXTS } from '../../../shared/flow-texts';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';
import {
  FLOW_ID,
  FLOW_NOT_FOUND,
  makePost,
  makeProspect,
  makeProspects,
  queriesTo,
  SERVER_ERROR,
  serveFlow,
  serveProspects,
} from './fake-insight-lists';

const LONG = { timeout: 5000 };
const SLOW = 15000;
const PATH = `/flows/${FLOW_ID}/prospects`;

async function openProspects(api: FakeApi) {
  signInAs(api, makeUser({ plan: 'PLUS' }));
  const user = userEvent.setup();
  const view = renderApp(PATH);
  await screen.findByRole('heading', { name: 'Flow Prospects', level: 1 }, LONG);
  return { user, ...view };
}

const rows = () => screen.queryAllByTestId('prospect-row');
const names = () => rows().map((row) => within(row).getByTestId('prospect-name').textContent);
const countLine = () => screen.getByTestId('list-count').textContent;
const pageLine = () => screen.getByTestId('list-page').textContent;
const loadMore = () => screen.queryByRole('button', { name: FLOW_LIST_TEXTS.loadMoreProspects });
const queries = (api: FakeApi) => queriesTo(api, PATH);
const lastQuery = (api: FakeApi) => queries(api).at(-1)!;

/** Chooses `option` in the status filter (the browser's own select). */
async function pickStatus(user: ReturnType<typeof userEvent.setup>, option: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), option);
}

describe('/flows/{flowId}/prospects', () => {
  it(
    'shows page 1 with its count and page lines; Load More appends the next page with its cursor, then the end note',
    async () => {
      const api = installFakeApi();
      serveFlow(api);
      serveProspects(api, makeProspects(25));
      const { user } = await openProspects(api);

      expect((await screen.findByTestId('flow-name', {}, LONG)).textContent).toBe('Q3 founders outreach');
      await waitFor(() => expect(rows()).toHaveLength(20), LONG);
      expect(countLine()).toBe('Showing 1-20 of 25 prospects');
      expect(pageLine()).toBe('Page 1 of 2');
      expect(lastQuery(api).get('page')).toBe('1');
      expect(lastQuery(api).get('limit')).toBe('20');

      await user.click(loadMore()!);
      await waitFor(() => expect(rows()).toHaveLength(25), LONG);
      expect(lastQuery(api).get('page')).toBe('2');
      expect(lastQuery(api).get('cursor')).toBe('cursor-2');
      expect(names()[0]).toBe('Prospect 1');
      expect(names()[24]).toBe('Prospect 25');
      expect(countLine()).toBe('Showing 1-25 of 25 prospects');
      expect(pageLine()).toBe('Page 2 of 2');
      expect(screen.getByTestId('list-end').textContent).toBe("You've reached the end of the prospect list.");
      expect(loadMore()).toBeNull();
      expect(screen.getByRole('link', { name: 'Back to analytics' }).getAttribute('href')).toBe(
        `/flows/${FLOW_ID}/analytics`,
      );
    },
    SLOW,
  );

  it(
    'offers the four statuses and sends status and search on Apply; Apply, Clear and Refresh reload page 1',
    async () => {
      const api = installFakeApi();
      serveFlow(api);
      serveProspects(api, [
        ...makeProspects(22),
        makeProspect({ name: 'Ada Accepted', status: 'ACCEPTED' }),
        makeProspect({ name: 'Ada Pending', status: 'PENDING' }),
      ]);
      const { user } = await openProspects(api);
      await waitFor(() => expect(rows()).toHaveLength(20), LONG);
      await user.click(loadMore()!);
      await waitFor(() => expect(rows()).toHaveLength(24), LONG);

      const status = screen.getByRole('combobox', { name: 'Status' });
      const options = within(status)
        .getAllByRole('option')
        .map((option) => option.textContent);
      expect(options).toEqual(['Any status', 'Contacted', 'Accepted', 'Pending', 'Declined']);
      expect((status as HTMLSelectElement).value).toBe('');
      await pickStatus(user, 'Accepted');
      await user.type(screen.getByRole('searchbox', { name: 'Search prospects' }), 'ada');
      expect(queries(api)).toHaveLength(2);
      await user.click(screen.getByRole('button', { name: 'Apply' }));

      await waitFor(() => expect(names()).toEqual(['Ada Accepted']), LONG);
      expect(lastQuery(api).get('status')).toBe('ACCEPTED');
      expect(lastQuery(api).get('search')).toBe('ada');
      expect(lastQuery(api).get('page')).toBe('1');
      expect(lastQuery(api).has('cursor')).toBe(false);
      expect(countLine()).toBe('Showing 1-1 of 1 prospects');
      expect(pageLine()).toBe('Page 1 of 1');

      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(await screen.findByText(FLOW_TEXTS.toasts.prospectsRefreshed, {}, LONG)).toBeTruthy();
      expect(queries(api)).toHaveLength(4);
      expect(lastQuery(api).get('status')).toBe('ACCEPTED');
      expect(lastQuery(api).get('page')).toBe('1');

      await pickStatus(user, 'Declined');
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      expect(await screen.findByText(FLOW_TEXTS.empty.noProspects, {}, LONG)).toBeTruthy();
      expect(lastQuery(api).get('status')).toBe('DECLINED');

      await user.click(screen.getByRole('button', { name: 'Clear' }));
      await waitFor(() => expect(rows()).toHaveLength(20), LONG);
      expect([...lastQuery(api).keys()].sort()).toEqual(['limit', 'page']);
      expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('');
      expect(countLine()).toBe('Showing 1-20 of 24 prospects');
    },
    SLOW,
  );

  it(
    'ignores Load More while a page loads',
    async () => {
      const api = installFakeApi();
      serveFlow(api);
      serveProspects(api, makeProspects(30));
      const { user } = await openProspects(api);
      await waitFor(() => expect(rows()).toHaveLength(20), LONG);

      const release = api.hold('GET', PATH);
      const button = loadMore()!;
      await user.click(button);
      await user.click(button);
      release();
      await waitFor(() => expect(rows()).toHaveLength(30), LONG);
      expect(queries(api)).toHaveLength(2);
      expect(loadMore()).toBeNull();
    },
    SLOW,
  );

  it(
    "shows each prospect's photo, and their initials when it does not load: never a broken image",
    async () => {
      const api = installFakeApi();
      serveFlow(api);
      const photo = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';
      serveProspects(api, [
        makeProspect({ name: 'Ada Lovelace', profileImage: photo }),
        makeProspect({ name: 'Alan Turing', profileImage: 'http://localhost:3011/media/avatars/alan.svg' }),
        makeProspect({ name: 'Grace Hopper', profileImage: 'javascript:alert(1)' }),
      ]);
      await openProspects(api);
      await waitFor(() => expect(rows()).toHaveLength(3), LONG);
      const avatars = () => rows().map((row) => within(row).getByTestId('prospect-avatar'));
      const [ada, alan, grace] = avatars() as [HTMLElement, HTMLElement, HTMLElement];
      expect(ada.querySelector('img')?.getAttribute('src')).toBe(photo);
      // The browser refuses the sandbox's http address under the CSP: the image errors.
      fireEvent.error(alan.querySelector('img')!);
      await waitFor(() => expect(alan.querySelector('img')).toBeNull());
      expect(alan.textContent).toBe('AT');
      expect(grace.querySelector('img')).toBeNull();
      expect(grace.textContent).toBe('GH');
    },
    SLOW,
  );

  it(
    'shows each score in its colour at the 90, 70 and 50 boundaries',
    async () => {
      const api = installFakeApi();
      serveFlow(api);
      const scores = [90, 89, 70, 69, 50, 49];
      serveProspects(api, [
        ...scores.map((aiScore) => makeProspect({ name: `Scored ${aiScore}`, aiScore })),
        makeProspect({ name: 'Unscored', aiScore: undefined }),
      ]);
      await openProspects(api);
      await waitFor(() => expect(rows()).toHaveLength(7), LONG);

      const colours = rows().map((row) => {
        const badge = within(row).getByTestId('ai-score');
        return [badge.textContent, badge.getAttribute('data-color')];
      });
      expect(colours).toEqual([
        ['Score 90', 'green'],
        ['Score 89', 'blue'],
        ['Score 70', 'blue'],
        ['Score 69', 'yellow'],
        ['Score 50', 'yellow'],
        ['Score 49', 'red'],
        ['Not scored', null],
      ]);
    },
    SLOW,
  );

  it(
    'expands a row with the profile, match quality and reason and at most 3 recent posts, and links to the detail',
    async () => {
      const api = installFakeApi();
      serveFlow(api);
      serveProspects(api, [
        makeProspect({
          id: 'grace',
          name: 'Grace Hopper',
          status: 'PENDING',
          matchQuality: 'hot',
          matchReason: 'Leads compilers at a target company',
          recentPosts: [makePost(1), makePost(2), makePost(3), makePost(4)],
        }),
        makeProspect({ id: 'quiet', name: 'Quiet Person', recentPosts: [] }),
      ]);
      const { user } = await openProspects(api);
      await waitFor(() => expect(rows()).toHaveLength(2), LONG);

      const row = within(rows()[0]!);
      expect(row.getByTestId('prospect-status').textContent).toBe('Pending');
      expect(row.getByTestId('match-quality').textContent).toBe('Hot');
      expect(row.getByRole('link', { name: 'View details of Grace Hopper' }).getAttribute('href')).toBe(
        `/flows/${FLOW_ID}/prospects/grace`,
      );
      const toggle = row.getByRole('button', { name: /Grace Hopper/ });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(row.queryAllByTestId('recent-post')).toHaveLength(0);

      await user.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(row.getByText('Leads compilers at a target company')).toBeTruthy();
      expect(row.getByText('Arlington, VA')).toBeTruthy();
      const posts = row.getAllByTestId('recent-post');
      expect(posts).toHaveLength(3);
      expect(posts.map((post) => post.querySelector('p')?.textContent)).toEqual([
        'Post number 1 about compilers',
        'Post number 2 about compilers',
        'Post number 3 about compilers',
      ]);
      const first = within(posts[0]!);
      expect(first.getByTestId('post-liked').textContent).toContain('Liked');
      expect(first.getByTestId('post-metrics').textContent).toBe('11 likes, 1 comment, 1 share');
      expect(first.getByRole('link', { name: /View post/ }).getAttribute('href')).toBe(
        'https://www.linkedin.com/feed/update/urn:li:activity:1',
      );
      expect(within(posts[1]!).getByTestId('post-commented').textContent).toContain('Commented');
      expect(row.getByRole('link', { name: /View profile of Grace Hopper/ }).getAttribute('href')).toMatch(
        /^https:\/\/www\.linkedin\.com\/in\//,
      );

      const quiet = within(rows()[1]!);
      await user.click(quiet.getByRole('button', { name: /Quiet Person/ }));
      expect(quiet.getByText('No recent posts')).toBeTruthy();
    },
    SLOW,
  );

  it(
    "says 'No prospects found' for an empty list",
    async () => {
      const api = installFakeApi();
      serveFlow(api);
      serveProspects(api, []);
      await openProspects(api);
      expect(await screen.findByText(FLOW_TEXTS.empty.noProspects, {}, LONG)).toBeTruthy();
      expect(loadMore()).toBeNull();
    },
    SLOW,
  );

  it(
    "says 'Failed to load prospects' on a failure or an answer that is not success, and on a failed Load More",
    async () => {
      const api = installFakeApi();
      serveFlow(api);
      serveProspects(api, makeProspects(3), { status: 'error' });
      const { user } = await openProspects(api);
      expect(await screen.findByText(FLOW_TEXTS.errors.loadProspects, {}, LONG)).toBeTruthy();
      expect(rows()).toHaveLength(0);

      serveProspects(api, makeProspects(25));
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(rows()).toHaveLength(20), LONG);

      api.on('GET', PATH, SERVER_ERROR);
      await user.click(loadMore()!);
      expect(await screen.findByText(FLOW_TEXTS.errors.loadProspects, {}, LONG)).toBeTruthy();
      expect(rows()).toHaveLength(20);
    },
    SLOW,
  );

  it(
    "shows 'Flow not found' with a link to /flows when the flow is unknown",
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
    },
    SLOW,
  );
});
