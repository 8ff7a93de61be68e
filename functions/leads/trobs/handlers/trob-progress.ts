import type { CompletenessReport } from '../../../../shared/automations-values';
import type { TrobDriver } from '../../../platforms/driver-types';
import { completenessReport } from '../completeness';
import type { TrobContext } from '../trob-context';

/** A trob's progress arithmetic, shared by its list and enrichment handlers. */

/** The template's maxProfiles (100 when the config has none). */
export function maxProfilesOf(config: Record<string, unknown>): number {
  const value = (config.filteringSettings as { maxProfiles?: unknown } | undefined)?.maxProfiles;
  return typeof value === 'number' && value > 0 ? Math.floor(value) : 100;
}

/** Whether profiles are visited after the list (the template promises more than the list shows). */
export function wantsEnrichment(driver: TrobDriver, config: Record<string, unknown>): boolean {
  return Boolean(driver.profile && driver.wantsEnrichment?.(config));
}

/** The list's share of the progress bar: all of it, or half when profiles are visited after. */
export function listShare(driver: TrobDriver, config: Record<string, unknown>): number {
  return wantsEnrichment(driver, config) ? 50 : 100;
}

/** How many leads the job aims at: maxProfiles, or fewer when the platform says fewer are visible. */
export function targetOf(context: Pick<TrobContext, 'state' | 'config'>): number {
  const { available, hidden } = context.state.counters;
  const max = maxProfilesOf(context.config);
  return available === undefined ? max : Math.min(max, Math.max(0, available - hidden));
}

export function completenessOf(context: Pick<TrobContext, 'state' | 'driver'>): CompletenessReport {
  return completenessReport(context.state.counters, context.driver.list);
}
