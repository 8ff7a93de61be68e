import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { CONNECTION_LABELS, type ConnectionState } from '../../../lib/realtime';

const DOT_COLORS: Readonly<Record<ConnectionState, string>> = {
  connecting: 'yellow',
  connected: 'green',
  disconnected: 'red',
};

/**
 * The live feed's indicator (part 2 sections 2.10 and 7): 'Connecting...', 'Connected' or
 * 'Disconnected', announced politely when it changes.
 */
export function ConnectionIndicator({ state }: { state: ConnectionState }) {
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" data-testid="connection-indicator">
      <Box
        aria-hidden
        w={10}
        h={10}
        style={{ borderRadius: '50%', background: `var(--mantine-color-${DOT_COLORS[state]}-filled)` }}
      />
      <Text size="sm">
        <VisuallyHidden>Live updates: </VisuallyHidden>
        {CONNECTION_LABELS[state]}
      </Text>
    </Group>
  );
}
