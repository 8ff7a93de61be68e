import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TRIAL_EXPIRED_MESSAGE, upgradeHint } from '../../../shared/plan-policy';
import { renderApp, withStandIn } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';
import { serveConnection, serveTemplate, templateOf } from './fake-catalogue';

const LONG = { timeout: 5000 };
const SLOW = 15000;

async function openTrob(
  api: FakeApi,
  template = templateOf('twitter-followers-extractor'),
  options: { user?: Parameters<typeof makeUser>[0]; connected?: boolean | 'error'; standIn?: string } = {},
) {
  signInAs(api, makeUser(options.user));
  serveTemplate(api, template);
  serveConnection(api, template.platform, options.connected ?? true);
  const user = userEvent.setup();
  const view = renderApp(`/trobs/${template.id}`, options.standIn ? withStandIn(options.standIn) : undefined);
  await screen.findByRole('heading', { name: template.displayName, level: 1 }, LONG);
  return { user, template, ...view };
}

async function openConfigure(...args: Parameters<typeof openTrob>) {
  const opened = await openTrob(...args);
  await opened.user.click(screen.getByRole('button', { name: 'Configure' }));
  await screen.findByRole('heading', { name: 'Configure & Start' });
  return opened;
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

describe('/trobs/:trobId overview', () => {
  it(
    'shows the name, badges, description, stats, features, the HTML description, requirements and limitations',
    async () => {
      const api = installFakeApi();
      const template = templateOf('linkedin-post-leads-scraper', { usageCount: 4321 });
      await openTrob(api, template, { connected: true });

      expect(screen.getByTestId('platform-badge').textContent).toBe('LinkedIn');
      expect(await screen.findByText('Connected', {}, LONG)).toBeTruthy();
      expect(screen.queryByText('AI Flow')).toBeNull();
      expect(screen.getByText(template.description)).toBeTruthy();
      const stat = (name: string) =>
        within(screen.getByRole('group', { name })).getByTestId('stat-value').textContent;
      expect(stat('Success rate')).toBe(`${template.successRate}%`);
      expect(stat('Setup time')).toBe(template.estimatedTime);
      expect(stat('Times used')).toBe('4,321');
      expect(stat('Difficulty')).toBe('Beginner');
      const features = within(screen.getByRole('region', { name: 'Features' }));
      expect(features.getAllByRole('listitem')).toHaveLength(template.features.length);
      expect(screen.getByRole('heading', { name: 'What it does', level: 3 })).toBeTruthy();
      expect(
        within(screen.getByTestId('detailed-description')).getAllByRole('strong').length,
      ).toBeGreaterThan(0);
      expect(
        within(screen.getByRole('region', { name: 'Requirements' })).getAllByRole('listitem'),
      ).toHaveLength(template.requirements.length);
      expect(
        within(screen.getByRole('region', { name: 'Limitations' })).getAllByRole('listitem'),
      ).toHaveLength(template.limitations.length);
      // No video address: no Watch Demo.
      expect(screen.queryByRole('button', { name: 'Watch Demo' })).toBeNull();
    },
    SLOW,
  );

  it(
    "says 'Not Connected' when the check fails, shows the AI Flow badge and the demo video",
    async () => {
      const api = installFakeApi();
      const template = templateOf('twitter-post-engagers', {
        isFlow: true,
        videoUrl: 'https://www.youtube.com/watch?v=abcdef123',
      });
      const { user } = await openTrob(api, template, { connected: 'error' });

      expect(await screen.findByText('Not Connected', {}, LONG)).toBeTruthy();
      expect(screen.getByText('AI Flow')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Watch Demo' }));
      const dialog = within(await screen.findByRole('dialog'));
      expect(dialog.getByTitle(`${template.displayName} demo video`).getAttribute('src')).toBe(
        'https://www.youtube-nocookie.com/embed/abcdef123',
      );
    },
    SLOW,
  );

  it(
    'Back goes to /trobs from Overview, and back to Overview from Configure',
    async () => {
      const api = installFakeApi();
      const { user, router } = await openConfigure(api, undefined, { standIn: '/trobs' });

      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByRole('button', { name: 'Configure' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/trobs/twitter-followers-extractor');
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/trobs'));
    },
    SLOW,
  );

  it(
    "shows 'Trob not found' with a link back to /trobs for an unknown id",
    async () => {
      const api = installFakeApi();
      signInAs(api, makeUser());
      api.on('GET', '/templates/no-such-trob?includeUsage=true', {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Trob not found' },
      });
      renderApp('/trobs/no-such-trob');

      expect(await screen.findByRole('heading', { name: 'Trob not found' }, LONG)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to Trobs' }).getAttribute('href')).toBe('/trobs');
    },
    SLOW,
  );
});

describe('/trobs/:trobId configure', () => {
  it(
    'builds the form from the schema: groups, text, radio, number, tags, switches and a select',
    async () => {
      const api = installFakeApi();
      await openConfigure(api);

      for (const legend of ['Account', 'Filtering', 'Export Settings']) {
        expect(screen.getByRole('group', { name: legend })).toBeTruthy();
      }
      expect(field(/^X username/).placeholder).toBe('@username');
      expect(screen.getByText('The handle of the account, with or without the @.')).toBeTruthy();
      expect((screen.getByRole('radio', { name: 'Followers' }) as HTMLInputElement).checked).toBe(true);
      expect(field('Maximum profiles').value).toBe('500');
      expect(field('Minimum followers').value).toBe('0');
      expect(
        (screen.getByLabelText('Bio keywords', { selector: 'input:not([type=hidden])' }) as HTMLInputElement)
          .placeholder,
      ).toBe('Type, then press Enter');
      expect(screen.getByText('e.g. founder, head of sales, growth')).toBeTruthy();
      expect(toggle('Skip protected accounts').checked).toBe(true);
      expect(toggle('Verified accounts only').checked).toBe(false);
      const format = screen.getByRole('combobox', { name: 'Export format' }) as HTMLSelectElement;
      expect(format.value).toBe('csv');
      expect(within(format).getByRole('option', { name: 'Excel (.xlsx)' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Start Automation' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'draws a line list as a textarea and an enum list as checkboxes',
    async () => {
      const api = installFakeApi();
      await openConfigure(api, templateOf('linkedin-profile-collector'));

      const urls = screen.getByRole('textbox', { name: /^Profile URLs/ });
      expect(urls.tagName).toBe('TEXTAREA');
      expect((screen.getByRole('checkbox', { name: 'About' }) as HTMLInputElement).checked).toBe(true);
      expect((screen.getByRole('checkbox', { name: 'Skills' }) as HTMLInputElement).checked).toBe(false);
    },
    SLOW,
  );

  it(
    'shows a FREE user the export formats outside the plan disabled with the upgrade hint, and a preset never picks them',
    async () => {
      const api = installFakeApi();
      const { user } = await openConfigure(api);
      const format = screen.getByRole('combobox', { name: /^Export format/ }) as HTMLSelectElement;
      const option = (name: string) => within(format).getByRole('option', { name }) as HTMLOptionElement;
      expect(option('CSV').disabled).toBe(false);
      expect(option('JSON').disabled).toBe(true);
      expect(option('Excel (.xlsx)').disabled).toBe(true);
      expect(screen.getByTestId('plan-hint').textContent).toBe(
        'JSON, Excel and PDF export are not included in your plan. Start a free trial or upgrade to unlock this feature.',
      );

      // This preset saves as JSON: the plan has CSV only, so the preset keeps CSV and fills the rest.
      const presets = within(screen.getByRole('complementary', { name: 'Configure & Start' }));
      await user.click(presets.getByRole('button', { name: /^Use preset: Who an expert follows/ }));
      expect(field(/^X username/).value).toBe('paulg');
      expect(format.value).toBe('csv');
    },
    SLOW,
  );

  it.each([
    [
      'FREE',
      ['CSV'],
      ['JSON', 'Excel (.xlsx)', 'PDF'],
      'JSON, Excel and PDF export are not included in your plan.',
    ],
    [
      'BASE',
      ['CSV'],
      ['JSON', 'Excel (.xlsx)', 'PDF'],
      'JSON, Excel and PDF export are not included in your plan.',
    ],
    ['TRIAL', ['CSV', 'JSON', 'Excel (.xlsx)'], ['PDF'], 'PDF export is not included in your plan.'],
    ['PRO', ['CSV', 'JSON', 'Excel (.xlsx)'], ['PDF'], 'PDF export is not included in your plan.'],
    ['PLUS', ['CSV', 'JSON', 'Excel (.xlsx)', 'PDF'], [], undefined],
  ] as const)(
    'offers a %s user the export formats %j, and %j disabled with the upgrade hint (DECISIONS 30)',
    async (plan, offered, locked, hint) => {
      const api = installFakeApi();
      await openConfigure(api, undefined, {
        user: {
          plan,
          ...(plan === 'TRIAL' ? { trialEndsAt: new Date(Date.now() + 86_400_000).toISOString() } : {}),
        },
      });
      const format = screen.getByRole('combobox', { name: /^Export format/ }) as HTMLSelectElement;
      const options = within(format).getAllByRole('option') as HTMLOptionElement[];
      expect(options.map((option) => option.textContent)).toEqual(['CSV', 'JSON', 'Excel (.xlsx)', 'PDF']);
      expect(options.filter((option) => !option.disabled).map((option) => option.textContent)).toEqual([
        ...offered,
      ]);
      expect(options.filter((option) => option.disabled).map((option) => option.textContent)).toEqual([
        ...locked,
      ]);
      if (hint === undefined) expect(screen.queryByTestId('plan-hint')).toBeNull();
      else expect(screen.getByTestId('plan-hint').textContent).toBe(`${hint} ${upgradeHint(plan)}`);
    },
    SLOW,
  );

  it(
    'a Quick Template fills the form and Reset to Defaults restores it',
    async () => {
      const api = installFakeApi();
      const { user, template } = await openConfigure(api, undefined, { user: { plan: 'PRO' } });
      const presets = within(screen.getByRole('complementary', { name: 'Configure & Start' }));
      expect(presets.getByText('Quick Templates')).toBeTruthy();
      expect(presets.getAllByRole('button')).toHaveLength(template.examples.length);

      await user.click(presets.getByRole('button', { name: /^Use preset: Who an expert follows/ }));
      expect(field(/^X username/).value).toBe('paulg');
      expect((screen.getByRole('radio', { name: 'Following' }) as HTMLInputElement).checked).toBe(true);
      expect((screen.getByRole('combobox', { name: 'Export format' }) as HTMLSelectElement).value).toBe(
        'json',
      );
      expect(toggle('Skip leads you already have').checked).toBe(false);
      expect(screen.getByText('investor')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Reset to Defaults' }));
      expect(field(/^X username/).value).toBe('');
      expect((screen.getByRole('radio', { name: 'Followers' }) as HTMLInputElement).checked).toBe(true);
      expect((screen.getByRole('combobox', { name: 'Export format' }) as HTMLSelectElement).value).toBe(
        'csv',
      );
      expect(toggle('Skip leads you already have').checked).toBe(true);
      expect(screen.queryByText('investor')).toBeNull();
    },
    SLOW,
  );

  it(
    'starts with the config, an emptied number sent as 0, and opens the new automation',
    async () => {
      const api = installFakeApi();
      api.on('POST', '/automation/start', { status: 201, body: { data: { automation: { id: 'auto-1' } } } });
      const { user, router } = await openConfigure(api, undefined, { standIn: '/automations/:automationId' });

      await user.type(field(/^X username/), '@acme');
      await user.clear(field('Minimum followers'));
      await user.click(screen.getByRole('button', { name: 'Start Automation' }));

      await waitFor(() => expect(api.callsTo('POST', '/automation/start')).toHaveLength(1));
      const body = api.callsTo('POST', '/automation/start')[0]!.body as {
        templateId: string;
        config: {
          targetSettings: { username: string };
          filteringSettings: { minFollowers: number; maxProfiles: number };
        };
        userCookies: unknown[];
      };
      expect(body.templateId).toBe('twitter-followers-extractor');
      expect(body.userCookies).toEqual([]);
      expect(body.config.targetSettings.username).toBe('@acme');
      expect(body.config.filteringSettings.minFollowers).toBe(0);
      expect(body.config.filteringSettings.maxProfiles).toBe(500);
      expect(await screen.findByText('Automation started', {}, LONG)).toBeTruthy();
      // The new automation's detail page (the start answers it as data.automation).
      await waitFor(() => expect(router.state.location.pathname).toBe('/automations/auto-1'));
    },
    SLOW,
  );

  it(
    "shows 'Failed to start automation: {message}' when the start call fails",
    async () => {
      const api = installFakeApi();
      api.on('POST', '/automation/start', {
        status: 400,
        body: { code: 'VALIDATION_ERROR', message: 'Daily limit reached' },
      });
      const { user } = await openConfigure(api);

      await user.type(field(/^X username/), 'acme');
      await user.click(screen.getByRole('button', { name: 'Start Automation' }));
      expect(
        await screen.findByText('Failed to start automation: Daily limit reached', {}, LONG),
      ).toBeTruthy();
    },
    SLOW,
  );

  it(
    "puts the server's config issues next to their fields",
    async () => {
      const api = installFakeApi();
      api.on('POST', '/automation/start', {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Maximum profiles must be at most 5000',
          issues: [
            {
              path: 'config.filteringSettings.maxProfiles',
              message: 'Maximum profiles must be at most 5000',
            },
          ],
        },
      });
      const { user } = await openConfigure(api);

      await user.type(field(/^X username/), 'acme');
      await user.click(screen.getByRole('button', { name: 'Start Automation' }));
      expect(
        await screen.findByText(
          'Failed to start automation: Maximum profiles must be at most 5000',
          {},
          LONG,
        ),
      ).toBeTruthy();
      const maxProfiles = field(/^Maximum profiles/);
      await waitFor(() => expect(maxProfiles.getAttribute('aria-invalid')).toBe('true'));
    },
    SLOW,
  );

  it(
    "refuses a FREE user's second running automation with the limit message and goes to /pricing",
    async () => {
      const api = installFakeApi();
      api.on('GET', '/automation', {
        status: 200,
        body: {
          status: 'success',
          data: {
            automations: [
              {
                id: 'a1',
                templateId: 'twitter-followers-extractor',
                status: 'pending',
                config: {},
                createdAt: '2026-11-01T00:00:00.000Z',
              },
              {
                id: 'a2',
                templateId: 'twitter-followers-extractor',
                status: 'completed',
                config: {},
                createdAt: '2026-10-01T00:00:00.000Z',
              },
            ],
          },
        },
      });
      const { user, router } = await openConfigure(api, undefined, {
        user: { plan: 'FREE' },
        standIn: '/pricing',
      });

      await user.type(field(/^X username/), 'acme');
      await user.click(screen.getByRole('button', { name: 'Start Automation' }));
      expect(
        await screen.findByText(
          "You've reached your automation limit (1). Upgrade your plan to create more automations.",
          {},
          LONG,
        ),
      ).toBeTruthy();
      await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
      expect(api.callsTo('POST', '/automation/start')).toHaveLength(0);
    },
    SLOW,
  );

  it(
    "opens 'Connection Required' when the platform is not connected; Connect goes to /platforms",
    async () => {
      const api = installFakeApi();
      const { user, router } = await openConfigure(api, undefined, {
        connected: false,
        standIn: '/platforms',
      });

      await user.click(screen.getByRole('button', { name: 'Start Automation' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Connection Required' }, LONG));
      expect(dialog.getByText(/Install the Trobly browser extension/)).toBeTruthy();
      expect(dialog.getByText(/Log in to Twitter\/X/)).toBeTruthy();
      expect(dialog.getByText(/Click the extension icon and sync your cookies/)).toBeTruthy();
      expect(api.callsTo('POST', '/automation/start')).toHaveLength(0);

      await user.click(dialog.getByRole('button', { name: 'Connect' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/platforms'));
    },
    SLOW,
  );

  it(
    'sends a user whose trial expired to /pricing with the spec message',
    async () => {
      const api = installFakeApi();
      const { user, router } = await openConfigure(api, undefined, {
        user: { plan: 'TRIAL', trialEndsAt: '2020-01-01T00:00:00.000Z' },
      });

      await user.click(screen.getByRole('button', { name: 'Start Automation' }));
      expect(await screen.findByText(TRIAL_EXPIRED_MESSAGE, {}, LONG)).toBeTruthy();
      await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
      expect(api.callsTo('POST', '/automation/start')).toHaveLength(0);
    },
    SLOW,
  );

  it(
    "labels a flow 'Start Flow' and refuses it without the flows feature",
    async () => {
      const api = installFakeApi();
      const template = templateOf('twitter-followers-extractor', { isFlow: true });
      const { user } = await openConfigure(api, template, { user: { plan: 'FREE' } });

      await user.click(screen.getByRole('button', { name: 'Start Flow' }));
      expect(
        await screen.findByText('AI Flows are available in PRO plans and above.', {}, LONG),
      ).toBeTruthy();
      expect(api.callsTo('POST', '/automation/start')).toHaveLength(0);
    },
    SLOW,
  );
});
