import { notificationsStore } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '../../../shared/leads';
import { automationOf } from '../automations/automation-fixtures';
import { generateLeads, LONG, openLeads, SLOW } from './leads-fixtures';

const heading = (name: string) => screen.findByRole('heading', { name, level: 1 }, LONG);
const rows = () => screen.getAllByTestId('lead-row');
const rowNames = () => screen.queryAllByTestId('lead-name').map((el) => el.textContent);
const counters = () => screen.getByTestId('counters').textContent ?? '';
const showing = () => screen.getByTestId('showing').textContent;
const pageCheckbox = () => screen.getByTestId('page-checkbox') as HTMLInputElement;
const leadCheckbox = (name: string) =>
  screen.getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement;
const searchBox = () => screen.getByRole('textbox', { name: 'Search leads' });
const notificationMessages = () => {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((n) => String(n.message));
};

/** Waits for the table (the loading skeleton gone) and the given data badge. */
async function loaded(badge: 'Live Data' | 'Demo Data') {
  await heading('Extracted Leads');
  expect(await screen.findByText(badge, {}, LONG)).toBeTruthy();
  await screen.findByTestId('leads-table', {}, LONG);
}

/** Picks `option` in the Mantine Select labelled `label`. */
async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: label }), option);
}

let scrollTo: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/automations/:automationId/leads: loading', () => {
  it(
    "shows 'Extracted Leads', a Back link to the automation and 'Live Data' with the automation's leads",
    async () => {
      const leads = generateLeads(3);
      const { api } = openLeads({ leads });
      await loaded('Live Data');
      expect(screen.queryByText('Demo Data')).toBeNull();
      expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/automations/auto-1');
      expect(rowNames()).toEqual(['Person 001', 'Person 002', 'Person 003']);
      expect(counters()).toContain('3 leads found');
      expect(counters()).toContain('0 selected');
      expect(screen.getByText('Follower Extractor auto-1')).toBeTruthy();
      // One page: no pagination.
      expect(screen.queryByTestId('showing')).toBeNull();
      expect(api.callsTo('GET', '/automation/leads/auto-1?limit=200')).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'Back goes to the automation detail',
    async () => {
      const user = userEvent.setup();
      const { router } = openLeads({ leads: generateLeads(2) });
      await loaded('Live Data');
      await user.click(screen.getByRole('link', { name: 'Back' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/automations/auto-1'), LONG);
      await waitFor(
        () => expect(screen.queryByRole('heading', { name: 'Extracted Leads' })).toBeNull(),
        LONG,
      );
    },
    SLOW,
  );

  it(
    'reads a whole automation chunk by chunk after the cursor (200 first, then 1000 at a time)',
    async () => {
      const leads = generateLeads(1450);
      const { api, automation } = openLeads({ leads });
      await loaded('Live Data');
      await waitFor(() => expect(counters()).toContain('1,450 leads found'), LONG);
      const paths = api.calls.filter((c) => c.path.startsWith('/automation/leads/')).map((c) => c.path);
      expect(paths).toEqual([
        '/automation/leads/auto-1?limit=200',
        '/automation/leads/auto-1?limit=1000&after=p200',
        '/automation/leads/auto-1?limit=1000&after=p1200',
      ]);
      expect(automation.totalLeads).toBe(1450);
      expect(showing()).toBe('Showing 1 to 20 of 1,450 results');
    },
    SLOW,
  );

  it(
    "draws a list that is whole within a second once: page 1 shows the list's most recent leads from the start",
    async () => {
      // The API pages by profile id; here the latest profiles are the most recent leads, so the first
      // chunk's most recent 20 are not the list's (issue 38: drawn, then replaced).
      const now = Date.now();
      const leads = generateLeads(1450, now).map((lead, i, all) => ({
        ...lead,
        extractedAt: new Date(now - (all.length - i) * 3_600_000).toISOString(),
      }));
      const firstDrawn: Array<Array<string | null>> = [];
      const observer = new MutationObserver(() => {
        const names = [...document.querySelectorAll('[data-testid="lead-name"]')].map((el) => el.textContent);
        if (names.length > 0 && firstDrawn.length === 0) firstDrawn.push(names);
      });
      observer.observe(document.body, { childList: true, subtree: true });
      const { api } = openLeads({ leads });
      // The next chunk comes a moment after the first (within the second), as over a network.
      api.on('GET', '/automation/leads/auto-1?limit=1000&after=p200', async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const chunk = leads.slice(200, 1200);
        return {
          status: 200,
          body: { success: true, data: { leads: chunk, totalLeads: 1450, nextAfter: chunk.at(-1)?.id } },
        };
      });
      await loaded('Live Data');
      await waitFor(() => expect(counters()).toContain('1,450 leads found'), LONG);
      observer.disconnect();
      const mostRecent = Array.from({ length: 20 }, (_, i) => `Person ${1450 - i}`);
      expect(rowNames()).toEqual(mostRecent);
      expect(firstDrawn).toEqual([mostRecent]);
    },
    SLOW,
  );

  it(
    'shows the leads that came when a later chunk fails, and says that not all could be loaded',
    async () => {
      const leads = generateLeads(1450);
      const { api } = openLeads({ leads });
      // The second chunk fails: the first 200 stay listed, with the note, never the demo leads.
      api.on('GET', '/automation/leads/auto-1?limit=1000&after=p200', {
        status: 500,
        body: { code: 'INTERNAL_ERROR', message: 'Something went wrong' },
      });
      await loaded('Live Data');
      const note = await screen.findByTestId('partial-leads', {}, LONG);
      expect(note.textContent).toBe('Only 200 of 1,450 leads could be loaded. Refresh to try again.');
      expect(counters()).toContain('200 leads found');
      expect(screen.queryByText('Demo Data')).toBeNull();
    },
    SLOW,
  );

  it(
    "reads a job's leads by the job id in the route and goes Back to its automation",
    async () => {
      const automation = automationOf('auto-7', { jobId: 'auto-7.3', status: 'completed', totalLeads: 2 });
      const { api } = openLeads({ automation, leads: generateLeads(2) });
      await loaded('Live Data');
      expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/automations/auto-7');
      expect(api.callsTo('GET', '/automation/leads/auto-7.3?limit=200')).toHaveLength(1);
    },
    SLOW,
  );

  it(
    "shows the 48 demo leads under 'Demo Data' when the automation has no leads",
    async () => {
      openLeads({ leads: [] });
      await loaded('Demo Data');
      expect(screen.queryByText('Live Data')).toBeNull();
      expect(rows()).toHaveLength(20);
      expect(showing()).toBe('Showing 1 to 20 of 48 results');
      expect(counters()).toContain('48 leads found');
      expect(
        screen.getByText('Demo leads show what your data will look like; they cannot be exported.'),
      ).toBeTruthy();
    },
    SLOW,
  );

  it(
    'falls back to the demo leads silently when the leads call fails',
    async () => {
      openLeads({ leads: () => ({ status: 500, body: { code: 'INTERNAL', message: 'Boom' } }) });
      await loaded('Demo Data');
      expect(showing()).toBe('Showing 1 to 20 of 48 results');
      expect(screen.queryByText('Failed to load leads data')).toBeNull();
      // Nothing was announced: no notification at all.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(notificationMessages()).toEqual([]);
      expect(screen.queryByRole('alert')).toBeNull();
    },
    SLOW,
  );

  it(
    "shows 'Failed to load leads data' when the automation list cannot be read",
    async () => {
      const { api } = openLeads({
        automations: () => ({ status: 500, body: { code: 'INTERNAL', message: 'Boom' } }),
      });
      await heading('Failed to load leads data');
      expect(screen.queryByText('Extracted Leads')).toBeNull();
      expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
      expect(api.calls.some((c) => c.path.startsWith('/automation/leads/'))).toBe(false);
    },
    SLOW,
  );
});

describe('/automations/:automationId/leads: the enrichment banner', () => {
  const withEnrichment = (enrichment: NonNullable<ReturnType<typeof automationOf>['enrichment']>) =>
    automationOf('auto-1', { status: 'completed', totalLeads: 2, enrichment });

  it(
    "shows 'All Profiles Enriched' when enrichment is completed, without a bar",
    async () => {
      openLeads({
        automation: withEnrichment({ status: 'completed', enrichedCount: 2, totalExpected: 2 }),
        leads: generateLeads(2),
      });
      await loaded('Live Data');
      const banner = screen.getByTestId('enrichment');
      expect(banner.textContent).toContain('All Profiles Enriched');
      expect(within(banner).queryByRole('progressbar')).toBeNull();
    },
    SLOW,
  );

  it(
    "shows 'Enriching Profiles...' with enriched/total and the percentage while enriching",
    async () => {
      openLeads({
        automation: withEnrichment({ status: 'enriching', enrichedCount: 30, totalExpected: 120 }),
        leads: generateLeads(2),
      });
      await loaded('Live Data');
      const banner = screen.getByTestId('enrichment');
      expect(banner.textContent).toContain('Enriching Profiles...');
      expect(banner.textContent).toContain('30/120 (25%)');
      expect(within(banner).getByRole('progressbar')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows a bar of at least 10% when enrichment has barely started',
    async () => {
      openLeads({
        automation: withEnrichment({ status: 'enriching', enrichedCount: 1, totalExpected: 200 }),
        leads: generateLeads(2),
      });
      await loaded('Live Data');
      const banner = screen.getByTestId('enrichment');
      expect(banner.textContent).toContain('1/200 (1%)');
      expect(within(banner).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('10');
    },
    SLOW,
  );

  it(
    "shows 'Basic Data Loaded' for any other enrichment status",
    async () => {
      openLeads({
        automation: withEnrichment({ status: 'stopped', enrichedCount: 5, totalExpected: 10 }),
        leads: generateLeads(2),
      });
      await loaded('Live Data');
      const banner = screen.getByTestId('enrichment');
      expect(banner.textContent).toContain('Basic Data Loaded');
      expect(banner.textContent).not.toContain('Enriching Profiles...');
    },
    SLOW,
  );

  it(
    'shows no banner when the automation has no enrichment status',
    async () => {
      openLeads({ leads: generateLeads(2) });
      await loaded('Live Data');
      expect(screen.queryByTestId('enrichment')).toBeNull();
    },
    SLOW,
  );
});

describe('/automations/:automationId/leads: rows', () => {
  it(
    "shows each lead's name, headline, skill chips with '+n', role line, website and a View link in a new tab",
    async () => {
      const lead: Lead = {
        ...generateLeads(1)[0]!,
        name: 'Grace Hopper',
        headline: 'Rear Admiral of code',
        skills: 'COBOL • Compilers • Leadership • Navy • Math • Teaching • Debugging • Nanoseconds',
        title: 'Rear Admiral',
        company: 'US Navy',
        location: 'Arlington',
        website: 'https://www.grace.example.com/about',
        profileUrl: 'https://www.linkedin.com/in/grace',
      };
      openLeads({ leads: [lead] });
      await loaded('Live Data');
      const row = rows()[0]!;
      expect(within(row).getByText('Grace Hopper')).toBeTruthy();
      expect(within(row).getByText('Rear Admiral of code')).toBeTruthy();
      const chips = within(row).getByTestId('skill-chips');
      expect(within(chips).getByText('COBOL')).toBeTruthy();
      expect(within(chips).getByText('Teaching')).toBeTruthy();
      expect(within(chips).queryByText('Debugging')).toBeNull();
      expect(within(chips).getByText('+2')).toBeTruthy();
      expect(within(row).getByText('Rear Admiral at US Navy · Arlington')).toBeTruthy();
      const website = within(row).getByRole('link', { name: 'grace.example.com' });
      expect(website.getAttribute('href')).toBe('https://www.grace.example.com/about');
      expect(website.getAttribute('target')).toBe('_blank');
      const view = within(row).getByRole('link', { name: /View Grace Hopper's profile/ });
      expect(view.textContent).toContain('View');
      expect(view.getAttribute('href')).toBe('https://www.linkedin.com/in/grace');
      expect(view.getAttribute('target')).toBe('_blank');
      expect(view.getAttribute('rel')).toContain('noopener');
    },
    SLOW,
  );

  it(
    'shows the profile picture, and the initials instead when there is none or it does not load',
    async () => {
      const [withPicture, without] = generateLeads(2).map((lead, i) => ({
        ...lead,
        name: i === 0 ? 'Ada Lovelace' : 'Grace Hopper',
        profileImage: i === 0 ? 'https://media.example.com/ada.jpg' : undefined,
      }));
      openLeads({ leads: [withPicture!, without!] });
      await loaded('Live Data');
      const [adaRow, graceRow] = ['Ada Lovelace', 'Grace Hopper'].map(
        (name) => rows().find((row) => row.textContent?.includes(name))!,
      );
      expect(graceRow!.querySelector('img')).toBeNull();
      expect(graceRow!.textContent).toContain('GH');
      const picture = adaRow!.querySelector('img')!;
      expect(picture.getAttribute('src')).toBe('https://media.example.com/ada.jpg');
      fireEvent.error(picture);
      await waitFor(() => expect(adaRow!.querySelector('img')).toBeNull());
      expect(adaRow!.textContent).toContain('AL');
    },
    SLOW,
  );

  it(
    "shows 'Unknown User' for a lead without a name, and a disabled View without a profile link",
    async () => {
      const lead: Lead = { ...generateLeads(1)[0]!, name: '', profileUrl: '' };
      openLeads({ leads: [lead] });
      await loaded('Live Data');
      expect(rowNames()).toEqual(['Unknown User']);
      const view = screen.getByRole('button', { name: 'View' }) as HTMLButtonElement;
      expect(view.disabled).toBe(true);
      expect(view.title).toBe('No profile link');
    },
    SLOW,
  );

  it(
    'shows the handle, Verified and Private badges, the counts and how a post engager engaged (DECISIONS 26)',
    async () => {
      const long = `${'Really insightful thread about pricing. '.repeat(5)}The end.`;
      const x: Lead = {
        ...generateLeads(1)[0]!,
        id: 'x1',
        name: 'Ada Lovelace',
        headline: undefined,
        title: undefined,
        company: undefined,
        location: undefined,
        handle: 'ada',
        followersCount: 1234,
        followingCount: 1,
        verified: true,
        isPrivate: true,
        engagement: { type: 'commented', text: long, at: '2026-01-10T12:00:00.000Z' },
      };
      const liker: Lead = {
        ...generateLeads(2)[1]!,
        id: 'x2',
        name: 'Bob Liker',
        handle: 'bob',
        followersCount: 1,
        verified: false,
        isPrivate: false,
        engagement: { type: 'liked' },
      };
      const linkedin: Lead = { ...generateLeads(3)[2]!, name: 'Carl Plain' };
      openLeads({ leads: [x, liker, linkedin] });
      await loaded('Live Data');
      const rowOf = (name: string) => rows().find((row) => row.textContent?.includes(name))!;

      const ada = rowOf('Ada Lovelace');
      const account = within(ada).getByTestId('lead-account');
      // Read as text, in order; the dots between the parts are drawn, not read.
      expect(account.textContent).toBe('@ada · Verified · Private · 1,234 followers · 1 following');
      expect(within(account).getByTestId('verified-badge').textContent).toBe('Verified');
      expect(within(account).getByTestId('private-badge').textContent).toBe('Private');
      for (const dot of account.querySelectorAll('[aria-hidden="true"]'))
        expect(['·', '']).toContain(dot.textContent);
      const engagement = within(ada).getByTestId('lead-engagement');
      expect(engagement.textContent).toMatch(/^Commented on Jan 10, 2026: Really insightful/);
      expect(engagement.querySelector('time')?.getAttribute('datetime')).toBe('2026-01-10T12:00:00.000Z');
      // The comment is cut short in the row, the whole of it in the tooltip.
      const quote = engagement.querySelector('q')!;
      expect(quote.textContent!.endsWith('…')).toBe(true);
      expect(Array.from(quote.textContent!).length).toBe(141);
      expect(quote.getAttribute('title')).toBe(long);
      // Nothing folded into the headline.
      expect(ada.textContent).not.toContain('Headline');

      const bob = rowOf('Bob Liker');
      expect(within(bob).getByTestId('lead-account').textContent).toBe('@bob · 1 follower');
      expect(within(bob).queryByTestId('verified-badge')).toBeNull();
      expect(within(bob).queryByTestId('private-badge')).toBeNull();
      expect(within(bob).getByTestId('lead-engagement').textContent).toBe('Liked');

      // A lead without these fields shows neither line.
      const carl = rowOf('Carl Plain');
      expect(within(carl).queryByTestId('lead-account')).toBeNull();
      expect(within(carl).queryByTestId('lead-engagement')).toBeNull();
    },
    SLOW,
  );

  it(
    'shows exactly 6 chips without a "+n" when a lead has 6 skills',
    async () => {
      const lead: Lead = { ...generateLeads(1)[0]!, skills: 'A1 • B2 • C3 • D4 • E5 • F6' };
      openLeads({ leads: [lead] });
      await loaded('Live Data');
      const chips = screen.getByTestId('skill-chips');
      expect(within(chips).getByText('F6')).toBeTruthy();
      expect(within(chips).queryByText(/^\+/)).toBeNull();
    },
    SLOW,
  );
});

describe('/automations/:automationId/leads: search, filter and sort', () => {
  it(
    "narrows the list as the user types, and shows 'No leads found' with the hint when nothing matches",
    async () => {
      const user = userEvent.setup();
      openLeads({ leads: generateLeads(45) });
      await loaded('Live Data');
      await user.type(searchBox(), 'person 03');
      await waitFor(() => expect(rows()).toHaveLength(10), LONG);
      expect(counters()).toContain('10 leads found');
      expect(screen.queryByTestId('showing')).toBeNull();

      await user.clear(searchBox());
      await user.type(searchBox(), 'nobody at all');
      const empty = await screen.findByTestId('leads-empty', {}, LONG);
      expect(empty.textContent).toContain('No leads found');
      expect(empty.textContent).toContain('Try adjusting your search or filters');
      expect(empty.textContent).not.toContain('No leads have been extracted yet');
      expect(counters()).toContain('0 leads found');
      expect((screen.getByRole('button', { name: 'Select Page' }) as HTMLButtonElement).disabled).toBe(true);

      await user.clear(searchBox());
      await waitFor(() => expect(counters()).toContain('45 leads found'), LONG);
      expect(showing()).toBe('Showing 1 to 20 of 45 results');
    },
    SLOW,
  );

  it(
    "'Recent (7 days)' keeps only the leads of the last 7 days, 'All Leads' brings the rest back",
    async () => {
      const user = userEvent.setup();
      const now = Date.now();
      const leads: Lead[] = [
        { ...generateLeads(1, now)[0]!, id: 'new', name: 'New Lead' },
        {
          ...generateLeads(1, now)[0]!,
          id: 'old',
          name: 'Old Lead',
          extractedAt: new Date(now - 8 * 24 * 3_600_000).toISOString(),
        },
      ];
      openLeads({ leads });
      await loaded('Live Data');
      expect(rowNames()).toEqual(['New Lead', 'Old Lead']);
      await pick(user, 'Filter leads', 'Recent (7 days)');
      await waitFor(() => expect(rowNames()).toEqual(['New Lead']), LONG);
      expect(counters()).toContain('1 lead found');
      await pick(user, 'Filter leads', 'All Leads');
      await waitFor(() => expect(rowNames()).toEqual(['New Lead', 'Old Lead']), LONG);
    },
    SLOW,
  );

  it(
    "'Name A-Z' sorts by name, a nameless lead as 'Unknown User'; 'Recently Added' lists the newest first",
    async () => {
      const user = userEvent.setup();
      const [a, b, c, d] = generateLeads(4);
      openLeads({
        leads: [
          { ...a!, name: 'Zed Zulu' },
          { ...b!, name: '' },
          { ...c!, name: 'amy Adams' },
          { ...d!, name: 'Bob Brown' },
        ],
      });
      await loaded('Live Data');
      expect(rowNames()).toEqual(['Zed Zulu', 'Unknown User', 'amy Adams', 'Bob Brown']);
      // Two sorts are offered; the company sort is not.
      const sortBy = screen.getByRole('combobox', { name: 'Sort leads' });
      expect(
        within(sortBy)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Recently Added', 'Name A-Z']);
      await pick(user, 'Sort leads', 'Name A-Z');
      await waitFor(
        () => expect(rowNames()).toEqual(['amy Adams', 'Bob Brown', 'Unknown User', 'Zed Zulu']),
        LONG,
      );
      await pick(user, 'Sort leads', 'Recently Added');
      await waitFor(
        () => expect(rowNames()).toEqual(['Zed Zulu', 'Unknown User', 'amy Adams', 'Bob Brown']),
        LONG,
      );
    },
    SLOW,
  );
});

describe('/automations/:automationId/leads: pagination', () => {
  it(
    'pages 20 at a time with Previous, Next and a sliding window of 5 page buttons, scrolling to the top',
    async () => {
      const user = userEvent.setup();
      openLeads({ leads: generateLeads(200) });
      await loaded('Live Data');
      const nav = () => screen.getByRole('navigation', { name: 'Pages of leads' });
      const pageButtons = () =>
        within(nav())
          .getAllByRole('button', { name: /^Page \d+$/ })
          .map((b) => b.textContent);
      const button = (name: string) => within(nav()).getByRole('button', { name }) as HTMLButtonElement;

      expect(showing()).toBe('Showing 1 to 20 of 200 results');
      expect(button('Previous').disabled).toBe(true);
      expect(button('Next').disabled).toBe(false);
      expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);
      expect(button('Page 1').getAttribute('aria-current')).toBe('page');
      expect(scrollTo).not.toHaveBeenCalled();

      await user.click(button('Next'));
      expect(showing()).toBe('Showing 21 to 40 of 200 results');
      expect(rowNames()[0]).toBe('Person 021');
      expect(button('Previous').disabled).toBe(false);
      expect(scrollTo).toHaveBeenCalledTimes(1);
      expect(scrollTo).toHaveBeenLastCalledWith({ top: 0 });

      await user.click(button('Page 5'));
      expect(pageButtons()).toEqual(['3', '4', '5', '6', '7']);
      expect(button('Page 5').getAttribute('aria-current')).toBe('page');
      expect(showing()).toBe('Showing 81 to 100 of 200 results');
      expect(scrollTo).toHaveBeenCalledTimes(2);

      await user.click(button('Page 7'));
      await user.click(button('Page 9'));
      await user.click(button('Page 10'));
      expect(pageButtons()).toEqual(['6', '7', '8', '9', '10']);
      expect(showing()).toBe('Showing 181 to 200 of 200 results');
      expect(button('Next').disabled).toBe(true);

      await user.click(button('Previous'));
      expect(showing()).toBe('Showing 161 to 180 of 200 results');
      expect(scrollTo).toHaveBeenCalledTimes(6);
    },
    SLOW,
  );

  it(
    'shows the last page partly filled and goes back to page 1 when the search changes',
    async () => {
      const user = userEvent.setup();
      openLeads({ leads: generateLeads(45) });
      await loaded('Live Data');
      const nav = screen.getByRole('navigation', { name: 'Pages of leads' });
      expect(within(nav).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(3);
      await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
      expect(showing()).toBe('Showing 41 to 45 of 45 results');
      expect(rows()).toHaveLength(5);
      await user.type(searchBox(), 'Person');
      await waitFor(() => expect(showing()).toBe('Showing 1 to 20 of 45 results'), LONG);
    },
    SLOW,
  );
});

describe('/automations/:automationId/leads: selection', () => {
  it(
    'keeps the selection across pages and searches',
    async () => {
      const user = userEvent.setup();
      openLeads({ leads: generateLeads(45) });
      await loaded('Live Data');
      await user.click(leadCheckbox('Person 001'));
      await user.click(leadCheckbox('Person 002'));
      expect(counters()).toContain('2 selected');

      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(leadCheckbox('Person 021').checked).toBe(false);
      await user.click(leadCheckbox('Person 021'));
      expect(counters()).toContain('3 selected');

      await user.type(searchBox(), 'Person 04');
      await waitFor(() => expect(rows()).toHaveLength(6), LONG);
      expect(counters()).toContain('3 selected');
      // Only listed leads are exported, and none of the selected ones is listed now.
      expect(screen.queryByRole('button', { name: /^Export \([1-9]/ })).toBeNull();

      await user.clear(searchBox());
      await waitFor(() => expect(counters()).toContain('45 leads found'), LONG);
      expect(counters()).toContain('3 selected');
      expect(leadCheckbox('Person 001').checked).toBe(true);
      expect(leadCheckbox('Person 002').checked).toBe(true);
      expect(leadCheckbox('Person 003').checked).toBe(false);
      expect(screen.getByRole('button', { name: 'Export (3)' })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(leadCheckbox('Person 021').checked).toBe(true);
    },
    SLOW,
  );

  it(
    "'Select Page' selects the whole page, 'Deselect Page' clears it, and the page checkbox shows a partial page",
    async () => {
      const user = userEvent.setup();
      openLeads({ leads: generateLeads(45) });
      await loaded('Live Data');
      expect(pageCheckbox().checked).toBe(false);
      expect(pageCheckbox().indeterminate).toBe(false);

      await user.click(leadCheckbox('Person 005'));
      expect(pageCheckbox().indeterminate).toBe(true);
      expect(pageCheckbox().checked).toBe(false);

      await user.click(screen.getByRole('button', { name: 'Select Page' }));
      expect(counters()).toContain('20 selected');
      expect(pageCheckbox().checked).toBe(true);
      expect(pageCheckbox().indeterminate).toBe(false);
      expect(leadCheckbox('Person 020').checked).toBe(true);

      await user.click(screen.getByRole('button', { name: 'Deselect Page' }));
      expect(counters()).toContain('0 selected');
      expect(screen.getByRole('button', { name: 'Select Page' })).toBeTruthy();
      expect(leadCheckbox('Person 005').checked).toBe(false);

      // The page checkbox does the same; another page's selection is left alone.
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await user.click(leadCheckbox('Person 030'));
      await user.click(screen.getByRole('button', { name: 'Previous' }));
      await user.click(pageCheckbox());
      expect(counters()).toContain('21 selected');
      await user.click(pageCheckbox());
      expect(counters()).toContain('1 selected');
      expect(pageCheckbox().checked).toBe(false);
    },
    SLOW,
  );
});

describe('/automations/:automationId/leads: export', () => {
  beforeAll(() => {
    // jsdom has no object URLs; the download's revocation timer may fire after a test, so these stay.
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:leads-export'),
      revokeObjectURL: vi.fn(),
    });
  });

  it(
    "shows 'Export (n)' only with a selection",
    async () => {
      const user = userEvent.setup();
      openLeads({ leads: generateLeads(3) });
      await loaded('Live Data');
      expect(screen.queryByRole('button', { name: /^Export/ })).toBeNull();
      await user.click(leadCheckbox('Person 001'));
      expect(screen.getByRole('button', { name: 'Export (1)' })).toBeTruthy();
      await user.click(leadCheckbox('Person 001'));
      expect(screen.queryByRole('button', { name: /^Export/ })).toBeNull();
    },
    SLOW,
  );

  it(
    'never offers to export demo leads',
    async () => {
      const user = userEvent.setup();
      openLeads({ leads: [] });
      await loaded('Demo Data');
      await user.click(screen.getByRole('button', { name: 'Select Page' }));
      expect(counters()).toContain('20 selected');
      expect(screen.queryByRole('button', { name: /^Export/ })).toBeNull();
    },
    SLOW,
  );

  it(
    'downloads leads-export-YYYY-MM-DD.csv with the selected leads and says so',
    async () => {
      const user = userEvent.setup();
      const clicked: HTMLAnchorElement[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
      });
      openLeads({ leads: generateLeads(5) });
      await loaded('Live Data');
      await user.click(leadCheckbox('Person 002'));
      await user.click(leadCheckbox('Person 004'));
      await user.click(screen.getByRole('button', { name: 'Export (2)' }));

      expect(await screen.findByText('Exported 2 leads with enhanced profile data', {}, LONG)).toBeTruthy();
      expect(clicked).toHaveLength(1);
      const today = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      expect(clicked[0]!.download).toBe(
        `leads-export-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.csv`,
      );
      expect(clicked[0]!.getAttribute('href')).toBe('blob:leads-export');
      const blob = vi.mocked(URL.createObjectURL).mock.calls.at(-1)![0] as Blob;
      const csv = await blob.text();
      expect(csv).toContain('Person 002');
      expect(csv).toContain('Person 004');
      expect(csv).not.toContain('Person 001');
    },
    SLOW,
  );
});

describe('/automations/:automationId/leads: export formats (DECISIONS 30)', () => {
  const formatSelect = () => screen.getByRole('combobox', { name: 'Export format' }) as HTMLSelectElement;
  const optionOf = (label: RegExp) =>
    within(formatSelect()).getByRole('option', { name: label }) as HTMLOptionElement;
  const today = () => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  };

  beforeAll(() => {
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:leads-export'),
      revokeObjectURL: vi.fn(),
    });
  });

  it(
    'offers a FREE user CSV only: JSON, Excel and PDF shown disabled, with the upgrade hint',
    async () => {
      const user = userEvent.setup();
      openLeads({ leads: generateLeads(2), plan: 'FREE' });
      await loaded('Live Data');
      await user.click(leadCheckbox('Person 001'));
      expect(formatSelect().value).toBe('csv');
      expect(optionOf(/^CSV$/).disabled).toBe(false);
      expect(optionOf(/^JSON/).disabled).toBe(true);
      expect(optionOf(/^JSON/).textContent).toBe('JSON (not in your plan)');
      expect(optionOf(/^Excel/).disabled).toBe(true);
      expect(optionOf(/^PDF/).disabled).toBe(true);
      expect(
        screen.getByText(
          'JSON, Excel and PDF exports are not included in your plan. Start a free trial or upgrade to unlock this feature.',
        ),
      ).toBeTruthy();
      expect(formatSelect().getAttribute('aria-describedby')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'offers a PRO user CSV, JSON and Excel, PDF disabled with the hint to upgrade to Plus, and exports the one chosen as leads-export-{date}.json',
    async () => {
      const user = userEvent.setup();
      const clicked: HTMLAnchorElement[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
      });
      openLeads({ leads: generateLeads(3), plan: 'PRO' });
      await loaded('Live Data');
      await user.click(leadCheckbox('Person 003'));
      expect(optionOf(/^JSON$/).disabled).toBe(false);
      expect(optionOf(/^Excel \(\.xlsx\)$/).disabled).toBe(false);
      expect(optionOf(/^PDF/).disabled).toBe(true);
      expect(
        screen.getByText('PDF export is not included in your plan. Upgrade to Plus to unlock this feature.'),
      ).toBeTruthy();
      // A disabled format cannot be chosen.
      await user.selectOptions(formatSelect(), 'pdf').catch(() => {});
      expect(formatSelect().value).toBe('csv');
      await user.selectOptions(formatSelect(), 'json');
      await user.click(screen.getByRole('button', { name: 'Export (1)' }));
      expect(await screen.findByText('Exported 1 leads with enhanced profile data', {}, LONG)).toBeTruthy();
      expect(clicked.at(-1)!.download).toBe(`leads-export-${today()}.json`);
      const blob = vi.mocked(URL.createObjectURL).mock.calls.at(-1)![0] as Blob;
      const rows = JSON.parse(await blob.text()) as Array<{ name: string }>;
      expect(rows.map((row) => row.name)).toEqual(['Person 003']);
    },
    SLOW,
  );

  it(
    'offers a PLUS user every format, with no hint',
    async () => {
      const user = userEvent.setup();
      openLeads({ leads: generateLeads(2), plan: 'PLUS' });
      await loaded('Live Data');
      await user.click(leadCheckbox('Person 001'));
      for (const label of [/^CSV$/, /^JSON$/, /^Excel \(\.xlsx\)$/, /^PDF$/])
        expect(optionOf(label).disabled).toBe(false);
      expect(screen.queryByText(/not included in your plan/)).toBeNull();
    },
    SLOW,
  );

  it(
    "preselects the trob's own Export format when the plan has it, and CSV when it does not",
    async () => {
      const user = userEvent.setup();
      const excelTrob = automationOf('auto-1', {
        status: 'completed',
        progress: 100,
        totalLeads: 2,
        config: { exportSettings: { format: 'excel', skipDuplicates: true } },
      });
      const first = openLeads({ leads: generateLeads(2), plan: 'TRIAL', automation: excelTrob });
      await loaded('Live Data');
      await user.click(leadCheckbox('Person 001'));
      expect(formatSelect().value).toBe('excel');
      first.unmount();

      openLeads({ leads: generateLeads(2), plan: 'FREE', automation: excelTrob });
      await loaded('Live Data');
      await user.click(leadCheckbox('Person 001'));
      expect(formatSelect().value).toBe('csv');
    },
    SLOW,
  );
});

describe('/automations/:automationId/leads: the empty-state hints', () => {
  it(
    "never reaches 'No leads have been extracted yet': an automation without leads shows the demo leads",
    async () => {
      const user = userEvent.setup();
      openLeads({ leads: [] });
      await loaded('Demo Data');
      await user.type(searchBox(), 'no such lead anywhere');
      const empty = await screen.findByTestId('leads-empty', {}, LONG);
      expect(empty.textContent).toContain('Try adjusting your search or filters');
      expect(screen.queryByText('No leads have been extracted yet')).toBeNull();
    },
    SLOW,
  );
});
