import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WIZARD_TEXTS } from '../../../web/src/features/flow-setup/setup-texts';
import { allFlowTemplates, serveFlows, serveFlowTemplates, serveIndustries } from '../flows/fake-flows';
import { renderApp } from '../render-app';
import { installFakeApi, makeUser, signInAs } from '../support/fake-api';

// Steps 2 to 4's code fails to arrive (a dropped connection).
vi.mock('../../../web/src/features/flow-setup/components/LaterSteps', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const LONG = { timeout: 5000 };

describe('the setup wizard whose later steps do not arrive', () => {
  it("says so on Next and stays on step 1 with the user's values", async () => {
    const api = installFakeApi();
    signInAs(api, makeUser({ plan: 'PLUS' }));
    // The template's own audience passes step 1 as it is.
    const template = allFlowTemplates()[0]!;
    serveFlowTemplates(api, [template]);
    serveIndustries(api);
    serveFlows(api, []);
    const user = userEvent.setup();
    renderApp(`/flows/setup/${template.id}`);
    await screen.findByRole('heading', { name: 'Step 1 of 4: Target Audience' }, LONG);
    const keywords = screen.getByLabelText(/^Keywords/, { selector: 'input' }) as HTMLInputElement;
    await user.clear(keywords);
    await user.type(keywords, 'plant maintenance');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(WIZARD_TEXTS.stepLoadFailed, {}, LONG)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Step 1 of 4: Target Audience' })).toBeTruthy();
    expect(keywords.value).toBe('plant maintenance');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
  }, 20_000);
});
