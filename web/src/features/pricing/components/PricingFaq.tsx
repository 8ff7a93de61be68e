import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { faq } from '../pricing-content';

export function PricingFaq() {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} id={headingId} ta="center">
        Frequently asked questions
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
        {faq.map((entry) => (
          <div key={entry.question}>
            <Title order={3} size="h5">
              {entry.question}
            </Title>
            <Text c="dimmed" mt={4}>
              {entry.answer}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
