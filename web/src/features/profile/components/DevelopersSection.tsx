import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { API_KEY_TEXTS as TEXTS } from '../../../../../shared/api-key-texts';
import { apiKeysInPlan } from '../../../../../shared/plan-policy';
import type { UserPlan } from '../../../../../shared/pricing-plans';
import { useApiKeys } from '../api/api-keys';
import { ApiKeyCreateForm } from './ApiKeyCreateForm';
import { ApiKeyList } from './ApiKeyList';
import { ApiKeySecret } from './ApiKeySecret';
import { PlusOnly, SectionLoadError } from './section-states';

/**
 * The Developers card of /profile (issue 39 point 1): below PRO it says keys come with Pro and Plus;
 * on PRO and PLUS the owner creates a key (its secret shown once), and lists and revokes the keys.
 * The card is the owner's (a member is pointed to their own workspace, as for the Team card).
 */
export function DevelopersSection({ plan }: { plan: UserPlan | null | undefined }) {
  const headingId = useId();
  const inPlan = apiKeysInPlan(plan);
  const { apiKeys, error, mutate } = useApiKeys(inPlan);
  // The secret of the key just made: shown until the owner says they have it, never fetched again.
  const [created, setCreated] = useState<{ name: string; secret: string }>();
  const refresh = async () => {
    await mutate();
  };

  let body: ReactNode;
  if (!inPlan) body = <PlusOnly text={TEXTS.notInPlan} viewPricing={TEXTS.viewPricing} />;
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
          <ApiKeySecret name={created.name} secret={created.secret} onDone={() => setCreated(undefined)} />
        ) : (
          <ApiKeyCreateForm
            onCreated={async (name, secret) => {
              setCreated({ name, secret });
              await refresh();
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
