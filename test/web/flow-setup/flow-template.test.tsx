import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FLOW_TEXTS } from '../../../shared/flows';
import type { UserPlan } from '../../../shared/pricing-plans';
import { allFlowTemplates, serveFlows, serveFlowTemplates } from '../flows/fake-flows';
import { renderApp, withStandIn } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';

const LONG = { timeout: 5000 };
const SLOW = 15000;

const template = allFlowTemplates()[0]!;

async function openTemplate(api: FakeApi, plan: UserPlan = 'PLUS', id = template.id) {
  signInAs(api, makeUser({ plan }));
  serveFlowTemplates(api);
  const user = userEvent.setup();
  const view = renderApp(`/flows/template/${id}`);
  return { user, ...view };
}

describe('/flows/template/:templateId', () => {
  it.each(['FREE', 'TRIAL', 'BASE', 'PRO'] as const)(
    "shows 'Upgrade Required' to a %s user, naming the feature and the plan",
    async (plan) => {
      const api = installFakeApi();
      await openTemplate(api, plan);

      expect(await screen.findByRole('heading', { name: 'Upgrade Required' }, LONG)).toBeTruthy();
      expect(screen.getByText(/AI Flows .* are part of the Plus plan/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'View Pricing Plans' }).getAttribute('href')).toBe('/pricing');
      expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
      // Nothing of the template is asked for.
      expect(api.callsTo('GET', `/flows/templates/${template.id}`)).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'Back on the Upgrade Required screen opened directly goes to /flows',
    async () => {
      const api = installFakeApi();
      serveFlows(api, []);
      const { user, router } = await openTemplate(api, 'PRO');
      await user.click(await screen.findByRole('button', { name: 'Back' }, LONG));
      await waitFor(() => expect(router.state.location.pathname).toBe('/flows'));
    },
    SLOW,
  );

  it(
    'shows the template with Overview, Process, Features and Requirements, the examples and Start Flow Setup',
    async () => {
      const api = installFakeApi();
      const { user } = await openTemplate(api);

      expect(await screen.findByRole('heading', { name: template.displayName, level: 1 }, LONG)).toBeTruthy();
      const setup = screen.getAllByRole('link', { name: 'Start Flow Setup' });
      expect(setup.length).toBeGreaterThan(0);
      for (const link of setup) expect(link.getAttribute('href')).toBe(`/flows/setup/${template.id}`);
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'Overview',
        'Process',
        'Features',
        'Requirements',
      ]);
      expect(screen.getByText(template.description)).toBeTruthy();
      expect(screen.getByTestId('detailed-description').innerHTML).toBe(template.detailedDescription);

      await user.click(screen.getByRole('tab', { name: 'Process' }));
      const stages = within(screen.getByTestId('stages')).getAllByRole('listitem');
      expect(stages).toHaveLength(template.stages.length);
      template.stages.forEach((stage, index) => {
        const item = within(stages[index]!);
        expect(item.getByText(String(index + 1))).toBeTruthy();
        expect(item.getByText(stage.name)).toBeTruthy();
        expect(item.getByText(stage.description)).toBeTruthy();
        expect(item.getByText(`Estimated duration: ${stage.estimatedDuration}`)).toBeTruthy();
      });

      await user.click(screen.getByRole('tab', { name: 'Features' }));
      for (const feature of template.features) {
        const card = within(screen.getByRole('article', { name: feature.name }));
        expect(card.getByText(feature.description)).toBeTruthy();
        expect(card.getAllByRole('listitem').map((tag) => tag.textContent)).toEqual(feature.tags);
      }

      await user.click(screen.getByRole('tab', { name: 'Requirements' }));
      const requirements = within(screen.getByRole('region', { name: 'Requirements' }));
      expect(requirements.getAllByRole('listitem')).toHaveLength(template.requirements.length);
      const limitations = within(screen.getByRole('region', { name: 'Limitations' }));
      expect(limitations.getAllByRole('listitem')).toHaveLength(template.limitations.length);
      const notes = within(screen.getByTestId('configuration-notes'));
      for (const text of Object.values(template.configurationNotes))
        expect(notes.getByText(text)).toBeTruthy();

      const examples = within(screen.getByRole('region', { name: 'Example configurations' }));
      for (const example of template.examples) {
        const card = within(examples.getByRole('article', { name: example.title }));
        expect(card.getByText(example.description)).toBeTruthy();
        expect(card.getByText(example.config.targetingSettings.keywords)).toBeTruthy();
      }
    },
    SLOW,
  );

  it(
    "shows 'Template Not Found' for an unknown id",
    async () => {
      const api = installFakeApi();
      api.on('GET', '/flows/templates/no-such-flow', {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Template Not Found' },
      });
      await openTemplate(api, 'PLUS', 'no-such-flow');

      expect(
        await screen.findByRole('heading', { name: FLOW_TEXTS.empty.templateNotFound }, LONG),
      ).toBeTruthy();
      expect(screen.getAllByRole('link', { name: 'Back to Flows' })[0]!.getAttribute('href')).toBe('/flows');
    },
    SLOW,
  );

  it(
    "says 'Failed to load flow template' and goes back to /flows when the load fails",
    async () => {
      const api = installFakeApi();
      signInAs(api, makeUser({ plan: 'PLUS' }));
      api.on('GET', `/flows/templates/${template.id}`, {
        status: 500,
        body: { code: 'INTERNAL_ERROR', message: 'Boom' },
      });
      const { router } = renderApp(`/flows/template/${template.id}`, withStandIn('/flows'));

      expect(await screen.findByText(FLOW_TEXTS.errors.loadTemplate, {}, LONG)).toBeTruthy();
      await waitFor(() => expect(router.state.location.pathname).toBe('/flows'));
      expect(await screen.findByRole('heading', { name: 'Stand-in screen' }, LONG)).toBeTruthy();
    },
    SLOW,
  );
});
