import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FlowConfig } from '../../../shared/flows';
import { listPickers } from '../../../web/src/features/flow-setup/components/list-pickers';
import {
  allFlowTemplates,
  allIndustries,
  makeFlow,
  serveFlows,
  serveFlowTemplates,
  serveIndustries,
} from '../flows/fake-flows';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';

/**
 * Issue 36 point 3: the wizard starts from the template (its defaults, its industries first) and each
 * of the template's examples can fill step 1, from the wizard or from the template page.
 */
const LONG = { timeout: 5000 };
const SLOW = 20000;
const templates = allFlowTemplates();
const template = templates[0]!;

function serve(api: FakeApi) {
  signInAs(api, makeUser({ plan: 'PLUS' }));
  serveFlowTemplates(api);
  serveIndustries(api);
  serveFlows(api, []);
}

async function openWizard(api: FakeApi, path = `/flows/setup/${template.id}`) {
  serve(api);
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Step 1 of 4: Target Audience' }, LONG);
  return { user, ...view };
}

const labelOfIndustry = (value: string) =>
  allIndustries().find((industry) => industry.value === value)!.label;
const pills = () => screen.queryAllByTestId('industry-pill').map((pill) => pill.textContent);
const keywords = () => screen.getByLabelText(/^Keywords/, { selector: 'input' }) as HTMLInputElement;
const button = (name: string | RegExp) => screen.getByRole('button', { name });

async function shows(targeting: { industries: readonly string[]; keywords: string }) {
  await waitFor(() => expect(pills()).toEqual(targeting.industries.map(labelOfIndustry)), LONG);
  expect(keywords().value).toBe(targeting.keywords);
}

// The lists' pickers load on the first use of the form (issue 38 point 2); these tests use them from the
// first drawing. The stand-ins drawn before them are wizard-list-stand-ins.test.tsx's.
beforeAll(async () => {
  await listPickers.load();
});

describe('the wizard starts from its template', () => {
  it(
    "opens on the template's audience, offer and pace, so step 1 and 2 pass as they are",
    async () => {
      const api = installFakeApi();
      const { user } = await openWizard(api);
      await shows(template.defaultConfig.targetingSettings);
      // Its countries are chosen: one of them is shown as a chosen value.
      expect(screen.getAllByText('United States').length).toBeGreaterThan(0);

      await user.click(button('Next'));
      await screen.findByRole('heading', { name: 'Step 2 of 4: Messaging' }, LONG);
      const description = screen.getByLabelText(/^Company description/, {
        selector: 'textarea',
      }) as HTMLTextAreaElement;
      expect(description.value).toBe(template.defaultConfig.messagingSettings.companyDescription);
      await user.click(button('Next'));
      await screen.findByRole('heading', { name: 'Step 3 of 4: Execution' }, LONG);
    },
    SLOW,
  );

  it(
    "lists the template's own industries first when the picker opens",
    async () => {
      const api = installFakeApi();
      const { user } = await openWizard(api);
      await shows(template.defaultConfig.targetingSettings);
      await user.click(screen.getByRole('combobox', { name: /^Industries/ }));
      const own = new Set([
        ...template.defaultConfig.targetingSettings.industries,
        ...template.examples.flatMap((example) => example.config.targetingSettings.industries),
      ]);
      const listed = within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent);
      expect(new Set(listed.slice(0, own.size))).toEqual(new Set([...own].map(labelOfIndustry)));
      // Then LinkedIn's list, from its start, without the template's again.
      const rest = allIndustries().filter((industry) => !own.has(industry.value));
      expect(listed[own.size]).toBe(rest[0]!.label);
      expect(new Set(listed).size).toBe(listed.length);
    },
    SLOW,
  );

  it(
    "'Use this example' fills step 1 with that example's audience and says so; the minimum match stays",
    async () => {
      const api = installFakeApi();
      const { user } = await openWizard(api);
      await shows(template.defaultConfig.targetingSettings);
      await user.click(screen.getByRole('radio', { name: /^Hot only/ }));

      const example = template.examples[1]!;
      await user.click(button(`Use this example: ${example.title}`));
      await shows(example.config.targetingSettings);
      // Beside the audience preview's own live region (audience-preview.test.tsx).
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
        `The audience of “${example.title}” is filled in.`,
      );
      for (const title of example.config.targetingSettings.jobTitles ?? [])
        expect(screen.getAllByText(title).length).toBeGreaterThan(0);
      expect((screen.getByRole('radio', { name: /^Hot only/ }) as HTMLInputElement).checked).toBe(true);
    },
    SLOW,
  );

  it(
    'opens on the example the template page chose (?example=2)',
    async () => {
      const api = installFakeApi();
      await openWizard(api, `/flows/setup/${template.id}?example=2`);
      await shows(template.examples[1]!.config.targetingSettings);
    },
    SLOW,
  );

  it(
    'an example number the template does not have opens on its defaults',
    async () => {
      const api = installFakeApi();
      await openWizard(api, `/flows/setup/${template.id}?example=${template.examples.length + 1}`);
      await shows(template.defaultConfig.targetingSettings);
    },
    SLOW,
  );

  it(
    'starts the flow with the example as chosen, untouched',
    async () => {
      const api = installFakeApi();
      const { user } = await openWizard(api);
      const example = template.examples[0]!;
      await user.click(button(`Use this example: ${example.title}`));
      for (const heading of ['Step 2 of 4: Messaging', 'Step 3 of 4: Execution', 'Step 4 of 4: Review']) {
        await user.click(button('Next'));
        await screen.findByRole('heading', { name: heading }, LONG);
      }
      const created = makeFlow({ id: 'new-flow', name: 'New one' }, template);
      api.on('POST', '/flows', { status: 201, body: { message: 'ok', data: { flow: created } } });
      await user.click(button('Start Flow'));
      await waitFor(() => expect(api.callsTo('POST', '/flows')).toHaveLength(1), LONG);
      const body = api.callsTo('POST', '/flows')[0]!.body as { config: FlowConfig };
      expect(body.config.targetingSettings).toEqual({
        jobTitles: [],
        companySize: [],
        ...example.config.targetingSettings,
        minimumMatch: template.defaultConfig.targetingSettings.minimumMatch,
      });
      expect(body.config.messagingSettings.companyDescription).toBe(
        template.defaultConfig.messagingSettings.companyDescription,
      );
    },
    SLOW,
  );
});

describe('the template page', () => {
  it.each(templates.map((t) => [t.displayName, t] as const))(
    "%s: each example links to the wizard opened on it with 'Use this example'",
    async (_name, each) => {
      const api = installFakeApi();
      serve(api);
      renderApp(`/flows/template/${each.id}`);
      await screen.findByRole('heading', { name: each.displayName, level: 1 }, LONG);
      each.examples.forEach((example, index) => {
        const link = screen.getByRole('link', { name: `Use this example: ${example.title}` });
        expect(link.getAttribute('href')).toBe(`/flows/setup/${each.id}?example=${index + 1}`);
      });
    },
    SLOW,
  );
});
