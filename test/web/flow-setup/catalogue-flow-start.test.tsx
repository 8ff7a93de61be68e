import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveConnection, serveTemplate } from '../catalogue/fake-catalogue';
import { flowCatalogueTemplate, serveFlows, serveFlowTemplates, serveIndustries } from '../flows/fake-flows';
import { renderApp } from '../render-app';
import { installFakeApi, makeUser, signInAs } from '../support/fake-api';

const LONG = { timeout: 5000 };
const SLOW = 15000;

describe("a flow template's Start in the trob catalogue (issue 20 point 3)", () => {
  it(
    "opens the flow's setup wizard instead of starting an automation",
    async () => {
      const api = installFakeApi();
      const template = flowCatalogueTemplate('linkedin-ai-prospecting-flow');
      signInAs(api, makeUser({ plan: 'PLUS' }));
      serveTemplate(api, template);
      serveConnection(api, template.platform, true);
      serveFlowTemplates(api);
      serveIndustries(api);
      serveFlows(api, []);
      const user = userEvent.setup();
      const { router } = renderApp(`/trobs/${template.id}`);
      await screen.findByRole('heading', { name: template.displayName, level: 1 }, LONG);

      await user.click(screen.getByRole('button', { name: 'Configure' }));
      // The configure step (its code loads as it opens) offers no trob form for a flow: its setup has its own steps.
      const start = await screen.findByRole('button', { name: 'Start Flow' }, LONG);
      expect(screen.queryByRole('button', { name: 'Reset to Defaults' })).toBeNull();
      await user.click(start);

      await waitFor(() => expect(router.state.location.pathname).toBe(`/flows/setup/${template.id}`), LONG);
      expect(await screen.findByRole('heading', { name: 'Step 1 of 4: Target Audience' }, LONG)).toBeTruthy();
      expect(api.callsTo('POST', '/automation/start')).toHaveLength(0);
    },
    SLOW,
  );

  it(
    "keeps the catalogue's flows gate: 'AI Flows are available in PRO plans and above.'",
    async () => {
      const api = installFakeApi();
      const template = flowCatalogueTemplate('linkedin-ai-prospecting-flow');
      signInAs(api, makeUser({ plan: 'BASE' }));
      serveTemplate(api, template);
      serveConnection(api, template.platform, true);
      const user = userEvent.setup();
      const { router } = renderApp(`/trobs/${template.id}`);
      await screen.findByRole('heading', { name: template.displayName, level: 1 }, LONG);

      await user.click(screen.getByRole('button', { name: 'Configure' }));
      await user.click(await screen.findByRole('button', { name: 'Start Flow' }, LONG));
      expect(
        await screen.findByText('AI Flows are available in PRO plans and above.', {}, LONG),
      ).toBeTruthy();
      expect(router.state.location.pathname).toBe(`/trobs/${template.id}`);
    },
    SLOW,
  );
});
