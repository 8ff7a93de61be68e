import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REVIEW_TEXTS } from '../../../shared/review';
import { installFakeApi } from '../support/fake-api';
import {
  focusRow,
  LONG,
  makeItem,
  makeQueue,
  openReview,
  postedDecisions,
  REVIEW_API,
  REVIEW_FLOW_ID,
  rowNamed,
  rows,
  status,
  threeItems,
} from './fake-review';

const SLOW = 15000;

describe('/flows/{flowId}/review', () => {
  it(
    'lists each waiting item with its prospect, score, reason, post, text and expiry',
    async () => {
      const api = installFakeApi();
      await openReview(api, makeQueue({ items: threeItems() }));

      expect(document.title).toBe('Review queue: Q3 founders outreach | Trobly');
      expect(screen.getByRole('link', { name: 'Back to analytics' }).getAttribute('href')).toBe(
        `/flows/${REVIEW_FLOW_ID}/analytics`,
      );
      expect(screen.getByTestId('review-count').textContent).toContain(REVIEW_TEXTS.keyboardHelp);
      expect(rows()).toHaveLength(3);
      const feed = screen.getByRole('feed', { name: 'Waiting items' });
      expect(within(feed).getAllByRole('article')).toHaveLength(3);

      const ana = within(rowNamed('Connection request to Ana Ruiz'));
      expect(ana.getByRole('heading', { level: 3 }).textContent).toContain('Connection request');
      const profile = ana.getByRole('link', { name: /^Ana Ruiz/ });
      expect(profile.getAttribute('href')).toBe('https://www.linkedin.com/in/ana-ruiz');
      expect(profile.getAttribute('target')).toBe('_blank');
      expect(profile.getAttribute('rel')).toBe('noopener noreferrer');
      expect(ana.getByText('Head of Operations at Acme')).toBeTruthy();
      expect(ana.getByTestId('review-score').textContent).toBe('AI score 82');
      expect(ana.getByTestId('review-quality').textContent).toBe('Match quality: Hot');
      expect(ana.getByTestId('review-reason').textContent).toBe(
        'Why this match: Runs a fleet of 40 machines and posts about downtime',
      );
      expect(ana.getByTestId('review-text').textContent).toMatch(/^Hi, I enjoyed your take/);
      expect(ana.getByTestId('review-expiry').textContent).toBe('Expires in 3 days');
      expect(ana.getByRole('checkbox', { name: 'Select connection request to Ana Ruiz' })).toBeTruthy();
      expect(ana.getAllByRole('button').map((button) => button.textContent)).toEqual([
        'Approve connection request to Ana Ruiz',
        'Edit then approve connection request to Ana Ruiz',
        'Skip connection request to Ana Ruiz',
      ]);
      expect(ana.getByRole('button', { name: 'Approve connection request to Ana Ruiz' })).toBeTruthy();
      expect(profile.textContent).toBe('Ana Ruiz (opens in a new tab)');
      const ben = within(rowNamed('Comment on Ben Okafor’s post'));
      // No profile address: the name is not a link.
      expect(ben.queryByRole('link', { name: /Ben Okafor/ })).toBeNull();
      expect(ben.getByTestId('review-post').textContent).toContain('Sensor drift costs us a week a year.');
      expect(ben.getByRole('link', { name: /^Open the post/ }).getAttribute('href')).toBe(
        'https://www.linkedin.com/feed/update/7',
      );

      // A like has no text: nothing to edit.
      const cleo = within(rowNamed('Like of Cleo Park’s post'));
      expect(cleo.queryByTestId('review-text')).toBeNull();
      expect(cleo.queryByRole('button', { name: /^Edit then approve/ })).toBeNull();
      expect(cleo.getByTestId('review-score').textContent).toBe('AI score 55');
      expect(cleo.queryByTestId('review-quality')).toBeNull();
    },
    SLOW,
  );

  it(
    'J and K move the active item and the focus; never in a text field or with a modifier key',
    async () => {
      const api = installFakeApi();
      const { user } = await openReview(api, makeQueue({ items: threeItems() }));

      // Roving focus: only the active row is in the tab order.
      expect(rows().map((row) => row.tabIndex)).toEqual([0, -1, -1]);
      focusRow(0);
      await user.keyboard('j');
      expect(document.activeElement).toBe(rows()[1]);
      expect(rows()[1]!.getAttribute('aria-current')).toBe('true');
      expect(rows()[0]!.getAttribute('aria-current')).toBeNull();
      expect(rows().map((row) => row.tabIndex)).toEqual([-1, 0, -1]);
      await user.keyboard('jj');
      expect(document.activeElement).toBe(rows()[2]);
      await user.keyboard('k');
      expect(document.activeElement).toBe(rows()[1]);
      await user.keyboard('{Control>}j{/Control}');
      expect(document.activeElement).toBe(rows()[1]);
      await user.keyboard('{Shift>}J{/Shift}');
      expect(document.activeElement).toBe(rows()[1]);

      // Focus coming into a row (here a click on its box) makes that row the active one.
      await user.click(within(rows()[0]!).getByRole('checkbox'));
      expect(rows()[0]!.getAttribute('aria-current')).toBe('true');
      await user.keyboard('j');
      expect(document.activeElement).toBe(rows()[1]);

      // Outside the list the letters are the page's (WCAG 2.1.4).
      act(() => screen.getByRole('radio', { name: /^Autopilot/ }).focus());
      await user.keyboard('a');
      expect(api.callsTo('POST', REVIEW_API)).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'A approves the active item at once: it leaves before the answer, the next takes the focus, one exact request',
    async () => {
      const api = installFakeApi();
      const { user } = await openReview(api, makeQueue({ items: threeItems() }));
      const release = api.hold('POST', REVIEW_API);

      focusRow(0);
      await user.keyboard('a');
      // Optimistic: gone from the list while the request is still on its way.
      expect(rows()).toHaveLength(2);
      expect(screen.queryByRole('article', { name: 'Connection request to Ana Ruiz' })).toBeNull();
      expect(document.activeElement).toBe(rowNamed('Comment on Ben Okafor’s post'));
      expect(document.activeElement?.getAttribute('aria-current')).toBe('true');
      release();

      await waitFor(() => expect(status()).toBe('Approved: connection request to Ana Ruiz'), LONG);
      expect(postedDecisions(api)).toEqual([{ decisions: [{ key: 'invite:ana', action: 'approve' }] }]);
      expect(rows()).toHaveLength(2);
      expect(screen.getByTestId('review-count').textContent).toMatch(/^2 items wait for your review\./);
    },
    SLOW,
  );

  it(
    'S skips the active item',
    async () => {
      const api = installFakeApi();
      const { user } = await openReview(api, makeQueue({ items: threeItems() }));

      focusRow(0);
      await user.keyboard('j');
      await user.keyboard('s');
      await waitFor(() => expect(status()).toBe('Skipped: comment on Ben Okafor’s post'), LONG);
      expect(postedDecisions(api)).toEqual([{ decisions: [{ key: 'comment:post-7', action: 'skip' }] }]);
      expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual([
        'Connection request to Ana Ruiz',
        'Like of Cleo Park’s post',
      ]);
      expect(document.activeElement).toBe(rowNamed('Like of Cleo Park’s post'));
    },
    SLOW,
  );

  it(
    'E edits: a text too long shows the message on the field and sends nothing; Ctrl+Enter approves with the text',
    async () => {
      const api = installFakeApi();
      const items = threeItems();
      items[0] = { ...items[0]!, maxLength: 40 };
      const { user } = await openReview(api, makeQueue({ items }));

      focusRow(0);
      await user.keyboard('e');
      const field = screen.getByRole('textbox', { name: 'Text of the connection request to Ana Ruiz' });
      expect(document.activeElement).toBe(field);
      expect((field as HTMLTextAreaElement).value).toBe(items[0]!.text);
      expect(screen.getByTestId('edit-counter').textContent).toBe(`${items[0]!.text!.length}/40 characters`);

      // Escape cancels: the text is back, the row has the focus.
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(document.activeElement).toBe(rows()[0]);

      await user.keyboard('e');
      const again = screen.getByRole('textbox', { name: /^Text of the connection request/ });
      await user.clear(again);
      const long = 'Hello Ana, thanks for the post on maintenance windows!';
      await user.type(again, long);
      await user.keyboard('{Control>}{Enter}{/Control}');
      const message = REVIEW_TEXTS.tooLong(40, long.length);
      expect(screen.getByText(message)).toBeTruthy();
      expect(again.getAttribute('aria-invalid')).toBe('true');
      const describedBy = again.getAttribute('aria-describedby') ?? '';
      expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(message);
      expect((again as HTMLTextAreaElement).value).toBe(long);
      expect(api.callsTo('POST', REVIEW_API)).toHaveLength(0);

      // A placeholder left in is refused the same way.
      await user.clear(again);
      await user.type(again, 'Hi {{first_name}}');
      expect(screen.getByText(REVIEW_TEXTS.placeholder)).toBeTruthy();

      await user.clear(again);
      await user.type(again, '  Hi Ana, loved the maintenance post. ');
      expect(again.getAttribute('aria-invalid')).not.toBe('true');
      await user.keyboard('{Control>}{Enter}{/Control}');
      await waitFor(() => expect(status()).toBe('Edited and approved: connection request to Ana Ruiz'), LONG);
      expect(postedDecisions(api)).toEqual([
        {
          decisions: [{ key: 'invite:ana', action: 'approve', text: 'Hi Ana, loved the maintenance post.' }],
        },
      ]);
      expect(rows()).toHaveLength(2);
    },
    SLOW,
  );

  it(
    'saving the text unchanged approves it as written; the API’s refusal of an edit reopens it with its message',
    async () => {
      const api = installFakeApi();
      const { user } = await openReview(api, makeQueue({ items: threeItems() }));

      await user.click(within(rows()[1]!).getByRole('button', { name: /^Edit then approve/ }));
      await user.click(screen.getByRole('button', { name: 'Save and approve' }));
      await waitFor(() => expect(postedDecisions(api)).toHaveLength(1), LONG);
      expect(postedDecisions(api)[0]).toEqual({ decisions: [{ key: 'comment:post-7', action: 'approve' }] });

      api.on('POST', REVIEW_API, {
        status: 400,
        body: { code: 'VALIDATION_ERROR', message: 'The text cannot be empty' },
      });
      await user.click(within(rows()[0]!).getByRole('button', { name: /^Edit then approve/ }));
      const field = screen.getByRole('textbox', { name: /^Text of the connection request/ });
      await user.clear(field);
      await user.type(field, 'Hi Ana');
      await user.click(screen.getByRole('button', { name: 'Save and approve' }));
      const reopened = await screen.findByRole('textbox', { name: /^Text of the connection request/ }, LONG);
      expect((reopened as HTMLTextAreaElement).value).toBe('Hi Ana');
      expect(await screen.findByText('The text cannot be empty', {}, LONG)).toBeTruthy();
      expect(reopened.getAttribute('aria-invalid')).toBe('true');
      expect(screen.queryByTestId('review-failure')).toBeNull();
    },
    SLOW,
  );

  it(
    'approves a selection in one request with all its keys; Select all then Skip takes the rest',
    async () => {
      const api = installFakeApi();
      const { user } = await openReview(api, makeQueue({ items: threeItems() }));
      const approveSelected = (n: number) => screen.getByRole('button', { name: `Approve ${n} selected` });

      expect(approveSelected(0).getAttribute('aria-disabled')).toBe('true');
      await user.click(approveSelected(0));
      expect(api.callsTo('POST', REVIEW_API)).toHaveLength(0);

      await user.click(screen.getByRole('checkbox', { name: 'Select like of Cleo Park’s post' }));
      await user.click(screen.getByRole('checkbox', { name: 'Select connection request to Ana Ruiz' }));
      await user.click(approveSelected(2));
      expect(rows()).toHaveLength(1);
      await waitFor(() => expect(status()).toBe('Approved 2 items'), LONG);
      // In the list's order, in one request.
      expect(postedDecisions(api)).toEqual([
        {
          decisions: [
            { key: 'invite:ana', action: 'approve' },
            { key: 'like:post-9', action: 'approve' },
          ],
        },
      ]);

      await user.click(screen.getByRole('checkbox', { name: 'Select all (1)' }));
      await user.click(screen.getByRole('button', { name: 'Skip 1 selected' }));
      await waitFor(
        () => expect(screen.getByTestId('review-empty').textContent).toBe(REVIEW_TEXTS.empty),
        LONG,
      );
      expect(postedDecisions(api)[1]).toEqual({ decisions: [{ key: 'comment:post-7', action: 'skip' }] });
      // The bulk bar went with the last items: the keyboard's place is the empty state.
      expect(document.activeElement).toBe(screen.getByTestId('review-empty'));
    },
    SLOW,
  );

  it(
    'a failed request puts the item back with an alert',
    async () => {
      const api = installFakeApi();
      const { user } = await openReview(api, makeQueue({ items: threeItems() }));
      api.on('POST', REVIEW_API, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Boom' } });

      focusRow(0);
      await user.keyboard('a');
      expect(await screen.findByRole('alert', {}, LONG)).toBeTruthy();
      expect(screen.getByTestId('review-failure').textContent).toContain(REVIEW_TEXTS.decideFailed);
      expect(rows().map((row) => row.getAttribute('data-key'))).toEqual([
        'invite:ana',
        'comment:post-7',
        'like:post-9',
      ]);

      // A failed selection comes back selected, ready for another try.
      await user.click(screen.getByRole('checkbox', { name: 'Select all (3)' }));
      await user.click(screen.getByRole('button', { name: 'Skip 3 selected' }));
      await waitFor(() => expect(rows()).toHaveLength(3), LONG);
      expect(screen.getByRole('button', { name: 'Skip 3 selected' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'an item decided elsewhere meanwhile (gone) leaves the list and the screen says so',
    async () => {
      const api = installFakeApi();
      const { user, served } = await openReview(api, makeQueue({ items: threeItems() }));
      // Approved from another tab: the API no longer has it waiting.
      served.queue = { ...served.queue, items: served.queue.items.slice(1) };

      focusRow(0);
      await user.keyboard('a');
      await waitFor(() => expect(status()).toBe(REVIEW_TEXTS.gone), LONG);
      expect(rows()).toHaveLength(2);
      expect(screen.queryByTestId('review-failure')).toBeNull();
    },
    SLOW,
  );

  it(
    'draws the first 50 of 500 items; Show more and J past the last drawn draw more',
    async () => {
      const api = installFakeApi();
      const items = Array.from({ length: 500 }, () => makeItem());
      const { user } = await openReview(api, makeQueue({ items }));

      expect(rows()).toHaveLength(50);
      expect(rows()[0]!.getAttribute('aria-setsize')).toBe('500');
      expect(screen.getByRole('checkbox', { name: 'Select all (500)' })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Show 50 more items' }));
      expect(rows()).toHaveLength(100);

      act(() => rows()[99]!.focus());
      await user.keyboard('j');
      expect(rows()).toHaveLength(150);
      expect(document.activeElement).toBe(rows()[100]);
    },
    SLOW,
  );
});
