import { Alert, Badge, Button, Card, Drawer, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { AI_QUERY_MAX } from '../../../../../shared/ai-filter-limits';
import { LEADS_TEXTS } from '../leads-texts';
import type { AiFilterState } from './use-ai-filter';

/**
 * Part 2 section 2.11: the 'AI Assistant' side panel. The summary streams into its card as the
 * deltas arrive (announced politely to screen readers); a click on the backdrop closes the panel.
 */
export const AiPanel = memo(function AiPanel({
  opened,
  onClose,
  state,
  onFilter,
}: {
  opened: boolean;
  onClose: () => void;
  state: AiFilterState;
  onFilter: (query: string) => void;
}) {
  const [query, setQuery] = useState('');
  const busy = state.phase === 'streaming';
  const blank = query.trim() === '';
  const submit = () => {
    if (!blank && !busy) onFilter(query.trim());
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={LEADS_TEXTS.aiTitle}
      closeButtonProps={{ 'aria-label': 'Close AI Assistant' }}
      size="md"
    >
      <Stack gap="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <Textarea
              label="Describe the leads you are looking for"
              placeholder="e.g. team leaders in fintech in London"
              autosize
              minRows={3}
              maxLength={AI_QUERY_MAX}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              onKeyDown={(event) => {
                // Ctrl/Cmd+Enter sends, as in chat tools; Enter alone makes a new line.
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault();
                  submit();
                }
              }}
            />
            <Group gap="xs" aria-label="Quick searches" role="group">
              {LEADS_TEXTS.aiQuickSearches.map((label) => (
                <Button key={label} size="compact-sm" variant="light" onClick={() => setQuery(label)}>
                  {label}
                </Button>
              ))}
            </Group>
            {/* Not Mantine's `loading`: it hides the label, and 'Processing...' must show (part 2 section 2.11). */}
            <Button
              type="submit"
              disabled={blank && !busy}
              aria-disabled={busy || undefined}
              aria-busy={busy || undefined}
              leftSection={
                busy ? (
                  <Loader size={14} color="currentColor" aria-hidden />
                ) : (
                  <IconSparkles size={16} aria-hidden />
                )
              }
            >
              {busy ? LEADS_TEXTS.aiProcessing : LEADS_TEXTS.aiFilter}
            </Button>
          </Stack>
        </form>

        <div aria-live="polite" aria-busy={busy}>
          {state.failed && (
            <Alert color="red" variant="light" data-testid="ai-error">
              {LEADS_TEXTS.aiFailedPanel}
            </Alert>
          )}
          {((busy && state.summary !== '') || state.phase === 'applied') && (
            <Card withBorder padding="md" data-testid="ai-summary">
              <Group justify="space-between" mb="xs">
                <Text fw={600} size="sm">
                  Summary
                </Text>
                {state.totalMatches !== undefined && state.phase === 'applied' && (
                  <Badge color={state.totalMatches > 0 ? 'green' : 'gray'} variant="light">
                    {LEADS_TEXTS.aiFound(state.totalMatches)}
                  </Badge>
                )}
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {state.summary}
              </Text>
              {state.phase === 'applied' && state.totalMatches === 0 && (
                <Text size="sm" c="dimmed" mt="xs">
                  {LEADS_TEXTS.aiNoMatches}
                </Text>
              )}
            </Card>
          )}
        </div>
      </Stack>
    </Drawer>
  );
});
