import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { FlowExample } from '../../../../../shared/flows';
import { WIZARD_TEXTS } from '../setup-texts';

/**
 * Step 1's examples (issue 36 point 3): each of the template's example audiences with 'Use this
 * example', which fills the step; a polite live region says which one was applied, so a screen reader
 * hears what changed.
 */
export function TemplateExamples({
  examples,
  onUse,
}: {
  examples: readonly FlowExample[];
  onUse: (example: FlowExample) => void;
}) {
  const headingId = useId();
  const [applied, setApplied] = useState('');
  if (examples.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <div>
        <Title order={3} size="h5" id={headingId}>
          {WIZARD_TEXTS.examples}
        </Title>
        <Text size="sm" c="dimmed">
          {WIZARD_TEXTS.examplesHint}
        </Text>
      </div>
      <Stack gap="xs">
        {examples.map((example) => (
          <Card key={example.title} withBorder padding="sm" component="article" aria-label={example.title}>
            <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
              <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {example.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {example.description}
                </Text>
              </div>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconWand size={14} aria-hidden />}
                aria-label={WIZARD_TEXTS.exampleButton(example.title)}
                onClick={() => {
                  onUse(example);
                  setApplied(WIZARD_TEXTS.exampleApplied(example.title));
                }}
              >
                Use this example
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
      <Text size="sm" role="status" aria-live="polite">
        {applied}
      </Text>
    </Stack>
  );
}
