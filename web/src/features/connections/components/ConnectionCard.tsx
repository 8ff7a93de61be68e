import { ActionIcon, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  type ConnectionStatus,
  connectionStatus,
  type PlatformConnection,
} from '../../../../../shared/connection-values';
import { INVITATION_LIMIT_TEXTS, type InvitationLimit } from '../../../../../shared/invitation-limit';
import { PLATFORM_TABLE, platformLabel } from '../../../../../shared/platforms';
import { WARM_UP_DAYS, WARM_UP_TEXTS, type WarmUp } from '../../../../../shared/warm-up';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { PlatformIcon } from '../../../lib/ui/PlatformIcon';
import {
  disconnectConfirmText,
  disconnectPlatform,
  failureMessage,
  PLATFORMS_TEXTS,
  validatePlatform,
} from '../api/platforms';
import { DayPlanCard } from './DayPlanCard';

/** Spec 4 labels and their colours. */
export const STATUS_COLORS: Record<ConnectionStatus, string> = {
  Connected: 'green',
  'Needs Validation': 'yellow',
  'Issues Detected': 'orange',
  Disconnected: 'gray',
};

export function formatDate(value: string | null): string {
  if (!value) return 'Never';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Never';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The invitation budget in words: full, or how far below it and why, until a date on the account's clock. */
export function invitationLimitText(limit: InvitationLimit | null, timeZone: string | null): string {
  if (!limit) return INVITATION_LIMIT_TEXTS.full;
  const until = new Date(limit.until).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: timeZone ?? 'UTC',
  });
  return INVITATION_LIMIT_TEXTS.limited(limit, until);
}

/** Where the account stands in its warm-up, in words. */
export function warmUpText(warmUp: WarmUp | null): string {
  if (!warmUp) return WARM_UP_TEXTS.notStarted;
  return warmUp.day >= WARM_UP_DAYS ? WARM_UP_TEXTS.done : WARM_UP_TEXTS.ramping(warmUp);
}

/** When the account's daily budgets start again: midnight in its browser's zone (UTC until one said). */
export function limitsResetText(timeZone: string | null | undefined): string {
  return timeZone ? `Midnight, ${timeZone} time` : 'Midnight, UTC (no browser zone yet)';
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </div>
  );
}

interface ConnectionCardProps {
  connection: PlatformConnection;
  /** Re-reads the list after a change (a validation changes errorCount either way). */
  onChanged: () => Promise<unknown>;
}

/** One connected account (spec 2.11 'Each row'). */
export function ConnectionCard({ connection, onChanged }: ConnectionCardProps) {
  const [busy, setBusy] = useState<'validate' | 'disconnect'>();
  const label = platformLabel(connection.platform);
  const status = connectionStatus(connection);

  async function revalidate() {
    setBusy('validate');
    try {
      await validatePlatform(connection.id);
      notifySuccess(PLATFORMS_TEXTS.validated(label));
    } catch (error) {
      notifyError(failureMessage(error, PLATFORMS_TEXTS.validateFailed));
    } finally {
      await onChanged();
      setBusy(undefined);
    }
  }

  async function disconnect() {
    if (!window.confirm(disconnectConfirmText(connection.platform))) return;
    setBusy('disconnect');
    try {
      const answer = await disconnectPlatform(connection.id);
      notifySuccess(answer?.message || PLATFORMS_TEXTS.disconnected(label));
      await onChanged();
    } catch {
      notifyError(PLATFORMS_TEXTS.disconnectFailed);
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <Card withBorder padding="lg" component="li" aria-label={`${label} connection`} data-testid="connection">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group wrap="nowrap">
            <PlatformIcon platform={connection.platform} />
            <div>
              <Text fw={600}>{label}</Text>
              <Text size="sm" c="dimmed">
                {connection.accountUsername ? `@${connection.accountUsername}` : connection.accountId}
              </Text>
            </div>
          </Group>
          <Badge color={STATUS_COLORS[status]} variant="light" data-testid="connection-status">
            {status}
          </Badge>
        </Group>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Field label="Username" value={connection.accountUsername ?? '—'} />
          <Field label="Account ID" value={connection.accountId} />
          <Field label="Connected" value={formatDate(connection.createdAt)} />
          <Field label="Last validated" value={formatDate(connection.lastValidated)} />
          {/* DECISIONS 29: the zone of the browser that last synced; daily and weekly limits reset there. */}
          <Field label="Limits reset" value={limitsResetText(connection.timeZone)} />
          {/* Issue 23 point 3: a new account's write limits ramp up over 14 days. */}
          {connection.warmUp !== undefined && (
            <Field label={WARM_UP_TEXTS.label} value={warmUpText(connection.warmUp)} />
          )}
          {/* Issue 23 point 5: invitations halved after a low acceptance rate or a limit signal. */}
          {connection.invitationLimit !== undefined && (
            <Field
              label={INVITATION_LIMIT_TEXTS.label}
              value={invitationLimitText(connection.invitationLimit, connection.timeZone)}
            />
          )}
        </SimpleGrid>

        {connection.lastError && (
          <Text size="sm" c="red" data-testid="connection-error">
            Last error: {connection.lastError}
          </Text>
        )}

        <Group gap="xs">
          {connection.profileUrl && (
            <ActionIcon
              component="a"
              href={connection.profileUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              size="lg"
              aria-label={`Open ${label} profile`}
              // The browser's own hint: a Mantine tooltip would load its positioning engine (20 KB) with the page.
              title="Open profile"
            >
              <IconExternalLink size={18} aria-hidden />
            </ActionIcon>
          )}
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={revalidate}
            loading={busy === 'validate'}
            disabled={busy !== undefined && busy !== 'validate'}
          >
            Re-validate
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={disconnect}
            loading={busy === 'disconnect'}
            disabled={busy !== undefined && busy !== 'disconnect'}
          >
            Disconnect
          </Button>
        </Group>

        {/* Issue 23 point 4: only LinkedIn accounts run flows today, and only an active one runs them. */}
        {connection.isActive && connection.platform === PLATFORM_TABLE.linkedin.record && (
          <DayPlanCard connectionId={connection.id} />
        )}
      </Stack>
    </Card>
  );
}
