import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { type Audience, type AudienceFacets, audienceKey } from '../../../../../shared/flow-audience-values';
import { useLazyModule } from '../../../lib/lazy-module';
import { countableFacets, facetsOfKey, useAudience } from '../api/audience';
import { AUDIENCE_TEXTS, budgetBackWords, widenAdvice } from '../audience-texts';
import { wizardChecks } from '../wizard-checks';
import type { WizardValues } from '../wizard-form';

/** How long step 1's facets must stay unchanged before they are counted (each count is a search). */
export const AUDIENCE_DEBOUNCE_MS = 800;

/**
 * "About N people match" (issue 36 point 2) for step 1's facets as they are being chosen: counted
 * 800 ms after the last change, and only once the required ones are there. The same audience is
 * asked once (api/audience.ts); the review step shows the same answer (AudienceSummary).
 */
export function AudiencePreview({ control }: { control: Control<WizardValues, unknown, unknown> }) {
  const targeting = useWatch({ control, name: 'targetingSettings' });
  const checks = useLazyModule(wizardChecks);
  const facets = countableFacets(targeting, checks?.countable);
  const key = facets ? audienceKey(facets) : '';
  const [settledKey] = useDebouncedValue(key, AUDIENCE_DEBOUNCE_MS);
  return (
    <AudienceStatus
      // A required facet just taken away: nothing to count, at once.
      facets={key && settledKey ? facetsOfKey(settledKey) : undefined}
      waiting={key !== settledKey && key !== ''}
    />
  );
}

/** The review step's line: the count of the audience step 1 chose, the answer step 1 already has. */
export function AudienceSummary({ targeting }: { targeting: WizardValues['targetingSettings'] }) {
  const checks = useLazyModule(wizardChecks);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="review-audience">
      <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
        {AUDIENCE_TEXTS.label}:
      </Text>
      <AudienceStatus facets={countableFacets(targeting, checks?.countable)} waiting={false} />
    </Group>
  );
}

/**
 * What the count came to, in a polite live region (role=status): a screen reader hears the count (or
 * why there is none) once it is in. A Retry button stays beside a failed count while it is asked again,
 * so the keyboard's focus is not lost.
 */
function AudienceStatus({ facets, waiting }: { facets: AudienceFacets | undefined; waiting: boolean }) {
  const { data, error, isValidating, mutate } = useAudience(waiting ? undefined : facets);
  let body: ReactNode;
  let retry = false;
  if (!facets && !waiting) {
    body = (
      <Text size="sm" c="dimmed">
        {AUDIENCE_TEXTS.incomplete}
      </Text>
    );
  } else if (error && !data) {
    retry = true;
    body = (
      <Text size="sm" c="red">
        {AUDIENCE_TEXTS.failed}
      </Text>
    );
  } else if (waiting || !data || !facets) {
    body = (
      <Group gap="xs" wrap="nowrap">
        <Loader size={16} aria-hidden />
        <Text size="sm">{AUDIENCE_TEXTS.counting}</Text>
      </Group>
    );
  } else {
    body = <Answer audience={data} facets={facets} />;
  }
  return (
    <Stack gap="xs" data-testid="audience-preview">
      <div role="status" aria-live="polite" aria-atomic="true">
        {body}
      </div>
      {retry && (
        <Group>
          <Button variant="default" size="xs" loading={isValidating} onClick={() => void mutate()}>
            {AUDIENCE_TEXTS.retry}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Answer({ audience, facets }: { audience: Audience; facets: AudienceFacets }) {
  switch (audience.state) {
    case 'counted':
      if (audience.count === 0 || audience.count === null)
        return (
          // Inside the live region, which announces it: a group named by its title, not a second alert.
          <Alert
            role="group"
            variant="light"
            color="yellow"
            title={AUDIENCE_TEXTS.nobody}
            icon={<IconAlertTriangle size={18} aria-hidden />}
            data-testid="audience-nobody"
          >
            {widenAdvice(facets)}
          </Alert>
        );
      return (
        <Group gap="xs" wrap="nowrap">
          <IconUsers size={18} aria-hidden />
          <Text size="sm" fw={600} data-testid="audience-count">
            {AUDIENCE_TEXTS.count(audience.count)}
          </Text>
        </Group>
      );
    case 'no-budget':
      return (
        <Text size="sm" c="dimmed">
          {AUDIENCE_TEXTS.noBudget(budgetBackWords(audience.retryAt))}
        </Text>
      );
    case 'no-connection':
      return (
        <Text size="sm">
          <Anchor component={Link} to="/platforms" inherit>
            {AUDIENCE_TEXTS.connect}
          </Anchor>
          {AUDIENCE_TEXTS.connectRest}
        </Text>
      );
    case 'needs-attention':
      return (
        <Text size="sm">
          {AUDIENCE_TEXTS.attention}
          <Anchor component={Link} to="/platforms" inherit>
            {AUDIENCE_TEXTS.attentionLink}
          </Anchor>
          {AUDIENCE_TEXTS.attentionRest}
        </Text>
      );
  }
}
