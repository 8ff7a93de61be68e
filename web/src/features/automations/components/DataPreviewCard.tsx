import { Anchor, Card, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Lead } from '../../../../../shared/leads';
import { useLeadsPreview } from '../api/automations';
import { AUTOMATIONS_TEXTS } from '../automation-display';

const isWebAddress = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);

function LeadName({ lead }: { lead: Lead }) {
  const name = lead.name || 'Unknown User';
  if (!isWebAddress(lead.profileUrl)) return <Text size="sm">{name}</Text>;
  return (
    <Anchor href={lead.profileUrl} target="_blank" rel="noopener noreferrer" size="sm">
      {name}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}

/** Part 2 section 2.10: the first 5 leads, with 'View All' to the leads screen. */
export function DataPreviewCard({
  jobId,
  totalLeads,
  leadsTo,
}: {
  jobId: string;
  totalLeads: number;
  leadsTo: string;
}) {
  const headingId = useId();
  const { leads, isLoading } = useLeadsPreview(jobId, totalLeads);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={headingId}>
          {AUTOMATIONS_TEXTS.previewTitle}
        </Title>
        <Anchor component={Link} to={leadsTo} size="sm" fw={600}>
          {AUTOMATIONS_TEXTS.viewAll}
          <VisuallyHidden> extracted data</VisuallyHidden>
        </Anchor>
      </Group>
      {isLoading ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading extracted data">
          <Skeleton height={28} />
          <Skeleton height={28} />
        </Stack>
      ) : !leads || leads.length === 0 ? (
        <Text size="sm" c="dimmed">
          {AUTOMATIONS_TEXTS.noData}
        </Text>
      ) : (
        // Focusable, so a keyboard can scroll it on a phone even when no name is a link.
        <Table.ScrollContainer
          minWidth={520}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Extracted data preview, scrollable"
        >
          <Table verticalSpacing="xs" aria-label="Extracted data preview">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Title</Table.Th>
                <Table.Th scope="col">Company</Table.Th>
                <Table.Th scope="col">Location</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {leads.map((lead) => (
                <Table.Tr key={lead.id || lead.profileId} data-testid="lead-row">
                  <Table.Td>
                    <LeadName lead={lead} />
                  </Table.Td>
                  <Table.Td>{lead.title || lead.headline || '—'}</Table.Td>
                  <Table.Td>{lead.company || '—'}</Table.Td>
                  <Table.Td>{lead.location || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
