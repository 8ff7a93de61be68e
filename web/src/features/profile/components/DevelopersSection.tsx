import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { API_KEY_TEXTS as TEXTS } from '../../../../../shared/api-key-texts';
import { apiKeysInPlan } from '../../../../../shared/plan-policy';
import type { UserPlan } from '../../../../../shared/pricing-plans';
import { useApiKeys } from '../api/api-keys';
import { ApiKeyCreateForm } from './ApiKeyCreateForm';
import { ApiKeyList } from './ApiKeyList';
import { ApiKeySecret } from './ApiKeySecret';
import { PlusOnly, SectionLoadError } from './section-states';

/**
 * The Developers card of /profile (issue 39 point 1): on PRO and PLUS the owner creates a key (its
 * secret shown once), and lists and revokes the keys. Below PRO it says keys come with Pro and Plus, and
 * still lists the keys a downgrade kept (they work again if the plan returns), so any can be revoked.
 * The card is the owner's (a member is pointed to their own workspace, as for the Team card).
 */
export function DevelopersSection({ plan }: { plan: UserPlan | null | undefined }) {
  const headingId = useId();
  const inPlan = apiKeysInPlan(plan);
  const { apiKeys, error, mutate } = useApiKeys(true);
  // The secret of the key just made: shown until the owner says they have it, never fetched again.
  const [created, setCreated] = useState<{ name: string; secret: string }>();
  // Done takes the keyboard back to the form's heading, where the panel it was in stood.
  const formHeading = useRef<HTMLHeadingElement>(null);
  const [returnFocus, setReturnFocus] = useState(false);
  useEffect(() => {
    if (!returnFocus || created) return;
    formHeading.current?.focus();
    setReturnFocus(false);
  }, [returnFocus, created]);
  const refresh = async () => {
    await mutate();
  };

  let body: ReactNode;
  const notInPlan = <PlusOnly text={TEXTS.notInPlan} viewPricing={TEXTS.viewPricing} />;
  if (!inPlan && apiKeys && apiKeys.length > 0)
    body = (
      <Stack gap="lg">
        {notInPlan}
        <Text size="sm">{TEXTS.notInPlanList}</Text>
        <ApiKeyList apiKeys={apiKeys} refresh={refresh} />
      </Stack>
    );
  else if (!inPlan) body = notInPlan;
  else if (!apiKeys && error)
    body = (
      <SectionLoadError
        error={error}
        onRetry={() => void refresh()}
        title={TEXTS.loadError}
        retry={TEXTS.retry}
      />
    );
  else if (!apiKeys) body = <Loading />;
  else
    body = (
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {TEXTS.intro}
        </Text>
        {created ? (
          <ApiKeySecret
            name={created.name}
            secret={created.secret}
            onDone={() => {
              setCreated(undefined);
              setReturnFocus(true);
            }}
          />
        ) : (
          <ApiKeyCreateForm
            headingRef={formHeading}
            onCreated={(name, secret) => {
              setCreated({ name, secret });
              void refresh().catch(() => undefined);
            }}
            refresh={refresh}
          />
        )}
        <ApiKeyList apiKeys={apiKeys} refresh={refresh} />
      </Stack>
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
    <Stack gap="sm" aria-busy="true" aria-label={TEXTS.loading} data-testid="api-keys-skeleton">
      <Skeleton height={16} width="40%" />
      <Skeleton height={36} />
      <Skeleton height={52} />
    </Stack>
  );
}
