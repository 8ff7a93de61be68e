import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FLOW_TEXTS } from '../../../shared/flow-texts';
import { REVIEW_MODE_OPTIONS, REVIEW_TEXTS } from '../../../shared/review';
import { REVIEW_LINK_TEXT, TEXT_ORIGIN_LABELS } from '../../../web/src/features/flows/review-words';
import { makeFlow } from '../flows/fake-flows';
import { renderApp } from '../render-app';
import { installFakeApi, makeUser, signInAs } from '../support/fake-api';
import {
  focusRow,
  LONG,
  MODE_API,
  makeItem,
  makeQueue,
  openReview,
  REVIEW_API,
  REVIEW_FLOW_ID,
  REVIEW_PATH,
  rows,
  status,
  threeItems,
} from './fake-review';

const SLOW = 15000;

describe('/flows/{flowId}/review: mode, Autopilot offer and states', () => {
  it(
    'offers Autopilot at the streak: Switch sends PUT {reviewMode: autopilot} and the offer goes',
    async () => {
      const api = installFakeApi();
      const { user } = await openReview(
        api,
        makeQueue({ items: threeItems(), approvalStreak: 20, offerAutopilot: true }),
      );

      const offer = screen.getByTestId('autopilot-offer');
      expect(offer.textContent).toContain(REVIEW_TEXTS.offer(20));
      expect(REVIEW_TEXTS.offer(20)).toBe(
        'You approved 20 items in a row without changing them. Switch this flow to Autopilot?',
      );
      await user.click(within(offer).getByRole('button', { name: REVIEW_TEXTS.switchToAutopilot }));
      expect(await screen.findByText(REVIEW_TEXTS.modeSaved, {}, LONG)).toBeTruthy();
      expect(api.callsTo('PUT', MODE_API).map((call) => call.body)).toEqual([{ reviewMode: 'autopilot' }]);
      expect(screen.queryByTestId('autopilot-offer')).toBeNull();
      expect((screen.getByRole('radio', { name: /^Autopilot/ }) as HTMLInputElement).checked).toBe(true);
    },
    SLOW,
  );

  it(
    'the offer appears when a decision’s answer brings it, and Not now hides it for the visit',
    async () => {
      const api = installFakeApi();
      const { user } = await openReview(api, makeQueue({ items: threeItems(), approvalStreak: 19 }));
      api.on('POST', REVIEW_API, {
        status: 200,
        body: {
          success: true,
          data: {
            results: [{ key: 'invite:ana', outcome: 'approved' }],
            approvalStreak: 20,
            offerAutopilot: true,
          },
        },
      });

      expect(screen.queryByTestId('autopilot-offer')).toBeNull();
      await user.click(within(rows()[0]!).getByRole('button', { name: /^Approve/ }));
      const offer = await screen.findByTestId('autopilot-offer', {}, LONG);
      expect(offer.textContent).toContain(REVIEW_TEXTS.offer(20));
      expect(status()).toBe(`Approved: connection request to Ana Ruiz. ${REVIEW_TEXTS.offer(20)}`);
      expect(screen.getByRole('region', { name: 'Autopilot offer' })).toBe(offer);
      await user.click(within(offer).getByRole('button', { name: REVIEW_TEXTS.notNow }));
      expect(screen.queryByTestId('autopilot-offer')).toBeNull();
      expect(api.callsTo('PUT', MODE_API)).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'the mode radio shows each mode with its description and saves a change; a refusal puts the stored one back',
    async () => {
      const api = installFakeApi();
      const { user } = await openReview(api, makeQueue({ items: threeItems() }));

      const group = screen.getByRole('radiogroup', { name: REVIEW_TEXTS.modeLabel });
      const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
      expect(radios).toHaveLength(3);
      for (const [index, option] of REVIEW_MODE_OPTIONS.entries()) {
        const radio = radios[index]!;
        expect(radio.value).toBe(option.value);
        const description = document.getElementById(radio.getAttribute('aria-describedby') ?? '');
        expect(description?.textContent).toBe(option.description);
      }
      expect(radios[0]!.checked).toBe(true);

      await user.click(screen.getByRole('radio', { name: /^Review notes and messages/ }));
      expect(await screen.findByText(REVIEW_TEXTS.modeSaved, {}, LONG)).toBeTruthy();
      expect(api.callsTo('PUT', MODE_API).map((call) => call.body)).toEqual([{ reviewMode: 'texts' }]);

      api.on('PUT', MODE_API, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Boom' } });
      await user.click(screen.getByRole('radio', { name: /^Autopilot/ }));
      expect(await screen.findByText(REVIEW_TEXTS.modeFailed, {}, LONG)).toBeTruthy();
      await waitFor(() =>
        expect(
          (screen.getByRole('radio', { name: /^Review notes and messages/ }) as HTMLInputElement).checked,
        ).toBe(true),
      );
    },
    SLOW,
  );

  it(
    'says nothing waits, and that an Autopilot flow has nothing to review; the last decision moves the focus there',
    async () => {
      const api = installFakeApi();
      const { user, unmount } = await openReview(api, makeQueue({ items: [makeItem()] }));

      focusRow(0);
      await user.keyboard('s');
      const empty = await screen.findByTestId('review-empty', {}, LONG);
      expect(empty.textContent).toBe(REVIEW_TEXTS.empty);
      expect(document.activeElement).toBe(empty);
      // One message, not '0 items wait for your review.' beside it (issue 36).
      expect(screen.queryByTestId('review-count')).toBeNull();
      expect(document.body.textContent).not.toContain('0 items wait');
      unmount();

      const other = installFakeApi();
      await openReview(other, makeQueue({ reviewMode: 'autopilot' }));
      expect(screen.getByTestId('review-empty').textContent).toBe(REVIEW_TEXTS.emptyAutopilot);
    },
    SLOW,
  );

  it(
    'says the queue failed to load and retries; an unknown flow is not found',
    async () => {
      const api = installFakeApi();
      signInAs(api, makeUser({ plan: 'PLUS' }));
      api.on('GET', `/flows/${REVIEW_FLOW_ID}`, {
        status: 200,
        body: { data: { flow: makeFlow({ id: REVIEW_FLOW_ID, name: 'Q3 founders outreach' }) } },
      });
      api.on('GET', REVIEW_API, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Boom' } });
      const user = userEvent.setup();
      const { unmount } = renderApp(REVIEW_PATH);

      expect(await screen.findByText(REVIEW_TEXTS.loadFailed, {}, LONG)).toBeTruthy();
      api.on('GET', REVIEW_API, { status: 200, body: { success: true, data: makeQueue() } });
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect((await screen.findByTestId('review-empty', {}, LONG)).textContent).toBe(REVIEW_TEXTS.empty);
      unmount();

      // The fake API answers 404 for any flow it was not told about.
      renderApp('/flows/nope/review');
      expect(
        await screen.findByRole('heading', { name: FLOW_TEXTS.empty.flowNotFound, level: 1 }, LONG),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to Flows' }).getAttribute('href')).toBe(
        '/flows?tab=running',
      );
    },
    SLOW,
  );

  it('keeps the words the list and the analytics spell themselves equal to the contract’s', () => {
    expect(REVIEW_LINK_TEXT).toBe(REVIEW_TEXTS.title);
    expect(TEXT_ORIGIN_LABELS).toEqual(REVIEW_TEXTS.origins);
  });
});
