import { Button, NativeSelect } from '@mantine/core';
import { memo } from 'react';
import type { LeadFilter, LeadSort } from '../lead-index';
import { LEADS_TEXTS } from '../leads-texts';

const FILTERS = [
  { value: 'all', label: LEADS_TEXTS.filterAll },
  { value: 'recent', label: LEADS_TEXTS.filterRecent },
];
/** 'company' exists but is not offered (part 2 section 2.11). */
const SORTS = [
  { value: 'recent', label: LEADS_TEXTS.sortRecent },
  { value: 'name', label: LEADS_TEXTS.sortName },
];

/** 'All Leads' / 'Recent (7 days)', 'Recently Added' / 'Name A-Z', and 'Select Page' / 'Deselect Page'. */
export const ListControls = memo(function ListControls({
  filter,
  sort,
  onFilter,
  onSort,
  sortDisabled,
  pageSelected,
  pageEmpty,
  onTogglePage,
}: {
  filter: LeadFilter;
  sort: LeadSort;
  onFilter: (filter: LeadFilter) => void;
  onSort: (sort: LeadSort) => void;
  /** While the AI filter is on, its ranking is the order. */
  sortDisabled: boolean;
  pageSelected: boolean;
  pageEmpty: boolean;
  onTogglePage: () => void;
}) {
  return (
    <>
      {/* The browser's own select: two fixed choices need no searchable list, and Mantine's Select
          brought its dropdown machinery (about 19 KB of the screen's scripts, issue 38 point 2). */}
      <NativeSelect
        aria-label="Filter leads"
        data={FILTERS}
        value={filter}
        onChange={(event) => onFilter(event.currentTarget.value as LeadFilter)}
        w={170}
      />
      <NativeSelect
        aria-label="Sort leads"
        data={SORTS}
        value={sort === 'company' ? 'recent' : sort}
        onChange={(event) => onSort(event.currentTarget.value as LeadSort)}
        disabled={sortDisabled}
        w={170}
      />
      <Button variant="default" onClick={onTogglePage} disabled={pageEmpty}>
        {pageSelected ? LEADS_TEXTS.deselectPage : LEADS_TEXTS.selectPage}
      </Button>
    </>
  );
});
