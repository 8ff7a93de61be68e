import { Badge } from '@mantine/core';
import { type Platform, platformTag } from '../../../../../shared/platforms';
import { platformLook } from '../../../lib/platform-icons';

/** A flow's platform: the spec's tag ('LinkedIn', 'Twitter/X') with its icon and colour. */
export function FlowPlatformBadge({ platform }: { platform: Platform }) {
  const { Icon, color } = platformLook(platform);
  return (
    <Badge
      variant="light"
      color={color}
      leftSection={<Icon size={12} aria-hidden />}
      data-testid="platform-badge"
    >
      {platformTag(platform)}
    </Badge>
  );
}
