import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WIZARD_TEXTS } from '../../../web/src/features/flow-setup/setup-texts';
import {
  allFlowTemplates,
  allIndustries,
  serveFlows,
  serveFlowTemplates,
  serveIndustries,
} from '../flows/fake-flows';
import { renderApp } from '../render-app';
import { installFakeApi, makeUser, signInAs } from '../support/fake-api';

/**
 * Issue 38 point 2: step 1's lists (industries, job titles, locations) draw stand-ins until their
 * pickers' code arrives, which the first use of the form asks for. Here the test decides when it
 * arrives: the module is asked for (counted), then held until `arrive`.
 */
const arrival = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { asked: 0, arrived, arrive: () => arrive() };
});
vi.mock('../../../web/src/features/flow-setup/components/ListPickers', async (importOriginal) => {
  arrival.asked += 1;
  await arrival.arrived;
  return importOriginal();
});

const LONG = { timeout: 5000 };
const template = allFlowTemplates()[0]!;
const labelOfIndustry = (value: string) =>
  allIndustries().find((industry) => industry.value === value)!.label;
const pills = () => screen.queryAllByTestId('industry-pill').map((pill) => pill.textContent);

describe("step 1's lists before their code is in", () => {
  it('show the chosen values, remove one, keep what is typed, and hand the text and the focus to the picker', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser({ plan: 'PLUS' }));
    serveFlowTemplates(api, [template]);
    serveIndustries(api);
    serveFlows(api, []);
    const user = userEvent.setup();
    renderApp(`/flows/setup/${template.id}`);
    await screen.findByRole('heading', { name: 'Step 1 of 4: Target Audience' }, LONG);

    // Drawn with the template's audience, and nothing asked before the form is used.
    const chosen = template.defaultConfig.targetingSettings.industries.map(labelOfIndustry);
    expect(chosen.length).toBeGreaterThan(1);
    await waitFor(() => expect(pills()).toEqual(chosen), LONG);
    // The same closed comboboxes as the pickers', and no list.
    const industries = screen.getByRole('combobox', { name: /^Industries/ }) as HTMLInputElement;
    const locations = screen.getByRole('combobox', { name: /^Locations/ });
    expect([industries, locations].map((field) => field.getAttribute('aria-expanded'))).toEqual([
      'false',
      'false',
    ]);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(arrival.asked).toBe(0);

    // The first use of the form asks for the pickers' code.
    await user.click(industries);
    expect(arrival.asked).toBe(1);
    // A chosen industry is removed with its named button, as with the picker.
    await user.click(screen.getByRole('button', { name: WIZARD_TEXTS.remove(chosen[0]!) }));
    expect(pills()).toEqual(chosen.slice(1));
    // What is typed stays, and Enter does not submit the step.
    await user.click(industries);
    await user.type(industries, 'soft{Enter}');
    expect(industries.value).toBe('soft');
    expect(screen.getByRole('heading', { name: 'Step 1 of 4: Target Audience' })).toBeTruthy();

    arrival.arrive();
    let picker = industries;
    await waitFor(() => {
      picker = screen.getByRole('combobox', { name: /^Industries/ }) as HTMLInputElement;
      expect(picker).not.toBe(industries);
    }, LONG);
    expect(picker.value).toBe('soft');
    expect(document.activeElement).toBe(picker);
    expect(pills()).toEqual(chosen.slice(1));
    // The picker goes on from there: its list shows the matches of what was typed.
    await user.type(picker, 'w');
    await waitFor(() => {
      const options = within(screen.getByRole('listbox')).getAllByRole('option');
      expect(options.length).toBeGreaterThan(0);
      for (const option of options) expect(option.textContent?.toLowerCase()).toContain('softw');
    }, LONG);
    // Industries, job titles and locations.
    expect(screen.getAllByRole('combobox')).toHaveLength(3);
    expect(arrival.asked).toBe(1);
  }, 20_000);
});
