import { MultiSelect } from '@mantine/core';
import type { Ref } from 'react';
import type { Option } from '../../../../../shared/flows';
import { useStandInHandover } from './ListStandIn';

/**
 * Step 1's list pickers, in a chunk of their own (see ListStandIn.tsx): the industry picker, and a
 * searchable multi-select over a fixed list of options (job titles, locations).
 */
export { IndustryPicker } from './IndustryPicker';

interface OptionsPickerProps {
  id: string;
  label: string;
  description?: string;
  required?: boolean;
  error?: string;
  placeholder: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (values: string[]) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
}

/** A multi-select over `options`: searchable, the first match highlighted as one types, each chosen once. */
export function OptionsPicker({ id, options, value, inputRef, ...field }: OptionsPickerProps) {
  const query = useStandInHandover(id);
  return (
    <MultiSelect
      {...field}
      id={id}
      ref={inputRef}
      defaultSearchValue={query}
      data={options.map((option) => ({ ...option }))}
      searchable
      selectFirstOptionOnChange
      hidePickedOptions
      value={[...value]}
    />
  );
}
