import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { LEADS_TEXTS } from '../leads-texts';

/**
 * The search field. The list follows each keystroke in the same render: with the index and the
 * memoised rows that render takes about 10-20 ms at 10,000 leads, and measured, it answered sooner
 * than a React transition, which slices the work over extra frames (`npm run bench -- leads`).
 */
export const SearchBox = memo(function SearchBox({ onSearch }: { onSearch: (search: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <TextInput
      aria-label="Search leads"
      placeholder={LEADS_TEXTS.searchPlaceholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setValue(next);
        onSearch(next);
      }}
      style={{ flex: '1 1 16rem' }}
      wrapperProps={{ 'data-testid': 'lead-search' }}
    />
  );
});
