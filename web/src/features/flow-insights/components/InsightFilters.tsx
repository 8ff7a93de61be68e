import { Button, Card, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconFilter, IconSearch, IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import {
  ACTIVITY_STATUS_LABELS,
  ACTIVITY_TYPE_LABELS,
  PROSPECT_STATUS_LABELS,
} from '../../../../../shared/flow-insight-texts';
import {
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  type ActivityStatus,
  type ActivityType,
  INSIGHT_SEARCH_MAX,
  PROSPECT_FILTER_STATUSES,
  type ProspectFilterStatus,
} from '../../../../../shared/flow-insights-values';
import type { ActivityFilters, ProspectFilters } from '../api/insights';
import { INSIGHT_TEXTS } from './insight-texts';

export const NO_ACTIVITY_FILTERS: ActivityFilters = { types: [], status: undefined, search: '' };
export const NO_PROSPECT_FILTERS: ProspectFilters = { status: undefined, search: '' };

/**
 * The filters are the browser's own controls (a select, checkboxes): Mantine's Select and
 * MultiSelect brought about 15 KB of combobox and popover code to both screens' first load (issue 38).
 * The empty value is "any".
 */
const ACTIVITY_STATUS_OPTIONS = [
  { value: '', label: INSIGHT_TEXTS.anyStatus },
  ...ACTIVITY_STATUSES.map((value) => ({ value, label: ACTIVITY_STATUS_LABELS[value] })),
];
const PROSPECT_STATUS_OPTIONS = [
  { value: '', label: INSIGHT_TEXTS.anyStatus },
  ...PROSPECT_FILTER_STATUSES.map((value) => ({ value, label: PROSPECT_STATUS_LABELS[value] })),
];

/** The activity types as checkboxes: several at once, none checked is any type. */
function TypeChecks({
  value,
  onChange,
}: {
  value: ActivityType[];
  onChange: (types: ActivityType[]) => void;
}) {
  return (
    <Checkbox.Group
      label={INSIGHT_TEXTS.activityTypes}
      description={INSIGHT_TEXTS.typesHint}
      value={value}
      onChange={(values) => onChange(ACTIVITY_TYPES.filter((type) => values.includes(type)))}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" verticalSpacing="xs" mt="xs">
        {ACTIVITY_TYPES.map((type) => (
          <Checkbox key={type} value={type} label={ACTIVITY_TYPE_LABELS[type]} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

function FilterButtons({ onClear }: { onClear: () => void }) {
  return (
    <Group gap="sm" justify="flex-end">
      <Button type="button" variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={onClear}>
        {INSIGHT_TEXTS.clear}
      </Button>
      <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
        {INSIGHT_TEXTS.apply}
      </Button>
    </Group>
  );
}

/**
 * Spec 2.5: the activity feed's search, type filter (several types at once) and status filter. The
 * choices wait for Apply (or Enter in the search box); Clear empties them and reloads.
 */
export function ActivityFiltersForm({
  onApply,
  onClear,
}: {
  onApply: (filters: ActivityFilters) => void;
  onClear: () => void;
}) {
  const [search, setSearch] = useState('');
  const [types, setTypes] = useState<ActivityType[]>([]);
  const [status, setStatus] = useState<ActivityStatus | ''>('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ search: search.trim(), types, status: status || undefined });
  };
  const clear = () => {
    setSearch('');
    setTypes([]);
    setStatus('');
    onClear();
  };

  return (
    <Card withBorder padding="md" component="form" onSubmit={submit} aria-label={INSIGHT_TEXTS.filters}>
      <Stack gap="sm">
        <TextInput
          label={INSIGHT_TEXTS.searchActivities}
          placeholder={INSIGHT_TEXTS.searchActivitiesPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          maxLength={INSIGHT_SEARCH_MAX}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <TypeChecks value={types} onChange={setTypes} />
        <NativeSelect
          label={INSIGHT_TEXTS.status}
          data={ACTIVITY_STATUS_OPTIONS}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as ActivityStatus | '')}
          maw={{ sm: 320 }}
        />
        <FilterButtons onClear={clear} />
      </Stack>
    </Card>
  );
}

/** Spec 2.6: the prospect list's search and status filter, applied with Apply; Clear empties and reloads. */
export function ProspectFiltersForm({
  onApply,
  onClear,
}: {
  onApply: (filters: ProspectFilters) => void;
  onClear: () => void;
}) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ProspectFilterStatus | ''>('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ search: search.trim(), status: status || undefined });
  };
  const clear = () => {
    setSearch('');
    setStatus('');
    onClear();
  };

  return (
    <Card withBorder padding="md" component="form" onSubmit={submit} aria-label={INSIGHT_TEXTS.filters}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={INSIGHT_TEXTS.searchProspects}
            placeholder={INSIGHT_TEXTS.searchProspectsPlaceholder}
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
            maxLength={INSIGHT_SEARCH_MAX}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <NativeSelect
            label={INSIGHT_TEXTS.status}
            data={PROSPECT_STATUS_OPTIONS}
            value={status}
            onChange={(event) => setStatus(event.currentTarget.value as ProspectFilterStatus | '')}
          />
        </SimpleGrid>
        <FilterButtons onClear={clear} />
      </Stack>
    </Card>
  );
}
