import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { type ApiKeyView, API_KEY_TEXTS as TEXTS } from '../../../../../shared/api-key-texts';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { LazyConfirmDialog } from '../../../lib/ui/LazyConfirmDialog';
import { revokeApiKey } from '../api/api-keys';
import { failureMessage } from '../api/profile';
import { formatTeamDate, isExpired, ListHeading, listStyle } from './team-list';

const momentFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Mar 20, 2026, 9:00 AM' in the browser's time zone: when a key was last used, to the minute it is kept. */
const formatMoment = (value: string): string => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : momentFormat.format(date);
};

/** The Developers card's keys: what each may do, when it was last used, Revoke behind a confirmation. */
export function ApiKeyList({ apiKeys, refresh }: { apiKeys: ApiKeyView[]; refresh: () => Promise<void> }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState<ApiKeyView>();
  // The key the dialog names, kept while it closes so its text does not empty mid-transition.
  const [asked, setAsked] = useState<ApiKeyView>();
  const [revoking, setRevoking] = useState(false);

  const ask = (key: ApiKeyView) => {
    setAsked(key);
    setConfirming(key);
  };
  const close = () => {
    if (!revoking) setConfirming(undefined);
  };
  const revoke = async (key: ApiKeyView) => {
    setRevoking(true);
    try {
      await revokeApiKey(key.id);
      notifySuccess(TEXTS.revoked);
      setConfirming(undefined);
      await refresh();
      // The row is gone: keep the keyboard in the list it left.
      heading.current?.focus();
    } catch (error) {
      notifyError(failureMessage(error, TEXTS.revokeFailed));
      // A 404: revoked meanwhile (another tab).
      void refresh().catch(() => undefined);
    } finally {
      setRevoking(false);
    }
  };

  return (
    <Stack gap="xs">
      <ListHeading headingRef={heading} id={headingId}>
        {TEXTS.listTitle}
      </ListHeading>
      {apiKeys.length === 0 ? (
        <Text size="sm" c="dimmed">
          {TEXTS.empty}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={listStyle} aria-labelledby={headingId}>
          {apiKeys.map((key) => (
            <Paper component="li" withBorder p="sm" key={key.id} data-testid="api-key">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {key.name}
                    </Text>
                    {key.expiresAt && isExpired(key.expiresAt) && (
                      <Badge color="red" variant="light" size="sm" tt="none">
                        {TEXTS.expired}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" ff="monospace">
                    {key.prefix}…
                  </Text>
                  <Group gap={4}>
                    {key.scopes.map((scope) => (
                      <Badge key={scope} variant="light" color="gray" size="sm" tt="none">
                        {scope}
                      </Badge>
                    ))}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {TEXTS.createdOn(formatTeamDate(key.createdAt))} ·{' '}
                    {key.lastUsedAt ? TEXTS.lastUsed(formatMoment(key.lastUsedAt)) : TEXTS.never} ·{' '}
                    {key.expiresAt ? TEXTS.expiresOn(formatTeamDate(key.expiresAt)) : TEXTS.noExpiry}
                  </Text>
                </Stack>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  aria-label={TEXTS.revokeLabel(key.name)}
                  onClick={() => ask(key)}
                >
                  {TEXTS.revoke}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <LazyConfirmDialog
        opened={confirming !== undefined}
        title={asked ? TEXTS.revokeTitle(asked.name) : ''}
        text={TEXTS.revokeBody}
        cancelLabel={TEXTS.cancel}
        confirmLabel={TEXTS.revokeConfirm}
        busy={revoking}
        onCancel={close}
        onConfirm={() => confirming && void revoke(confirming)}
      />
    </Stack>
  );
}
