import { Badge } from '@mantine/core';
import { type Platform, platformTag } from '../../../../shared/platforms';
import { platformLook } from '../platform-icons';

/**
 * A platform as the catalogue and the flow screens show it: the spec's tag ('LinkedIn', 'Twitter/X')
 * with its icon and colour.
 */
export function PlatformBadge({ platform }: { platform: Platform }) {
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
