import {
  Alert,
  Button,
  Card,
  Center,
  Chip,
  Container,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconSearch, IconTemplateOff } from '@tabler/icons-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import {
  CATEGORY_LABELS,
  POPULAR_DEFAULT_LIMIT,
  TEMPLATE_CATEGORIES,
  TEMPLATE_DIFFICULTIES,
} from '../../../../../shared/catalogue-values';
import { PLATFORMS, platformTag } from '../../../../../shared/platforms';
import { usePageTitle } from '../../../lib/workspace';
import { usePopularTemplates, useTemplates } from '../api/catalogue';
import {
  applyFilters,
  type CatalogueFilters,
  hasFilter,
  NO_FILTERS,
  platformsIn,
  SORT_LABELS,
  type SortOrder,
} from '../catalogue-filters';
import { difficultyLabel } from '../components/platform';
import { TemplateCard } from '../components/TemplateCard';

export const CATALOGUE_TEXTS = {
  title: 'Trob Templates',
  empty: 'No templates found',
  clear: 'Clear All Filters',
  popular: 'Popular Templates',
  loadFailed: 'Failed to load templates',
} as const;

export default function CataloguePage() {
  usePageTitle('Trobs');
  const loaded = useTemplates();
  const { error, mutate } = loaded;
  // The answers are read through deferred values: the page's render with them runs in slices instead
  // of as one long task when they arrive (issue 10 point 7). The skeleton shows until then.
  const templates = useDeferredValue(loaded.templates);
  const [filters, setFilters] = useState<CatalogueFilters>(NO_FILTERS);
  const filtering = hasFilter(filters);
  // Asked for with the list, not after it, and shown with it: a popular section arriving later would
  // push the list down under the reader (a layout shift; issue 10 point 7).
  const popularAnswer = usePopularTemplates(!filtering);
  const popularTemplates = useDeferredValue(popularAnswer.templates);
  const popularSettled = filtering || popularTemplates !== undefined || popularAnswer.error !== undefined;
  const shown = useMemo(() => applyFilters(templates ?? [], filters), [templates, filters]);
  const showPopular = !filtering && (popularTemplates?.length ?? 0) > 0;
  // Every platform until the list is in, so the filter row keeps its size when it arrives.
  const platforms = useMemo(() => (templates ? platformsIn(templates) : [...PLATFORMS]), [templates]);
  const set = (change: Partial<CatalogueFilters>) => setFilters((current) => ({ ...current, ...change }));
  // The full list renders just after the popular section, in a second, interruptible pass: a phone
  // shows the first cards (and their image) sooner, and never does all fifteen cards' work at once
  // (issue 10 point 7). Below the popular section, its arrival moves nothing on screen.
  const allTemplatesShown = useDeferredValue(templates !== undefined && popularSettled, false);
  const platformFilterName = useId();
  const popularHeading = useId();
  const allHeading = useId();

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <div>
          <Group gap="sm" align="baseline">
            <Title order={1}>{CATALOGUE_TEXTS.title}</Title>
            {templates ? (
              <Text c="dimmed" data-testid="template-count">
                {templates.length} {templates.length === 1 ? 'template' : 'templates'}
              </Text>
            ) : (
              // Holds the count's place while loading, so the heading does not rewrap when it arrives.
              <Text c="dimmed" aria-hidden style={{ visibility: 'hidden' }}>
                0 templates
              </Text>
            )}
          </Group>
          <Text c="dimmed">Pick a ready-made automation, configure it and start it in minutes.</Text>
        </div>

        <Card withBorder padding="md">
          <Stack gap="sm">
            <TextInput
              aria-label="Search templates"
              placeholder="Search templates..."
              leftSection={<IconSearch size={16} aria-hidden />}
              value={filters.search}
              onChange={(event) => set({ search: event.currentTarget.value })}
            />
            <Group gap="sm" align="flex-end" wrap="wrap">
              {/*
                Chips (radio buttons with one name: arrow keys move between them), not a
                SegmentedControl, whose sliding indicator measures the layout as the page first
                renders: one long task more on a phone (issue 10 point 7).
              */}
              <Chip.Group
                value={filters.platform}
                onChange={(value) => set({ platform: value as CatalogueFilters['platform'] })}
              >
                <Group gap="xs" role="radiogroup" aria-label="Platform" data-testid="platform-filter">
                  {[
                    { value: 'all', label: 'All' },
                    ...platforms.map((platform) => ({ value: platform, label: platformTag(platform) })),
                  ].map((option) => (
                    <Chip key={option.value} value={option.value} name={platformFilterName} variant="outline">
                      {option.label}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              <NativeSelect
                label="Category"
                value={filters.category}
                onChange={(event) =>
                  set({ category: event.currentTarget.value as CatalogueFilters['category'] })
                }
                data={[
                  { value: 'all', label: 'All categories' },
                  ...TEMPLATE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
                ]}
              />
              <NativeSelect
                label="Difficulty"
                value={filters.difficulty}
                onChange={(event) =>
                  set({ difficulty: event.currentTarget.value as CatalogueFilters['difficulty'] })
                }
                data={[
                  { value: 'all', label: 'All levels' },
                  ...TEMPLATE_DIFFICULTIES.map((value) => ({ value, label: difficultyLabel(value) })),
                ]}
              />
              <NativeSelect
                label="Sort by"
                value={filters.sort}
                onChange={(event) => set({ sort: event.currentTarget.value as SortOrder })}
                data={(Object.keys(SORT_LABELS) as SortOrder[]).map((value) => ({
                  value,
                  label: SORT_LABELS[value],
                }))}
              />
              {(filtering || filters.sort !== NO_FILTERS.sort) && (
                <Button variant="subtle" onClick={() => setFilters(NO_FILTERS)}>
                  {CATALOGUE_TEXTS.clear}
                </Button>
              )}
            </Group>
          </Stack>
        </Card>

        {error && !templates ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={CATALOGUE_TEXTS.loadFailed}>
            <Text size="sm">{error instanceof Error ? error.message : CATALOGUE_TEXTS.loadFailed}</Text>
            <Button mt="sm" size="xs" variant="light" color="red" onClick={() => mutate()}>
              Retry
            </Button>
          </Alert>
        ) : !templates || !popularSettled ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading templates">
            {[0, 1, 2, 3, 4, 5].map((index) => (
              <Skeleton key={index} height={300} radius="md" data-testid="template-skeleton" />
            ))}
          </SimpleGrid>
        ) : (
          <>
            {showPopular && popularTemplates && (
              <section aria-labelledby={popularHeading}>
                <Title order={2} size="h3" id={popularHeading} mb="sm">
                  {CATALOGUE_TEXTS.popular}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                  {popularTemplates.slice(0, POPULAR_DEFAULT_LIMIT).map((template, index) => (
                    <TemplateCard key={template.id} template={template} priority={index === 0} />
                  ))}
                </SimpleGrid>
              </section>
            )}

            {allTemplatesShown && (
              <section aria-labelledby={allHeading}>
                <Group justify="space-between" mb="sm">
                  <Title order={2} size="h3" id={allHeading}>
                    All Templates
                  </Title>
                  <Text size="sm" c="dimmed" data-testid="showing-line">
                    Showing {shown.length} of {templates.length} templates
                  </Text>
                </Group>
                {shown.length === 0 ? (
                  <Center py="xl">
                    <Stack align="center" gap="xs">
                      <IconTemplateOff size={40} aria-hidden color="var(--mantine-color-gray-5)" />
                      <Title order={3} size="h4">
                        {CATALOGUE_TEXTS.empty}
                      </Title>
                      <Text size="sm" c="dimmed">
                        Try another search or fewer filters.
                      </Text>
                      <Button variant="light" onClick={() => setFilters(NO_FILTERS)}>
                        {CATALOGUE_TEXTS.clear}
                      </Button>
                    </Stack>
                  </Center>
                ) : (
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="template-grid">
                    {shown.map((template, index) => (
                      <TemplateCard
                        key={template.id}
                        template={template}
                        priority={!showPopular && index === 0}
                      />
                    ))}
                  </SimpleGrid>
                )}
              </section>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
