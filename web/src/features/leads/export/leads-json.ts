import type { Lead } from '../../../../../shared/leads';
import { csvColumns, type OptionalColumn } from './csv-columns';
import type { FileBuilder } from './file-builder';

/**
 * The leads JSON (DECISIONS 30): an array of leads, each an object of the CSV's columns under the
 * spec's field names (part 2 section 3), every key present in every lead (null where the lead has
 * none), timestamps as ISO text, counts as numbers, the verified flag as a boolean and a post
 * engager's engagement as its object. One lead a line, so a large file reads well in an editor.
 */

export const JSON_MIME = 'application/json';

export function jsonBuilder(optional: readonly OptionalColumn[] = []): FileBuilder {
  const columns = csvColumns(optional);
  const parts: string[] = [];
  let count = 0;
  return {
    add: (leads: readonly Lead[]) => {
      for (const lead of leads) {
        const row: Record<string, unknown> = {};
        for (const column of columns) row[column.field] = column.value(lead);
        parts.push(`${count === 0 ? '[\n' : ',\n'}  ${JSON.stringify(row)}`);
        count++;
      }
    },
    finish: async () => new Blob(count === 0 ? ['[]\n'] : [...parts, '\n]\n'], { type: JSON_MIME }),
  };
}
