import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { FALLBACK_INDUSTRY_OPTIONS, FLOW_MESSAGES, FLOW_TEXTS, type FlowConfig } from '../../../shared/flows';
import type { UserPlan } from '../../../shared/pricing-plans';
import { DEFAULT_REVIEW_MODE, REVIEW_MODE_OPTIONS } from '../../../shared/review';
import { listPickers } from '../../../web/src/features/flow-setup/components/list-pickers';
import {
  allFlowTemplates,
  allIndustries,
  makeFlow,
  serveFlows,
  serveFlowTemplates,
  serveIndustries,
  withoutDefaults,
} from '../flows/fake-flows';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';

const LONG = { timeout: 5000 };
const SLOW = 20000;
/**
 * A template with no audience, offer or examples of its own: what the spec's wizard rules (the first 2
 * industries preselected, the picker's first 50, every message) are pinned on. The template's own
 * defaults and examples are wizard-template-defaults.test.tsx's.
 */
const template = withoutDefaults(allFlowTemplates()[0]!);
const DESCRIPTION = 'We build maintenance software that predicts machine failures for factories and fleets.';

async function openWizard(
  api: FakeApi,
  { plan = 'PLUS', industriesFail = false }: { plan?: UserPlan; industriesFail?: boolean } = {},
) {
  signInAs(api, makeUser({ plan }));
  serveFlowTemplates(api, [template]);
  serveIndustries(api, { fail: industriesFail });
  serveFlows(api, []);
  const user = userEvent.setup();
  const view = renderApp(`/flows/setup/${template.id}`);
  if (plan === 'PLUS') await stepHeading(0);
  return { user, ...view };
}

const STEP_TITLES = ['Target Audience', 'Messaging', 'Execution', 'Review'];
const stepHeading = (index: number) =>
  screen.findByRole('heading', { name: `Step ${index + 1} of 4: ${STEP_TITLES[index]}` }, LONG);

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const industryInput = () => screen.getByRole('combobox', { name: /^Industries/ }) as HTMLInputElement;
const pills = () => screen.queryAllByTestId('industry-pill').map((pill) => pill.textContent);
const options = () => within(screen.getByRole('listbox')).queryAllByRole('option');
const optionNames = () => options().map((option) => option.textContent);
const field = (label: RegExp) =>
  screen.getByLabelText(label, { selector: 'input, textarea, select' }) as HTMLInputElement;

/**
 * A screen from Mantine's `sm` up, where the wizard shows its stepper, for the test that calls it (a
 * phone, jsdom's default here, has the step's heading alone).
 */
function onWideScreen() {
  const phone = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...phone(query), matches: query.includes('min-width') });
  onTestFinished(() => {
    window.matchMedia = phone;
  });
}

/** Waits for the 2 preselected industries (the list's first two). */
async function preselected() {
  const [first, second] = allIndustries();
  await waitFor(() => expect(pills()).toEqual([first!.label, second!.label]), LONG);
}

async function chooseFrom(user: UserEvent, label: RegExp, text: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.type(screen.getByRole('combobox', { name: label }), text);
  await user.keyboard('{Enter}');
}

async function fillStep1(user: UserEvent) {
  await preselected();
  await user.type(field(/^Keywords/), 'operations');
  await chooseFrom(user, /^Locations/, 'United States');
  await user.click(button('Next'));
  await stepHeading(1);
}

async function fillStep2(user: UserEvent) {
  await user.type(field(/^Company description/), DESCRIPTION);
  await user.click(button('Next'));
  await stepHeading(2);
}

async function toReview(user: UserEvent) {
  await fillStep1(user);
  await fillStep2(user);
  await user.click(button('Next'));
  await stepHeading(3);
}

// The lists' pickers load on the first use of the form (issue 38 point 2); these tests use them from the
// first drawing. The stand-ins drawn before them are wizard-list-stand-ins.test.tsx's.
beforeAll(async () => {
  await listPickers.load();
});

describe('/flows/setup/:templateId, the gate and the steps', () => {
  it(
    "shows 'Upgrade Required' to a PRO user (the screens need PLUS exactly)",
    async () => {
      const api = installFakeApi();
      await openWizard(api, { plan: 'PRO' });
      expect(await screen.findByRole('heading', { name: 'Upgrade Required' }, LONG)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'View Pricing Plans' }).getAttribute('href')).toBe('/pricing');
      expect(api.callsTo('GET', '/industries')).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'shows the four steps, Previous disabled on step 1, and the first 2 industries chosen',
    async () => {
      const api = installFakeApi();
      onWideScreen();
      await openWizard(api);

      expect((await screen.findAllByTestId('wizard-step', {}, LONG)).map((step) => step.textContent)).toEqual(
        STEP_TITLES.map((title, index) => `${index + 1}${title}`),
      );
      expect(screen.getAllByTestId('wizard-step')[0]!.getAttribute('aria-current')).toBe('step');
      expect(button('Previous').disabled).toBe(true);
      expect(button('Next')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Start Flow' })).toBeNull();
      await preselected();
    },
    SLOW,
  );

  it(
    "shows a phone the step's heading and no stepper",
    async () => {
      const api = installFakeApi();
      await openWizard(api);
      await preselected();
      expect(screen.getByRole('heading', { name: 'Step 1 of 4: Target Audience' })).toBeTruthy();
      expect(screen.queryAllByTestId('wizard-step')).toEqual([]);
    },
    SLOW,
  );

  it(
    "Next stays on step 1 with each field's message, and a field's message clears when it changes",
    async () => {
      const api = installFakeApi();
      const { user } = await openWizard(api);
      await preselected();
      // Both preselected industries removed by their own buttons.
      for (const label of [...(pills() as string[])]) await user.click(button(`Remove ${label}`));

      await user.click(button('Next'));
      expect(await screen.findByText(FLOW_MESSAGES.industriesRequired, {}, LONG)).toBeTruthy();
      expect(screen.getByText(FLOW_MESSAGES.keywordRequired)).toBeTruthy();
      expect(screen.getByText(FLOW_MESSAGES.locationsRequired)).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Step 1 of 4: Target Audience' })).toBeTruthy();

      await user.type(field(/^Keywords/), 'x');
      expect(screen.queryByText(FLOW_MESSAGES.keywordRequired)).toBeNull();
      // The others keep theirs until they change.
      expect(screen.getByText(FLOW_MESSAGES.industriesRequired)).toBeTruthy();
      await chooseFrom(user, /^Locations/, 'Canada');
      expect(screen.queryByText(FLOW_MESSAGES.locationsRequired)).toBeNull();
      await user.click(industryInput());
      await user.keyboard('{Enter}');
      expect(screen.queryByText(FLOW_MESSAGES.industriesRequired)).toBeNull();

      // A keyword of spaces only is no keyword.
      await user.clear(field(/^Keywords/));
      await user.type(field(/^Keywords/), '   ');
      await user.click(button('Next'));
      expect(await screen.findByText(FLOW_MESSAGES.keywordRequired, {}, LONG)).toBeTruthy();
      await user.type(field(/^Keywords/), 'ops');
      await user.click(button('Next'));
      await stepHeading(1);
    },
    SLOW,
  );

  it(
    'Previous goes back a step with the choices kept',
    async () => {
      const api = installFakeApi();
      const { user } = await openWizard(api);
      await fillStep1(user);
      expect(button('Previous').disabled).toBe(false);
      await user.click(button('Previous'));
      await stepHeading(0);
      expect(field(/^Keywords/).value).toBe('operations');
      expect(screen.getByText('United States')).toBeTruthy();
    },
    SLOW,
  );
});

describe('the industry picker', () => {
  it(
    'lists the first 50 with an empty query and filters by label or value in the browser',
    async () => {
      const api = installFakeApi();
      const { user } = await openWizard(api);
      await preselected();
      const all = allIndustries();

      await user.click(industryInput());
      expect(options()).toHaveLength(50);
      expect(optionNames()).toEqual(all.slice(0, 50).map((industry) => industry.label));
      // The chosen ones are marked, and cannot be chosen again.
      expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
      expect(options()[2]!.getAttribute('aria-selected')).toBe('false');
      await user.click(options()[0]!);
      expect(pills()).toHaveLength(2);

      // One character: only the browser's filter, no call.
      await user.type(industryInput(), 'z');
      const byZ = all.filter((industry) => industry.label.toLowerCase().includes('z')).map((i) => i.label);
      expect(optionNames()).toEqual(byZ.slice(0, 50));
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(api.calls.filter((call) => call.path.startsWith('/industries/search'))).toHaveLength(0);

      // By value: LinkedIn's id.
      await user.clear(industryInput());
      await user.type(industryInput(), '1445');
      expect(optionNames()[0]).toBe(all.find((industry) => industry.value === '1445')!.label);
    },
    SLOW,
  );

  it(
    'asks the server once the query is longer than 1 character and adds what it finds',
    async () => {
      const api = installFakeApi();
      const { user } = await openWizard(api);
      await preselected();

      await user.click(industryInput());
      await user.type(industryInput(), 'health');
      await waitFor(
        () => expect(api.calls.map((call) => call.path)).toContain('/industries/search?q=health&limit=50'),
        LONG,
      );
      // The server also finds industries by their place in the hierarchy ('Hospitals and Health Care'
      // and those filed under it): more than the labels holding 'health'.
      const byLabel = allIndustries().filter((industry) => industry.label.toLowerCase().includes('health'));
      await waitFor(() => expect(options().length).toBeGreaterThan(byLabel.length), LONG);
      expect(optionNames().slice(0, byLabel.length)).toEqual(byLabel.map((industry) => industry.label));
      expect(new Set(optionNames()).size).toBe(options().length);
    },
    SLOW,
  );

  it(
    'Enter adds the first match not chosen yet, never one twice; Escape closes; Backspace removes the last',
    async () => {
      const api = installFakeApi();
      const { user } = await openWizard(api);
      await preselected();
      const [first, second, third] = allIndustries();

      // Empty query: the first two are chosen, so Enter adds the third.
      await user.click(industryInput());
      await user.keyboard('{Enter}');
      expect(pills()).toEqual([first!.label, second!.label, third!.label]);
      expect(screen.getByTestId('industry-announcement').textContent).toBe(`${third!.label} added`);

      // A query whose first match is chosen already: Enter adds the next one.
      const chosen = new Set([first!.value, second!.value, third!.value]);
      const software = allIndustries().filter(
        (industry) => industry.label.includes('Software') && !chosen.has(industry.value),
      );
      await user.type(industryInput(), 'Software');
      await user.keyboard('{Enter}');
      await user.type(industryInput(), 'Software');
      await user.keyboard('{Enter}');
      expect(pills().slice(3)).toEqual(software.slice(0, 2).map((industry) => industry.label));
      expect(new Set(pills()).size).toBe(pills().length);

      // Arrow keys pick another; Enter adds it.
      await user.type(industryInput(), 'bank');
      await user.keyboard('{ArrowDown}{Enter}');
      expect(pills().at(-1)).toMatch(/Bank/);

      expect(screen.getByRole('listbox')).toBeTruthy();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
      expect(industryInput().getAttribute('aria-expanded')).toBe('false');

      const before = pills().length;
      await user.keyboard('{Backspace}');
      expect(pills()).toHaveLength(before - 1);
    },
    SLOW,
  );

  it(
    "says 'Failed to load industry options' and offers the built-in list, the first 2 chosen",
    async () => {
      const api = installFakeApi();
      const { user } = await openWizard(api, { industriesFail: true });

      expect(await screen.findByText(FLOW_TEXTS.errors.loadIndustries, {}, LONG)).toBeTruthy();
      await waitFor(() => expect(pills()).toEqual(['Technology', 'SaaS']), LONG);
      await user.click(industryInput());
      expect(optionNames()).toEqual(FALLBACK_INDUSTRY_OPTIONS.map((option) => option.label));
    },
    SLOW,
  );
});

describe('steps 2 to 4', () => {
  it(
    'step 2: the counter, the description messages, the defaults and the connection-note rules',
    async () => {
      const api = installFakeApi();
      const { user } = await openWizard(api);
      await fillStep1(user);

      expect(screen.getByTestId('description-counter').textContent).toBe('0/500');
      expect((screen.getByRole('combobox', { name: /^Message tone/ }) as HTMLSelectElement).value).toBe(
        'professional',
      );
      expect(
        (screen.getByRole('combobox', { name: /^Connection request approach/ }) as HTMLSelectElement).value,
      ).toBe('value-first');
      expect((screen.getByRole('combobox', { name: /^Comment strategy/ }) as HTMLSelectElement).value).toBe(
        'add-insights',
      );
      const note = screen.getByTestId('connection-notes').textContent ?? '';
      expect(note).toMatch(/at most 300 characters on a LinkedIn Premium account/);
      expect(note).toMatch(/200 on a free account/);
      expect(note).toMatch(/at most 5 invitations a month/);
      expect(note).toMatch(/best-scored prospects and invites the rest without one/);

      await user.click(button('Next'));
      expect(await screen.findByText(FLOW_MESSAGES.companyDescriptionRequired, {}, LONG)).toBeTruthy();
      await user.type(field(/^Company description/), 'Too short.');
      expect(screen.queryByText(FLOW_MESSAGES.companyDescriptionRequired)).toBeNull();
      expect(screen.getByTestId('description-counter').textContent).toBe('10/500');
      await user.click(button('Next'));
      expect(await screen.findByText(FLOW_MESSAGES.companyDescriptionTooShort, {}, LONG)).toBeTruthy();

      await user.clear(field(/^Company description/));
      await user.type(field(/^Company description/), DESCRIPTION);
      expect(screen.getByTestId('description-counter').textContent).toBe(`${DESCRIPTION.length}/500`);
      await user.selectOptions(screen.getByRole('combobox', { name: /^Message tone/ }), 'friendly');

      // Issue 23: the review mode, 'Review everything' for a new flow, each mode with what it lets through.
      const modes = within(screen.getByRole('radiogroup', { name: /^Review mode/ })).getAllByRole(
        'radio',
      ) as HTMLInputElement[];
      expect(modes.map((radio) => radio.value)).toEqual(REVIEW_MODE_OPTIONS.map((option) => option.value));
      expect(modes.find((radio) => radio.checked)?.value).toBe(DEFAULT_REVIEW_MODE);
      expect(screen.getByRole('radio', { name: /^Autopilot/ }).getAttribute('aria-describedby')).toBeTruthy();
      await user.click(button('Next'));
      await stepHeading(2);
    },
    SLOW,
  );

  it(
    'step 3: the defaults, and the runs, prospects and working-hours messages',
    async () => {
      const api = installFakeApi();
      const { user } = await openWizard(api);
      await fillStep1(user);
      await fillStep2(user);

      expect(field(/^Runs per day/).value).toBe('2');
      expect(field(/^Prospects per run/).value).toBe('10');
      expect(field(/^Working hours start/).value).toBe('09:00');
      expect(field(/^Working hours end/).value).toBe('17:00');
      expect((screen.getByRole('combobox', { name: /^Time zone/ }) as HTMLSelectElement).value).toBe(
        'America/New_York',
      );
      expect(
        within(screen.getByRole('combobox', { name: /^Time zone/ }))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['New York', 'Chicago', 'Denver', 'Los Angeles', 'London', 'Paris', 'Tokyo']);
      expect((screen.getByRole('switch', { name: 'Run on weekends' }) as HTMLInputElement).checked).toBe(
        false,
      );

      // Unanswered invitations are withdrawn after 21 days unless the flow says otherwise: 7 to 90.
      expect(field(/^Withdraw unanswered invitations after/).value).toBe('');
      expect(field(/^Withdraw unanswered invitations after/).getAttribute('placeholder')).toBe('21');
      await user.type(field(/^Withdraw unanswered invitations after/), '6');
      await user.clear(field(/^Runs per day/));
      await user.type(field(/^Runs per day/), '5');
      await user.clear(field(/^Prospects per run/));
      await user.type(field(/^Prospects per run/), '20');
      await user.clear(field(/^Working hours start/));
      await user.click(button('Next'));
      expect(await screen.findByText(FLOW_MESSAGES.runsPerDay, {}, LONG)).toBeTruthy();
      expect(screen.getByText(FLOW_MESSAGES.prospectsPerRun)).toBeTruthy();
      expect(screen.getByText(FLOW_MESSAGES.workingHoursRequired)).toBeTruthy();
      expect(screen.getByText(FLOW_MESSAGES.withdrawAfterDays)).toBeTruthy();
      await user.clear(field(/^Withdraw unanswered invitations after/));
      await user.type(field(/^Withdraw unanswered invitations after/), '90');

      await user.clear(field(/^Runs per day/));
      expect(screen.queryByText(FLOW_MESSAGES.runsPerDay)).toBeNull();
      await user.click(button('Next'));
      expect(await screen.findByText(FLOW_MESSAGES.runsPerDay, {}, LONG)).toBeTruthy();
      await user.type(field(/^Runs per day/), '4');
      await user.clear(field(/^Prospects per run/));
      await user.type(field(/^Prospects per run/), '15');
      await user.type(field(/^Working hours start/), '08:30');
      await user.clear(field(/^Working hours end/));
      await user.type(field(/^Working hours end/), '08:00');
      await user.click(button('Next'));
      expect(await screen.findByText(FLOW_MESSAGES.workingHoursOrder, {}, LONG)).toBeTruthy();
      await user.clear(field(/^Working hours end/));
      await user.type(field(/^Working hours end/), '16:30');
      expect(screen.queryByText(FLOW_MESSAGES.workingHoursOrder)).toBeNull();
      await user.click(screen.getByRole('switch', { name: 'Run on weekends' }));
      await user.click(button('Next'));
      await stepHeading(3);
      expect(screen.getByRole('button', { name: 'Start Flow' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    },
    SLOW,
  );

  it(
    'step 4 reviews every choice and says the flow begins within 5 minutes',
    async () => {
      const api = installFakeApi();
      const { user } = await openWizard(api);
      await toReview(user);

      const [first, second] = allIndustries();
      for (const section of ['Target Audience', 'Messaging', 'Execution']) {
        expect(within(screen.getByTestId('review')).getByRole('region', { name: section })).toBeTruthy();
      }
      const text = screen.getByTestId('review').textContent ?? '';
      for (const expected of [
        `${first!.label}, ${second!.label}`,
        'operations',
        'Any role',
        'United States',
        'Any size',
        DESCRIPTION,
        'Professional',
        'Value-First',
        'Add Insights',
        'Review everything',
        '09:00 to 17:00',
        'New York (America/New_York)',
      ])
        expect(text).toContain(expected);
      expect(screen.getByTestId('starts-within').textContent).toBe(
        'Once started, the flow begins executing within 5 minutes.',
      );
    },
    SLOW,
  );
});

describe('Start Flow', () => {
  it(
    "posts {templateId, config, name}, says 'Flow started successfully!' and opens the Running tab",
    async () => {
      const api = installFakeApi();
      const { user, router } = await openWizard(api);
      const created = makeFlow({ id: 'new-flow', name: 'New one' }, template);
      api.on('POST', '/flows', {
        status: 201,
        body: { message: 'Flow started successfully!', data: { flow: created } },
      });
      await toReview(user);

      serveFlows(api, [created]);
      await user.click(button('Start Flow'));
      expect(await screen.findByText(FLOW_TEXTS.toasts.started, {}, LONG)).toBeTruthy();
      await waitFor(() =>
        expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/flows?tab=running'),
      );
      await waitFor(() =>
        expect(screen.getByRole('tab', { name: /Running Flows/ }).getAttribute('aria-selected')).toBe('true'),
      );
      await screen.findByRole('heading', { name: 'New one' }, LONG);

      const [call] = api.callsTo('POST', '/flows');
      const body = call!.body as { templateId: string; config: FlowConfig; name: string };
      const [first, second] = allIndustries();
      expect(body).toEqual({
        templateId: template.id,
        // Issue 36 point 7: step 4's suggested name (flow-name.test.tsx).
        name: `${template.displayName} – ${first!.label}`,
        config: {
          targetingSettings: {
            keywords: 'operations',
            industries: [first!.value, second!.value],
            jobTitles: [],
            locations: ['US'],
            companySize: [],
            minimumMatch: 'warm',
          },
          messagingSettings: {
            companyDescription: DESCRIPTION,
            messageTone: 'professional',
            connectionRequestStyle: 'value-first',
            commentStyle: 'add-insights',
            reviewMode: 'everything',
          },
          executionSettings: {
            runsPerDay: 2,
            prospectsPerRun: 10,
            workingHours: { start: '09:00', end: '17:00', timezone: 'America/New_York' },
            enableWeekends: false,
          },
        },
      });
    },
    SLOW,
  );

  it(
    'sends the review mode chosen in step 2, named in the Review step (issue 23)',
    async () => {
      const api = installFakeApi();
      const { user } = await openWizard(api);
      const created = makeFlow({ id: 'new-flow', name: 'New one' }, template);
      api.on('POST', '/flows', {
        status: 201,
        body: { message: 'Flow started successfully!', data: { flow: created } },
      });
      await fillStep1(user);
      await user.type(field(/^Company description/), DESCRIPTION);
      await user.click(screen.getByRole('radio', { name: /^Review notes and messages/ }));
      await user.click(button('Next'));
      await stepHeading(2);
      await user.click(button('Next'));
      await stepHeading(3);

      const messaging = within(screen.getByTestId('review')).getByRole('region', { name: 'Messaging' });
      expect(messaging.textContent).toContain('Review modeReview notes and messages');
      serveFlows(api, [created]);
      await user.click(button('Start Flow'));
      expect(await screen.findByText(FLOW_TEXTS.toasts.started, {}, LONG)).toBeTruthy();
      const body = api.callsTo('POST', '/flows')[0]!.body as { config: FlowConfig };
      expect(body.config.messagingSettings.reviewMode).toBe('texts');
    },
    SLOW,
  );

  it(
    'sends the minimum match chosen in step 1 with its consequence spelled out, named in the Review step (issue 36)',
    async () => {
      const api = installFakeApi();
      const { user } = await openWizard(api);
      const created = makeFlow({ id: 'new-flow', name: 'New one' }, template);
      api.on('POST', '/flows', {
        status: 201,
        body: { message: 'Flow started successfully!', data: { flow: created } },
      });
      // Warm or better unless the user chooses: each choice says what it means for the account.
      const warm = screen.getByRole('radio', { name: /^Warm or better \(recommended\)/ });
      expect((warm as HTMLInputElement).checked).toBe(true);
      const cold = screen.getByRole('radio', { name: /^Everyone, Cold included/ });
      expect(cold.getAttribute('aria-describedby')).toBeTruthy();
      expect(
        document.getElementById(cold.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent,
      ).toContain('Cold prospects are contacted too');
      await user.click(screen.getByRole('radio', { name: /^Hot only/ }));
      await fillStep1(user);
      await fillStep2(user);
      await user.click(button('Next'));
      await stepHeading(3);
      const audience = within(screen.getByTestId('review')).getByRole('region', { name: 'Target Audience' });
      expect(audience.textContent).toContain('Minimum matchHot only');
      serveFlows(api, [created]);
      await user.click(button('Start Flow'));
      expect(await screen.findByText(FLOW_TEXTS.toasts.started, {}, LONG)).toBeTruthy();
      const body = api.callsTo('POST', '/flows')[0]!.body as { config: FlowConfig };
      expect(body.config.targetingSettings.minimumMatch).toBe('hot');
    },
    SLOW,
  );

  it(
    "shows the API's message when the start is refused, and 'Failed to start flow' when it says nothing",
    async () => {
      const api = installFakeApi();
      const { user, router } = await openWizard(api);
      api.on('POST', '/flows', {
        status: 409,
        body: { code: 'CONFLICT', message: 'Please connect your LinkedIn account first' },
      });
      await toReview(user);

      await user.click(button('Start Flow'));
      expect(await screen.findByText('Please connect your LinkedIn account first', {}, LONG)).toBeTruthy();
      expect(router.state.location.pathname).toBe(`/flows/setup/${template.id}`);

      api.on('POST', '/flows', { status: 502 });
      await user.click(button('Start Flow'));
      expect(await screen.findByText(FLOW_TEXTS.errors.start, {}, LONG)).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Step 4 of 4: Review' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    "revalidates steps 1 to 3: 'Please fix the validation errors before starting the flow'",
    async () => {
      const api = installFakeApi();
      onWideScreen();
      const { user } = await openWizard(api);
      await toReview(user);

      // Back to step 1 through the stepper, the keyword emptied, then straight to Review again.
      await user.click(screen.getAllByTestId('wizard-step')[0]!);
      await stepHeading(0);
      await user.clear(field(/^Keywords/));
      await user.click(screen.getAllByTestId('wizard-step')[3]!);
      await stepHeading(3);

      await user.click(button('Start Flow'));
      expect(await screen.findByText(FLOW_TEXTS.wizard.fixErrors, {}, LONG)).toBeTruthy();
      await stepHeading(0);
      expect(screen.getByText(FLOW_MESSAGES.keywordRequired)).toBeTruthy();
      expect(api.callsTo('POST', '/flows')).toHaveLength(0);
    },
    SLOW,
  );

  it(
    "sends a trial user whose executions the API says are used up to /pricing with the spec's message",
    async () => {
      // The screen itself is PLUS-only (DECISIONS 3), so only the API can answer with the trial's limit
      // (DECISIONS 4): the wizard follows it.
      const api = installFakeApi();
      const { user, router } = await openWizard(api);
      api.on('POST', '/flows', {
        status: 403,
        body: { code: 'FORBIDDEN', message: FLOW_TEXTS.errors.trialLimit },
      });
      await toReview(user);
      await user.click(button('Start Flow'));
      expect(await screen.findByText(FLOW_TEXTS.errors.trialLimit, {}, LONG)).toBeTruthy();
      await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    },
    SLOW,
  );
});
