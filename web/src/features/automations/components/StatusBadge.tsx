import { Badge } from '@mantine/core';
import { statusColor, statusLabel } from '../automation-display';

/** Part 2 section 4: the status in words, in its badge colour. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={statusColor(status)} variant="light" data-testid="status-badge">
      {statusLabel(status)}
    </Badge>
  );
}
