import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProspectDetail } from '../../../shared/flow-insights-values';
import { FLOW_TEXTS } from '../../../shared/flow-texts';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';
import { FLOW_ID, makeProspectDetail, SERVER_ERROR, serveProspect } from './fake-insight-lists';

const LONG = { timeout: 5000 };
const SLOW = 15000;
const PATH = `/flows/${FLOW_ID}/prospects/grace`;
const SENT = '2025-03-11T10:00:00.000Z';
const LATER = '2025-03-20T10:00:00.000Z';

async function openProspect(api: FakeApi, prospect: ProspectDetail = makeProspectDetail()) {
  serveProspect(api, prospect);
  signInAs(api, makeUser({ plan: 'PLUS' }));
  const user = userEvent.setup();
  const view = renderApp(PATH);
  await screen.findByRole('heading', { name: prospect.name, level: 1 }, LONG);
  return { user, ...view };
}

const tab = (name: string) => screen.getByRole('tab', { name });
const selected = () =>
  screen
    .getAllByRole('tab')
    .filter((element) => element.getAttribute('aria-selected') === 'true')
    .map((element) => element.textContent);

describe('/flows/{flowId}/prospects/{prospectId}', () => {
  it(
    'shows the header card: initials, name, role, place, industry, profile link, score, match quality and reason, factors and connection',
    async () => {
      const api = installFakeApi();
      await openProspect(api);

      const header = within(screen.getByTestId('prospect-header'));
      expect(header.getByText('GH')).toBeTruthy();
      expect(header.getByTestId('prospect-role').textContent).toBe('VP Engineering at Navy Labs');
      expect(header.getByText('Arlington, VA')).toBeTruthy();
      expect(header.getByText('Software Development')).toBeTruthy();
      expect(header.getByRole('link', { name: /View profile of Grace Hopper/ }).getAttribute('href')).toBe(
        'https://www.linkedin.com/in/grace-hopper',
      );
      const score = header.getByTestId('ai-score');
      expect(score.textContent).toBe('Score 92');
      expect(score.getAttribute('data-color')).toBe('green');
      expect(header.getByTestId('match-quality').textContent).toBe('Hot');
      expect(header.getByTestId('match-reason').textContent).toBe(
        'Leads an engineering team in the target industry',
      );

      const factors = header.getAllByTestId('relevance-factor');
      expect(factors).toHaveLength(2);
      expect(within(factors[0]!).getByText('Job title')).toBeTruthy();
      expect(within(factors[0]!).getByTestId('factor-weight').textContent).toBe('Weight 80%');
      expect(within(factors[0]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('80');
      expect(within(factors[0]!).getByText('VP Engineering matches "engineering leaders"')).toBeTruthy();
      expect(within(factors[1]!).getByTestId('factor-weight').textContent).toBe('Weight 35%');

      const connection = within(header.getByTestId('prospect-connection'));
      expect(connection.getByText('Request sent')).toBeTruthy();
      expect(connection.getByText('Accepted')).toBeTruthy();
      expect(connection.queryByText('Declined')).toBeNull();
      expect(connection.getByText('Hi Grace, loved your talk on compilers.')).toBeTruthy();

      // Headings in order: the name (h1), then the card's sections (h2), then the factors (h3).
      const levels = screen
        .getAllByRole('heading')
        .filter((heading) => heading.closest('main'))
        .map((heading) => Number(heading.tagName.slice(1)));
      expect(levels[0]).toBe(1);
      for (let index = 1; index < levels.length; index++) {
        expect(levels[index]! - levels[index - 1]!).toBeLessThanOrEqual(1);
      }
      expect(screen.getByRole('link', { name: 'Back to prospects' }).getAttribute('href')).toBe(
        `/flows/${FLOW_ID}/prospects`,
      );
    },
    SLOW,
  );

  it(
    'opens on the Activity Timeline; clicking the open tab again collapses it, also from the keyboard',
    async () => {
      const api = installFakeApi();
      const { user } = await openProspect(api);

      expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual([
        'Activity Timeline',
        'Engagements',
        'Recent Posts',
        'Companies',
      ]);
      expect(selected()).toEqual(['Activity Timeline']);
      const timeline = within(screen.getByRole('tabpanel'));
      expect(timeline.getByText('Profile discovered')).toBeTruthy();
      expect(timeline.getByText('Found in a people search')).toBeTruthy();
      expect(timeline.getByText('Invitation sent with a note')).toBeTruthy();

      await user.click(tab('Activity Timeline'));
      expect(selected()).toEqual([]);
      expect(screen.queryByRole('tabpanel')).toBeNull();
      // Collapsed, every tab can still be reached with Tab.
      expect(tab('Activity Timeline').getAttribute('tabindex')).toBe('0');

      await user.click(tab('Engagements'));
      expect(selected()).toEqual(['Engagements']);
      const engagements = within(screen.getByRole('tabpanel'));
      expect(engagements.getByText('Post commented')).toBeTruthy();
      expect(engagements.getByText('Why COBOL still matters')).toBeTruthy();
      expect(engagements.getByText('Great point about readability.')).toBeTruthy();

      // Enter on the open tab collapses it, and opens it again.
      tab('Engagements').focus();
      await user.keyboard('{Enter}');
      expect(selected()).toEqual([]);
      await user.keyboard('{Enter}');
      expect(selected()).toEqual(['Engagements']);

      await user.click(tab('Recent Posts'));
      const posts = within(screen.getByRole('tabpanel')).getAllByTestId('recent-post');
      expect(posts).toHaveLength(2);

      await user.click(tab('Companies'));
      const companies = within(screen.getByRole('tabpanel'));
      expect(companies.getByText('Navy Labs')).toBeTruthy();
      expect(companies.getByText('Hiring')).toBeTruthy();
      expect(companies.getByText('201-500')).toBeTruthy();
      expect(companies.getByRole('link', { name: /Website/ }).getAttribute('href')).toBe(
        'https://navylabs.example/',
      );
    },
    SLOW,
  );

  it(
    "shows 'No engagements found', 'No posts found' and 'No companies found', and a prospect never contacted",
    async () => {
      const api = installFakeApi();
      const { user } = await openProspect(
        api,
        makeProspectDetail({
          status: 'FOUND',
          engagements: [],
          recentPosts: [],
          companies: [],
          connection: {},
          aiScore: 49,
        }),
      );
      expect(screen.getByText('Not contacted yet')).toBeTruthy();
      expect(screen.getByTestId('ai-score').getAttribute('data-color')).toBe('red');

      await user.click(tab('Engagements'));
      expect(within(screen.getByRole('tabpanel')).getByText(FLOW_TEXTS.empty.noEngagements)).toBeTruthy();
      await user.click(tab('Recent Posts'));
      expect(within(screen.getByRole('tabpanel')).getByText(FLOW_TEXTS.empty.noPosts)).toBeTruthy();
      await user.click(tab('Companies'));
      expect(within(screen.getByRole('tabpanel')).getByText(FLOW_TEXTS.empty.noCompanies)).toBeTruthy();
    },
    SLOW,
  );

  it.each([
    ['FOUND', {}, 'Found', 'Not contacted yet'],
    ['CONTACTED', {}, 'Contacted', 'Engaged with their posts, not invited yet'],
    ['PENDING', { sentAt: SENT }, 'Pending', 'Invitation sent, waiting for an answer'],
    ['PENDING', { sentAt: SENT, withdrawnAt: LATER }, 'Pending', 'Invitation withdrawn'],
    ['ACCEPTED', { sentAt: SENT, acceptedAt: LATER }, 'Accepted', 'Connected'],
    ['DECLINED', { sentAt: SENT, declinedAt: LATER }, 'Declined', 'Invitation declined'],
  ] as const)(
    'says where a %s prospect stands with a connection line that agrees with the status (%j)',
    async (status, connection, statusLabel, line) => {
      const api = installFakeApi();
      await openProspect(api, makeProspectDetail({ status, connection }));
      const header = within(screen.getByTestId('prospect-header'));
      expect(header.getByTestId('prospect-status').textContent).toBe(statusLabel);
      expect(header.getByTestId('connection-state').textContent).toBe(line);
      if (status !== 'FOUND') expect(header.queryByText('Not contacted yet')).toBeNull();
    },
    SLOW,
  );

  it(
    'shows the photo it was given, a data: image too, and the initials instead when it does not load: never a broken image',
    async () => {
      const api = installFakeApi();
      const photo = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E';
      await openProspect(api, makeProspectDetail({ profileImage: photo }));
      const header = screen.getByTestId('prospect-header');
      const image = header.querySelector('img');
      expect(image?.getAttribute('src')).toBe(photo);
      expect(within(header).queryByText('GH')).toBeNull();

      // Blocked or gone (the local cloud's http://localhost address under the CSP, an expired link).
      fireEvent.error(image!);
      await waitFor(() => expect(header.querySelector('img')).toBeNull());
      expect(within(header).getByText('GH')).toBeTruthy();
    },
    SLOW,
  );

  it(
    "Refresh reads the prospect again and says 'Prospect details refreshed'; a failed one says so",
    async () => {
      const api = installFakeApi();
      const { user } = await openProspect(api);

      serveProspect(api, makeProspectDetail({ aiScore: 71 }));
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(await screen.findByText(FLOW_TEXTS.toasts.prospectDetailsRefreshed, {}, LONG)).toBeTruthy();
      await waitFor(() => expect(screen.getByTestId('ai-score').textContent).toBe('Score 71'));
      expect(screen.getByTestId('ai-score').getAttribute('data-color')).toBe('blue');

      api.on('GET', `/flows/${FLOW_ID}/prospects/grace`, SERVER_ERROR);
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(await screen.findByText(FLOW_TEXTS.errors.loadProspectDetails, {}, LONG)).toBeTruthy();
    },
    SLOW,
  );

  it(
    "shows 'Prospect not found' for an unknown prospect, with the back link to the prospects",
    async () => {
      const api = installFakeApi();
      api.on('GET', `/flows/${FLOW_ID}/prospects/grace`, {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Prospect not found' },
      });
      signInAs(api, makeUser({ plan: 'PLUS' }));
      renderApp(PATH);
      expect(
        await screen.findByRole('heading', { name: FLOW_TEXTS.empty.prospectNotFound, level: 1 }, LONG),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to prospects' }).getAttribute('href')).toBe(
        `/flows/${FLOW_ID}/prospects`,
      );
    },
    SLOW,
  );

  it(
    "says 'Failed to load prospect details' when the prospect cannot be read, and Retry reads it again",
    async () => {
      const api = installFakeApi();
      api.on('GET', `/flows/${FLOW_ID}/prospects/grace`, SERVER_ERROR);
      signInAs(api, makeUser({ plan: 'PLUS' }));
      const user = userEvent.setup();
      renderApp(PATH);
      expect(await screen.findByText(FLOW_TEXTS.errors.loadProspectDetails, {}, LONG)).toBeTruthy();

      serveProspect(api, makeProspectDetail());
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('heading', { name: 'Grace Hopper', level: 1 }, LONG)).toBeTruthy();
    },
    SLOW,
  );
});
