import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { templateCard } from '../../../shared/catalogue';
import { renderApp } from '../render-app';
import { type FakeApi, installFakeApi, makeUser, signInAs } from '../support/fake-api';
import { catalogueTemplates, serveCatalogue } from './fake-catalogue';

const LONG = { timeout: 5000 };
/** A whole catalogue of cards renders slowly in jsdom. */
const SLOW = 15000;

async function openCatalogue(api: FakeApi) {
  signInAs(api, makeUser());
  const user = userEvent.setup();
  const view = renderApp('/trobs');
  await screen.findByText('Showing 9 of 9 templates', {}, LONG);
  return { user, ...view };
}

const showing = () => screen.getByTestId('showing-line').textContent;
const popularBlock = () => screen.queryByRole('region', { name: 'Popular Templates' });
const cardNames = () =>
  within(screen.getByTestId('template-grid'))
    .getAllByTestId('template-card')
    .map((card) => card.querySelector('h3')?.textContent);

describe('/trobs catalogue', () => {
  it(
    'shows the title, the count, the popular block and every template, most used first',
    async () => {
      const api = installFakeApi();
      serveCatalogue(api);
      await openCatalogue(api);

      expect(screen.getByRole('heading', { name: 'Trob Templates', level: 1 })).toBeTruthy();
      expect(screen.getByTestId('template-count').textContent).toBe('9 templates');
      const popular = within(
        (await screen.findByRole('region', { name: 'Popular Templates' }, LONG)) as HTMLElement,
      );
      expect(popular.getAllByTestId('template-card')).toHaveLength(6);
      expect(cardNames()).toHaveLength(9);
      expect(cardNames()[0]).toBe(catalogueTemplates()[0]!.displayName);
      // Platform filter: All plus the platforms present.
      const platform = screen.getByRole('radiogroup', { name: 'Platform' }) as HTMLElement;
      expect(
        within(platform)
          .getAllByRole('radio')
          .map((radio) => radio.parentElement?.textContent),
      ).toEqual(['All', 'LinkedIn', 'Twitter/X', 'Instagram']);
    },
    SLOW,
  );

  it(
    'narrows by search and hides the popular block while a filter is set',
    async () => {
      const api = installFakeApi();
      serveCatalogue(api);
      const { user } = await openCatalogue(api);
      await screen.findByRole('region', { name: 'Popular Templates' }, LONG);

      await user.click(screen.getByRole('textbox', { name: 'Search templates' }));
      await user.paste('instagram');
      expect(showing()).toBe('Showing 2 of 9 templates');
      expect(popularBlock()).toBeNull();
      expect(cardNames().every((name) => name?.includes('Instagram'))).toBe(true);
    },
    SLOW,
  );

  it(
    'narrows by platform, category and difficulty, and sorts by name or success rate',
    async () => {
      const api = installFakeApi();
      serveCatalogue(api);
      const { user } = await openCatalogue(api);
      const all = catalogueTemplates();

      await user.click(screen.getByRole('radio', { name: 'Twitter/X' }));
      expect(showing()).toBe(`Showing ${all.filter((t) => t.platform === 'twitter').length} of 9 templates`);
      expect(popularBlock()).toBeNull();

      await user.click(screen.getByRole('radio', { name: 'All' }));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'network-export');
      expect(showing()).toBe(
        `Showing ${all.filter((t) => t.category === 'network-export').length} of 9 templates`,
      );

      await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'all');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Difficulty' }), 'beginner');
      expect(showing()).toBe(
        `Showing ${all.filter((t) => t.difficulty === 'beginner').length} of 9 templates`,
      );

      await user.selectOptions(screen.getByRole('combobox', { name: 'Difficulty' }), 'all');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name');
      expect(cardNames()).toEqual(all.map((t) => t.displayName).sort((a, b) => a.localeCompare(b)));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'success');
      const rates = all.map((t) => t.successRate).sort((a, b) => b - a);
      expect(cardNames().map((name) => all.find((t) => t.displayName === name)!.successRate)).toEqual(rates);
    },
    SLOW,
  );

  it(
    "shows 'No templates found' and 'Clear All Filters' resets every filter and the sort",
    async () => {
      const api = installFakeApi();
      serveCatalogue(api);
      const { user } = await openCatalogue(api);

      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name');
      await user.click(screen.getByRole('radio', { name: 'LinkedIn' }));
      await user.click(screen.getByRole('textbox', { name: 'Search templates' }));
      await user.paste('no such trob');
      expect(screen.getByRole('heading', { name: 'No templates found' })).toBeTruthy();
      expect(showing()).toBe('Showing 0 of 9 templates');

      const emptyState = screen.getByRole('heading', { name: 'No templates found' })
        .parentElement as HTMLElement;
      await user.click(within(emptyState).getByRole('button', { name: 'Clear All Filters' }));

      expect(showing()).toBe('Showing 9 of 9 templates');
      expect((screen.getByRole('textbox', { name: 'Search templates' }) as HTMLInputElement).value).toBe('');
      expect((screen.getByRole('radio', { name: 'All' }) as HTMLInputElement).checked).toBe(true);
      expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('popular');
      expect(await screen.findByRole('region', { name: 'Popular Templates' }, LONG)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Clear All Filters' })).toBeNull();
    },
    SLOW,
  );

  it(
    'cards show platform, Flow badge, difficulty dots, success rate, time (default 5-10 min), usage, and link',
    async () => {
      const api = installFakeApi();
      serveCatalogue(
        api,
        catalogueTemplates({
          'linkedin-search-export': { isFlow: true, estimatedTime: '', usageCount: 1234, successRate: 87 },
        }),
      );
      await openCatalogue(api);

      const card = within(screen.getByTestId('template-grid'))
        .getAllByTestId('template-card')
        .find(
          (element) => element.querySelector('h3')?.textContent === 'LinkedIn Search Export',
        ) as HTMLElement;
      expect(card.getAttribute('href')).toBe('/trobs/linkedin-search-export');
      const inCard = within(card);
      expect(inCard.getByTestId('platform-badge').textContent).toBe('LinkedIn');
      expect(inCard.getByText('Flow')).toBeTruthy();
      expect(inCard.getByRole('img', { name: /^Difficulty: / }).getAttribute('aria-label')).toMatch(
        /of 4\)$/,
      );
      expect(inCard.getByText('87%')).toBeTruthy();
      expect(inCard.getByText('5-10 min')).toBeTruthy();
      expect(inCard.getByText('1,234')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'loads the card image as .png, then .svg, then shows an icon',
    async () => {
      const api = installFakeApi();
      serveCatalogue(api);
      await openCatalogue(api);

      const card = within(screen.getByTestId('template-grid')).getAllByTestId(
        'template-card',
      )[0] as HTMLElement;
      const id = catalogueTemplates()[0]!.id;
      const image = card.querySelector('img') as HTMLImageElement;
      expect(image.getAttribute('src')).toBe(`/trobs/${id}.png`);
      fireEvent.error(image);
      expect((card.querySelector('img') as HTMLImageElement).getAttribute('src')).toBe(`/trobs/${id}.svg`);
      fireEvent.error(card.querySelector('img') as HTMLImageElement);
      expect(card.querySelector('img')).toBeNull();
      expect(within(card).getByTestId('template-image-fallback')).toBeTruthy();
    },
    SLOW,
  );

  it('shows skeletons while loading, and an error with Retry that loads again', async () => {
    const api = installFakeApi();
    signInAs(api, makeUser());
    let fail = true;
    api.on('GET', '/templates?includeUsage=true&view=card', () =>
      fail
        ? { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Database unavailable' } }
        : { status: 200, body: { data: { templates: catalogueTemplates().map(templateCard) } } },
    );
    const user = userEvent.setup();
    renderApp('/trobs');
    expect((await screen.findAllByTestId('template-skeleton', {}, LONG)).length).toBeGreaterThan(0);

    expect(await screen.findByText('Failed to load templates', {}, { timeout: 15000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('Showing 9 of 9 templates')).toBeTruthy(), LONG);
  }, 20000);
});
