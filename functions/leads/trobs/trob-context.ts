import type { Lead } from '../../../shared/leads';
import type { SegmentContextBase } from '../../engine/run-context';
import type { ListRow, TrobDriver } from '../../platforms/driver-types';

/** What storing a batch of listed rows did (the lead sink reserves the month's profiles for them). */
export interface StoredBatch {
  /** Leads this job now holds of the batch: new ones and ones an earlier job had stored. */
  stored: number;
  /** New to the automation. */
  created: number;
  duplicates: number;
  /** The month's allowance ran out before every row of the batch was stored. */
  limited: boolean;
}

/** Where a handler's leads go: stored once each under the automation, within the month's allowance. */
export interface LeadSink {
  /**
   * Stores listed rows as leads; up to `storesAtOnce` calls may run at the same time. `batch` is the
   * batch's number in the job's commit order (RunCounters.batches when it is committed).
   */
  store(rows: readonly ListRow[], baseUrl: string, batch: number): Promise<StoredBatch>;
  readonly storesAtOnce: number;
  /** The automation's stored leads in key order after `after`, a page at a time (enrichment). */
  after(after: string | undefined, limit: number): Promise<Lead[]>;
  /** Adds what a profile visit read to a stored lead; false when it is gone. */
  enrich(id: string, fields: Partial<Lead>): Promise<boolean>;
  /** The month's allowance of the user's plan (the monthly-limit text names it). */
  readonly monthlyLimit: number;
}

/** A trob's context: its template's driver and the lead sink. */
export interface TrobContext extends SegmentContextBase {
  readonly driver: TrobDriver;
  readonly leads: LeadSink;
}
