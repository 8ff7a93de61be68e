import { Alert, Anchor, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { BRAND_TEXTS } from '../../../../../shared/brand';
import { hasFeature, upgradeHint } from '../../../../../shared/plan-policy';
import type { UserPlan } from '../../../../../shared/pricing-plans';
import { useBrand } from '../api/brand';
import { failureMessage } from '../api/profile';
import { BrandForm } from './BrandForm';

const TEXTS = BRAND_TEXTS.section;

/**
 * The Brand card of /profile (DECISIONS 32). Below PLUS it says white label is a Plus feature and links
 * to the pricing page; on PLUS the owner sets the product name, logo and accent colour, from
 * `GET /api/team/brand`.
 */
export function BrandSection({ plan }: { plan: UserPlan | null | undefined }) {
  const headingId = useId();
  const inPlan = hasFeature(plan, 'whiteLabel');
  const { data, brand, error, mutate } = useBrand(inPlan);

  let body: ReactNode;
  if (!inPlan) body = <NotInPlan plan={plan} />;
  else if (!data && error) body = <LoadError error={error} onRetry={() => void mutate()} />;
  else if (!data) body = <Loading />;
  else
    body = (
      // The form resets itself to what a save or a reset answered; the cache follows without a refetch.
      <BrandForm
        brand={brand ?? null}
        onSaved={async (saved) => {
          await mutate({ data: { brand: saved } }, { revalidate: false });
        }}
      />
    );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h5" id={headingId} mb="sm">
        {TEXTS.title}
      </Title>
      {body}
    </Card>
  );
}

function NotInPlan({ plan }: { plan: UserPlan | null | undefined }) {
  const hint = upgradeHint(plan);
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{BRAND_TEXTS.notInPlan}</Text>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      <Anchor component={Link} to="/pricing" size="sm" fw={600}>
        {TEXTS.viewPricing}
      </Anchor>
    </Stack>
  );
}

function Loading() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={TEXTS.loading}>
      <Skeleton height={36} />
      <Skeleton height={36} />
      <Skeleton height={56} />
    </Stack>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = failureMessage(error, TEXTS.loadError);
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={20} aria-hidden />}
      title={TEXTS.loadError}
    >
      {message !== TEXTS.loadError && <Text size="sm">{message}</Text>}
      <Button mt="xs" size="xs" variant="light" color="red" onClick={onRetry}>
        {TEXTS.retry}
      </Button>
    </Alert>
  );
}
