import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../../../shared/product';

export interface LegalSection {
  readonly heading: string;
  readonly paragraphs?: readonly ReactNode[];
  readonly points?: readonly ReactNode[];
}

/** A short legal text: a title, a lead paragraph and headed sections, with a way back to sign-up. */
export function LegalPage({
  title,
  lead,
  sections,
}: {
  title: string;
  lead: ReactNode;
  sections: readonly LegalSection[];
}) {
  useDocumentTitle(`${title} | ${PRODUCT_NAME}`);
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <Text>{lead}</Text>
        {sections.map((section) => (
          <Stack key={section.heading} gap="xs" component="section">
            <Title order={2} size="h4">
              {section.heading}
            </Title>
            {section.paragraphs?.map((paragraph, index) => (
              // The paragraphs are fixed text: their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: static content
              <Text key={index}>{paragraph}</Text>
            ))}
            {section.points && (
              <List spacing={4}>
                {section.points.map((point, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static content
                  <List.Item key={index}>{point}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
        <Text size="sm">
          <Anchor component={Link} to="/register">
            Back to sign-up
          </Anchor>{' '}
          ·{' '}
          <Anchor component={Link} to="/login">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
