import { Chip, Group } from '@mantine/core';
import { useId } from 'react';
import { PLATFORMS, platformTag } from '../../../../../shared/platforms';
import type { PlatformFilter as Filter } from '../flow-filters';
import { FLOWS_PAGE_TEXTS } from '../flows-texts';

/**
 * The platform filter: chips that are radio buttons of one name (arrow keys move between them), as
 * the trob catalogue's.
 */
export function PlatformFilter({
  value,
  onChange,
  label,
}: {
  value: Filter;
  onChange: (value: Filter) => void;
  /** The group's accessible name ('Platform of available flows'). */
  label: string;
}) {
  const name = useId();
  return (
    <Chip.Group value={value} onChange={(next) => onChange(next as Filter)}>
      <Group gap="xs" role="radiogroup" aria-label={label}>
        {[
          { value: 'all', label: FLOWS_PAGE_TEXTS.allPlatforms },
          ...PLATFORMS.map((platform) => ({ value: platform, label: platformTag(platform) })),
        ].map((option) => (
          <Chip key={option.value} value={option.value} name={name} variant="outline" size="sm">
            {option.label}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
