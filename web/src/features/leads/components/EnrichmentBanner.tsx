import { Alert, Group, Progress, Text } from '@mantine/core';
import { IconCircleCheck, IconDatabase, IconLoader2 } from '@tabler/icons-react';
import type { EnrichmentState } from '../../../../../shared/automations-values';
import { LEADS_TEXTS } from '../leads-texts';

/** Part 2 section 4: the bar is at least 10% wide so a start is visible. */
const MIN_BAR = 10;

/**
 * Part 2 section 4: 'All Profiles Enriched' when completed; 'Enriching Profiles...' with enriched/total,
 * a percentage and a bar while enriching (the page reloads every 10 s then); 'Basic Data Loaded'
 * otherwise. Only the completed state hides the bar.
 */
export function EnrichmentBanner({ enrichment }: { enrichment: EnrichmentState }) {
  if (enrichment.status === 'completed') {
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck size={20} aria-hidden />}
        data-testid="enrichment"
      >
        {LEADS_TEXTS.enrichedAll}
      </Alert>
    );
  }
  const enriching = enrichment.status === 'enriching';
  const total = Math.max(0, enrichment.totalExpected);
  const percent = total > 0 ? Math.min(100, Math.round((enrichment.enrichedCount / total) * 100)) : 0;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={enriching ? <IconLoader2 size={20} aria-hidden /> : <IconDatabase size={20} aria-hidden />}
      data-testid="enrichment"
    >
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600}>
          {enriching ? LEADS_TEXTS.enriching : LEADS_TEXTS.basicData}
        </Text>
        <Text size="sm">
          {enrichment.enrichedCount.toLocaleString('en-US')}/{total.toLocaleString('en-US')} ({percent}%)
        </Text>
      </Group>
      <Progress
        value={Math.max(MIN_BAR, percent)}
        aria-label={`${percent}% of profiles enriched`}
        animated={enriching}
      />
    </Alert>
  );
}
