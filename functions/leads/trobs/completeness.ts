import type { CompletenessReport } from '../../../shared/automations-values';
import type { RunCounters } from '../../jobs/job-state';
import type { ListReader } from '../../platforms/driver-types';

/**
 * What a job got against what exists (issue 11 point 10): found, stored, skipped and why, and the
 * platform's cap in its own words ('812 of about 1,040 followers; LinkedIn lists at most 1,000').
 */
export function completenessReport(
  c: RunCounters,
  list: Pick<ListReader, 'noun' | 'capWords'>,
): CompletenessReport {
  const noun = list.noun;
  const skipped = c.hidden + c.filtered + c.duplicates;
  const parts = [
    c.available !== undefined
      ? `${c.stored.toLocaleString('en-US')} of about ${c.available.toLocaleString('en-US')} ${noun}`
      : `${c.stored.toLocaleString('en-US')} ${noun} stored`,
  ];
  if (c.platformCap !== undefined && list.capWords) parts.push(list.capWords(c.platformCap));
  if (skipped > 0) {
    const why = [
      c.hidden ? `${c.hidden} hidden` : '',
      c.filtered ? `${c.filtered} left out by your filters` : '',
      c.duplicates ? `${c.duplicates} already collected` : '',
    ].filter(Boolean);
    parts.push(`skipped ${why.join(', ')}`);
  }
  return {
    ...(c.available === undefined ? {} : { available: c.available }),
    found: c.found,
    stored: c.stored,
    skipped: { hidden: c.hidden, filtered: c.filtered, duplicates: c.duplicates },
    ...(c.platformCap === undefined ? {} : { platformCap: c.platformCap }),
    summary: parts.join('; '),
  };
}
