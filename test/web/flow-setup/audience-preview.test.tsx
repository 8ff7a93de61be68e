import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Audience, AudienceFacets } from '../../../shared/flow-audience';
import { type FlowTemplate, JOB_TITLE_OPTIONS, type TargetingSettingsInput } from '../../../shared/flows';
import { AUDIENCE_DEBOUNCE_MS } from '../../../web/src/features/flow-setup/components/AudiencePreview';
import {
  allFlowTemplates,
  serveAudience,
  serveFlows,
  serveFlowTemplates,
  serveIndustries,
} from '../flows/fake-flows';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';

/**
 * Issue 36 point 2, the audience preview: step 1 of the wizard shows how many people match its facets
 * (`POST /api/flows/audience`), asked 800 ms after the last change and only once the required facets
 * are there, announced politely; at zero it warns and says what to widen; the review step repeats the
 * count without asking again.
 */
const LONG = { timeout: 5000 };
const SLOW = 20000;

/** The prospecting template with `targeting` as its step 1, and no examples. */
function templateWith(targeting: Partial<TargetingSettingsInput>): FlowTemplate {
  const template = structuredClone(allFlowTemplates()[0]!);
  template.examples = [];
  template.defaultConfig.targetingSettings = { ...template.defaultConfig.targetingSettings, ...targeting };
  return template;
}

async function openWizard(
  api: FakeApi,
  template: FlowTemplate,
  answer: (facets: AudienceFacets) => Audience | { status: number; body: unknown },
) {
  signInAs(api, makeUser({ plan: 'PLUS' }));
  serveFlowTemplates(api, [template]);
  serveIndustries(api);
  serveFlows(api, []);
  serveAudience(api, answer);
  const user = userEvent.setup();
  renderApp(`/flows/setup/${template.id}`);
  await screen.findByRole('heading', { name: 'Step 1 of 4: Target Audience' }, LONG);
  return user;
}

const audienceCalls = (api: FakeApi) => api.callsTo('POST', '/flows/audience');
const preview = () => screen.getAllByTestId('audience-preview')[0]!;
/** The live region of the (first) preview: what a screen reader is told. */
const announced = () => within(preview()).getByRole('status');
const keywords = () => screen.getByLabelText(/^Keywords/, { selector: 'input' }) as HTMLInputElement;
const counted = (count: number): Audience => ({ count, state: 'counted' });

describe('the audience preview of step 1', () => {
  it(
    'counts the facets 800 ms after the last change, once, and announces the count',
    async () => {
      const api = installFakeApi();
      const user = await openWizard(api, templateWith({ keywords: '' }), () => counted(1240));
      // No keyword yet: nothing is asked, and it says what is missing.
      expect(announced().textContent).toBe(
        'Choose an industry, a keyword and a location to see how many people match.',
      );

      await user.type(keywords(), 'operations');
      const typed = Date.now();
      expect(audienceCalls(api)).toHaveLength(0);
      expect(announced().textContent).toBe('Counting people who match…');

      await waitFor(() => expect(announced().textContent).toBe('About 1,240 people match'), LONG);
      expect(Date.now() - typed).toBeGreaterThanOrEqual(AUDIENCE_DEBOUNCE_MS - 100);
      // One search for the word as typed, none for its first letters.
      expect(audienceCalls(api).map((c) => (c.body!.targetingSettings as AudienceFacets).keywords)).toEqual([
        'operations',
      ]);
      expect(announced().getAttribute('aria-live')).toBe('polite');
    },
    SLOW,
  );

  it(
    'asks again only for an audience it has not counted: going back to the earlier one shows its count at once',
    async () => {
      const api = installFakeApi();
      const user = await openWizard(api, templateWith({ keywords: 'operations' }), (facets) =>
        counted(facets.keywords === 'operations' ? 1240 : 37),
      );
      await waitFor(() => expect(announced().textContent).toBe('About 1,240 people match'), LONG);
      await user.type(keywords(), ' planning');
      await waitFor(() => expect(announced().textContent).toBe('About 37 people match'), LONG);
      await user.type(keywords(), '{Backspace>9/}');
      expect(keywords().value).toBe('operations');
      await waitFor(() => expect(announced().textContent).toBe('About 1,240 people match'), LONG);
      expect(audienceCalls(api)).toHaveLength(2);
    },
    SLOW,
  );

  it(
    'warns when nobody matches, naming what to widen among the facets set',
    async () => {
      const api = installFakeApi();
      await openWizard(
        api,
        templateWith({
          keywords: 'ops lead',
          jobTitles: [JOB_TITLE_OPTIONS[0]!.value],
          companySize: ['D'],
        }),
        () => counted(0),
      );
      const warning = await within(preview()).findByRole(
        'group',
        { name: 'Nobody matches these choices.' },
        LONG,
      );
      expect(warning.textContent).toContain(
        'Try fewer keywords, more industries or countries, or no job title or company size.',
      );
      // Inside the polite live region: announced once, not as a second, assertive alert.
      expect(announced().contains(warning)).toBe(true);
      expect(within(preview()).queryByRole('alert')).toBeNull();
    },
    SLOW,
  );

  it(
    'leaves out of the advice what the user did not narrow by',
    async () => {
      const api = installFakeApi();
      await openWizard(api, templateWith({ keywords: 'ops', jobTitles: [], companySize: [] }), () =>
        counted(0),
      );
      await waitFor(
        () =>
          expect(announced().textContent).toBe(
            'Nobody matches these choices.Try other keywords or more industries or countries.',
          ),
        LONG,
      );
    },
    SLOW,
  );

  it(
    "says the account's search budget is used up, and when the count comes back",
    async () => {
      const api = installFakeApi();
      const tomorrow = new Date();
      tomorrow.setDate(tomorrow.getDate() + 1);
      tomorrow.setHours(0, 0, 0, 0);
      await openWizard(api, templateWith({}), () => ({
        count: null,
        state: 'no-budget',
        retryAt: tomorrow.toISOString(),
      }));
      await waitFor(
        () =>
          expect(announced().textContent).toBe(
            "The account's search budget is used up for now: the count comes back tomorrow.",
          ),
        LONG,
      );
      expect(screen.queryByText('Could not count the audience.')).toBeNull();
    },
    SLOW,
  );

  it(
    'asks to connect LinkedIn, linking to the platforms page, when the workspace has none',
    async () => {
      const api = installFakeApi();
      await openWizard(api, templateWith({}), () => ({ count: null, state: 'no-connection' }));
      await waitFor(
        () => expect(announced().textContent).toBe('Connect LinkedIn to see how many people match.'),
        LONG,
      );
      const link = within(preview()).getByRole('link', { name: 'Connect LinkedIn' });
      expect(link.getAttribute('href')).toBe('/platforms');
    },
    SLOW,
  );

  it(
    'says the count failed, and asks again on Retry with the focus kept on the button while it asks',
    async () => {
      const api = installFakeApi();
      let fail = true;
      const user = await openWizard(api, templateWith({}), () =>
        fail ? { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'Try again' } } : counted(12),
      );
      await waitFor(() => expect(announced().textContent).toBe('Could not count the audience.'), LONG);
      fail = false;
      const release = api.hold('POST', '/flows/audience');
      const retry = within(preview()).getByRole('button', { name: 'Retry' });
      retry.focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(audienceCalls(api)).toHaveLength(2), LONG);
      expect(document.activeElement).toBe(retry);
      expect(retry.isConnected).toBe(true);
      release();
      await waitFor(() => expect(announced().textContent).toBe('About 12 people match'), LONG);
      expect(audienceCalls(api)).toHaveLength(2);
    },
    SLOW,
  );

  it(
    'repeats the count on the review step without asking again',
    async () => {
      const api = installFakeApi();
      const user = await openWizard(api, templateWith({}), () => counted(1240));
      await waitFor(() => expect(announced().textContent).toBe('About 1,240 people match'), LONG);
      expect(audienceCalls(api)).toHaveLength(1);
      for (const step of ['Step 2 of 4: Messaging', 'Step 3 of 4: Execution', 'Step 4 of 4: Review']) {
        await user.click(screen.getByRole('button', { name: 'Next' }));
        await screen.findByRole('heading', { name: step }, LONG);
      }
      const line = screen.getByTestId('review-audience');
      expect(line.textContent).toBe('Audience:About 1,240 people match');
      expect(within(line).getByRole('status').textContent).toBe('About 1,240 people match');
      expect(audienceCalls(api)).toHaveLength(1);
    },
    SLOW,
  );
});
