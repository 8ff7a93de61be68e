import type { Option } from '../../../../shared/flows';

// Apart from wizard-form.ts, whose schemas bring the validation library: the template page shows
// labels and validates nothing.

/** The labels of chosen values, in the order chosen; a value no option names shows as itself. */
export function labelsOf(options: readonly Option[], values: readonly string[] | undefined): string[] {
  return (values ?? []).map((value) => options.find((option) => option.value === value)?.label ?? value);
}

export const labelOf = (options: readonly Option[], value: string | undefined) =>
  value === undefined ? '' : labelsOf(options, [value])[0]!;
