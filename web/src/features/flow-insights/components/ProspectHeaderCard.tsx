import { Avatar, Card, Group, Progress, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ProspectDetail } from '../../../../../shared/flow-insights-values';
import { imageSrc } from '../../../lib/image-src';
import { safeUrl } from '../../../lib/safe-url';
import { ExternalLink } from './InsightParts';
import { formatDateTime, initialsOf } from './insight-format';
import { INSIGHT_TEXTS } from './insight-texts';
import classes from './insights.module.css';
import { QualityBadge, ScoreBadge, StatusBadge } from './ProspectParts';

const clampWeight = (weight: number) => Math.max(0, Math.min(1, Number.isFinite(weight) ? weight : 0));

function Facts({ rows }: { rows: Array<[string, string | undefined]> }) {
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  if (shown.length === 0) return null;
  return (
    <dl className={classes.facts}>
      {shown.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export type ConnectionState = keyof typeof INSIGHT_TEXTS.connectionStates;

/**
 * Where the prospect stands with the account, from their status and their invitation's story (the
 * status only moves forward: CONTACTED is engaged with, PENDING invited, then the answer).
 */
export function connectionStateOf(prospect: Pick<ProspectDetail, 'status' | 'connection'>): ConnectionState {
  const { sentAt, acceptedAt, declinedAt, withdrawnAt } = prospect.connection ?? {};
  if (acceptedAt || prospect.status === 'ACCEPTED') return 'connected';
  if (declinedAt || prospect.status === 'DECLINED') return 'declined';
  if (withdrawnAt) return 'withdrawn';
  if (sentAt || prospect.status === 'PENDING') return 'invited';
  if (prospect.status === 'CONTACTED') return 'engaged';
  return 'notContacted';
}

/**
 * Where the prospect stands, then the invitation's story: sent (with its note), then accepted,
 * declined or withdrawn (spec 3, Prospect.connection).
 */
function ConnectionFacts({ prospect }: { prospect: ProspectDetail }) {
  const { sentAt, message, acceptedAt, declinedAt, withdrawnAt } = prospect.connection ?? {};
  const at = (value: string | undefined) => (value ? formatDateTime(value) : undefined);
  return (
    <Stack gap="xs" data-testid="prospect-connection">
      <Text size="sm" fw={600} data-testid="connection-state">
        {INSIGHT_TEXTS.connectionStates[connectionStateOf(prospect)]}
      </Text>
      <Facts
        rows={[
          [INSIGHT_TEXTS.connectionSent, at(sentAt)],
          [INSIGHT_TEXTS.connectionAccepted, at(acceptedAt)],
          [INSIGHT_TEXTS.connectionDeclined, at(declinedAt)],
          [INSIGHT_TEXTS.connectionWithdrawn, at(withdrawnAt)],
        ]}
      />
      {message && (
        <blockquote className={classes.quote} aria-label={INSIGHT_TEXTS.connectionMessage}>
          {message}
        </blockquote>
      )}
    </Stack>
  );
}

/**
 * Spec 2.7, the prospect's header card: photo (or initials), name, title, company, location,
 * industry, profile link, AI score in its colour, match quality and reason, the relevance factors
 * (each weight 0 to 1 shown as a bar) and the connection's dates and note.
 */
export function ProspectHeaderCard({ prospect }: { prospect: ProspectDetail }) {
  const profileUrl = safeUrl(prospect.profileUrl);
  const image = imageSrc(prospect.profileImage);
  const factors = Array.isArray(prospect.relevanceFactors) ? prospect.relevanceFactors : [];
  return (
    <Card withBorder padding="lg" data-testid="prospect-header">
      <Stack gap="md">
        <Group align="flex-start" gap="md" wrap="nowrap">
          <Avatar
            src={image}
            alt=""
            size={72}
            radius="xl"
            color="indigo"
            imageProps={{ referrerPolicy: 'no-referrer' }}
          >
            <span aria-hidden="true">{initialsOf(prospect.name)}</span>
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {prospect.name}
            </Title>
            {(prospect.title || prospect.company) && (
              <Text data-testid="prospect-role">
                {[prospect.title, prospect.company].filter(Boolean).join(' at ')}
              </Text>
            )}
            <Group gap="xs">
              <StatusBadge status={prospect.status} />
              <ScoreBadge score={prospect.aiScore} size="lg" />
              <QualityBadge quality={prospect.matchQuality} />
            </Group>
          </Stack>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="xs">
            <Facts
              rows={[
                [INSIGHT_TEXTS.headline, prospect.headline],
                [INSIGHT_TEXTS.location, prospect.location],
                [INSIGHT_TEXTS.industry, prospect.industry],
              ]}
            />
            {profileUrl && (
              <div>
                <ExternalLink href={profileUrl}>
                  {INSIGHT_TEXTS.viewProfile} <VisuallyHidden>of {prospect.name}</VisuallyHidden>
                </ExternalLink>
              </div>
            )}
          </Stack>
          <section aria-labelledby="prospect-connection">
            <Title order={2} size="h5" id="prospect-connection" mb={4}>
              {INSIGHT_TEXTS.connection}
            </Title>
            <ConnectionFacts prospect={prospect} />
          </section>
        </SimpleGrid>

        {(prospect.matchReason || factors.length > 0) && (
          <section aria-labelledby="prospect-match">
            <Title order={2} size="h5" id="prospect-match" mb={4}>
              {INSIGHT_TEXTS.matchReason}
            </Title>
            {prospect.matchReason && (
              <Text size="sm" data-testid="match-reason">
                {prospect.matchReason}
              </Text>
            )}
            {factors.length > 0 && (
              <>
                <Title order={3} size="h6" mt="sm" mb={4}>
                  {INSIGHT_TEXTS.relevanceFactors}
                </Title>
                <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {factors.map((factor) => {
                    const percent = Math.round(clampWeight(factor.weight) * 100);
                    return (
                      <li key={factor.factor} data-testid="relevance-factor">
                        <Group justify="space-between" gap="xs" wrap="nowrap">
                          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                            {factor.factor}
                          </Text>
                          <Text size="xs" c="dimmed" data-testid="factor-weight">
                            {INSIGHT_TEXTS.weight(percent)}
                          </Text>
                        </Group>
                        <Progress
                          value={percent}
                          size="sm"
                          mt={2}
                          aria-label={`${factor.factor}: ${INSIGHT_TEXTS.weight(percent).toLowerCase()}`}
                        />
                        {factor.detail && (
                          <Text size="xs" c="dimmed" mt={2}>
                            {factor.detail}
                          </Text>
                        )}
                      </li>
                    );
                  })}
                </Stack>
              </>
            )}
          </section>
        )}
      </Stack>
    </Card>
  );
}
