import { Anchor, Card, List, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { memo, useId } from 'react';
import { Link } from 'react-router-dom';
import { HELP_CENTER_PATH } from '../../../lib/help-center';

const tutorials: readonly { readonly title: string; readonly text: string }[] = [
  { title: 'Connect your LinkedIn account', text: 'Install the extension and sync your session.' },
  { title: 'Run your first trob', text: 'Pick a template, configure it and start.' },
  { title: 'Export your leads', text: 'Download the people an automation collected as CSV.' },
];

/** Static guides; each leads to the in-app Help page (DECISIONS 17). */
function TutorialsCardView() {
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
            <Anchor component={Link} to={HELP_CENTER_PATH} fw={600}>
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

/** Memoised: the dashboard re-renders as each of its three answers arrives (issue 10 point 7). */
export const TutorialsCard = memo(TutorialsCardView);
