import { Anchor, Card, List, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useId } from 'react';
import { HELP_CENTER_URL } from '../../../lib/help-center';

const tutorials: readonly { readonly title: string; readonly text: string }[] = [
  { title: 'Connect your LinkedIn account', text: 'Install the extension and sync your session.' },
  { title: 'Run your first trob', text: 'Pick a template, configure it and start.' },
  { title: 'Export your leads', text: 'Download the people an automation collected as CSV.' },
];

/** Static guides; each opens the help center in a new tab. */
export function TutorialsCard() {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Tutorials
      </Title>
      <List
        spacing="sm"
        mt="md"
        icon={
          <ThemeIcon size={24} radius="xl" variant="light" aria-hidden>
            <IconBook size={14} />
          </ThemeIcon>
        }
      >
        {tutorials.map((tutorial) => (
          <List.Item key={tutorial.title}>
            <Anchor href={HELP_CENTER_URL} target="_blank" rel="noopener noreferrer" fw={600}>
              {tutorial.title}
            </Anchor>
            <Text size="sm" c="dimmed">
              {tutorial.text}
            </Text>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
