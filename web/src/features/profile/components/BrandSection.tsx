import { Card, Skeleton, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { BRAND_TEXTS } from '../../../../../shared/brand';
import { hasFeature, upgradeHint } from '../../../../../shared/plan-policy';
import type { UserPlan } from '../../../../../shared/pricing-plans';
import { useBrand } from '../api/brand';
import { BrandForm } from './BrandForm';
import { PlusOnly, SectionLoadError } from './section-states';

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
  if (!inPlan)
    body = <PlusOnly text={BRAND_TEXTS.notInPlan} hint={upgradeHint(plan)} viewPricing={TEXTS.viewPricing} />;
  else if (!data && error)
    body = (
      <SectionLoadError
        error={error}
        onRetry={() => void mutate()}
        title={TEXTS.loadError}
        retry={TEXTS.retry}
      />
    );
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

function Loading() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={TEXTS.loading}>
      <Skeleton height={36} />
      <Skeleton height={36} />
      <Skeleton height={56} />
    </Stack>
  );
}
