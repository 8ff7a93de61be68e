import { Group, Progress, Text } from '@mantine/core';
import { percent, progressColor } from '../automation-display';

/** A job's progress with its colour band (part 2 section 4) and the figure beside it. */
export function JobProgressBar({
  progress,
  label,
  size = 'md',
}: {
  progress: number | undefined;
  /** The bar's accessible name ('Progress of LinkedIn Follower Extractor'). */
  label: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const value = percent(progress);
  const color = progressColor(value);
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress
        value={value}
        color={color}
        size={size}
        aria-label={label}
        data-color={color}
        style={{ flex: 1, minWidth: 80 }}
      />
      <Text size="sm" fw={600} w={44} ta="right" aria-hidden>
        {value}%
      </Text>
    </Group>
  );
}
