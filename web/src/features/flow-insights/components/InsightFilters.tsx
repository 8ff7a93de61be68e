import { Button, Card, Group, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
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

const TYPE_OPTIONS = ACTIVITY_TYPES.map((value) => ({ value, label: ACTIVITY_TYPE_LABELS[value] }));
const ACTIVITY_STATUS_OPTIONS = ACTIVITY_STATUSES.map((value) => ({
  value,
  label: ACTIVITY_STATUS_LABELS[value],
}));
const PROSPECT_STATUS_OPTIONS = PROSPECT_FILTER_STATUSES.map((value) => ({
  value,
  label: PROSPECT_STATUS_LABELS[value],
}));

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
  const [status, setStatus] = useState<ActivityStatus | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ search: search.trim(), types, status: status ?? undefined });
  };
  const clear = () => {
    setSearch('');
    setTypes([]);
    setStatus(null);
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
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label={INSIGHT_TEXTS.activityTypes}
            placeholder={types.length === 0 ? INSIGHT_TEXTS.anyType : undefined}
            data={TYPE_OPTIONS}
            value={types}
            onChange={(values) => setTypes(values as ActivityType[])}
            clearable
            clearButtonProps={{ 'aria-label': `Clear ${INSIGHT_TEXTS.activityTypes.toLowerCase()}` }}
          />
          <Select
            label={INSIGHT_TEXTS.status}
            placeholder={INSIGHT_TEXTS.anyStatus}
            data={ACTIVITY_STATUS_OPTIONS}
            value={status}
            onChange={(value) => setStatus(value as ActivityStatus | null)}
            clearable
            clearButtonProps={{ 'aria-label': `Clear ${INSIGHT_TEXTS.status.toLowerCase()}` }}
          />
        </SimpleGrid>
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
  const [status, setStatus] = useState<ProspectFilterStatus | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ search: search.trim(), status: status ?? undefined });
  };
  const clear = () => {
    setSearch('');
    setStatus(null);
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
          <Select
            label={INSIGHT_TEXTS.status}
            placeholder={INSIGHT_TEXTS.anyStatus}
            data={PROSPECT_STATUS_OPTIONS}
            value={status}
            onChange={(value) => setStatus(value as ProspectFilterStatus | null)}
            clearable
            clearButtonProps={{ 'aria-label': `Clear ${INSIGHT_TEXTS.status.toLowerCase()}` }}
          />
        </SimpleGrid>
        <FilterButtons onClear={clear} />
      </Stack>
    </Card>
  );
}
