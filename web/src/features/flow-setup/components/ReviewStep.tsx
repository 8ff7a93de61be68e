import { Alert, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClockPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  COMMENT_STYLE_OPTIONS,
  COMPANY_SIZE_OPTIONS,
  CONNECTION_REQUEST_STYLE_OPTIONS,
  COUNTRY_OPTIONS,
  DEFAULT_MINIMUM_MATCH,
  FLOW_WIZARD_STEPS,
  MESSAGE_TONE_OPTIONS,
  MINIMUM_MATCH_OPTIONS,
  TIMEZONE_OPTIONS,
  WITHDRAW_AFTER_DAYS,
} from '../../../../../shared/flow-options';
import { DEFAULT_REVIEW_MODE, REVIEW_MODE_OPTIONS, REVIEW_TEXTS } from '../../../../../shared/review';
import { labelOf, labelsOf } from '../option-labels';
import { WIZARD_TEXTS } from '../setup-texts';
import type { WizardValues } from '../wizard-form';
import { AudienceSummary } from './AudiencePreview';

function Facts({ title, rows }: { title: string; rows: readonly (readonly [string, string])[] }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <dl style={{ margin: 0 }}>
        {rows.map(([term, value]) => (
          <div key={term} style={{ marginBottom: 6 }}>
            <Text component="dt" size="xs" c="dimmed" fw={600}>
              {term}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {value}
            </Text>
          </div>
        ))}
      </dl>
    </Card>
  );
}

const listed = (items: string[], none: string) => (items.length > 0 ? items.join(', ') : none);

/** Step 4, Review (spec 2.3): every choice of steps 1 to 3, and when the flow begins. */
export function ReviewStep({
  values,
  industryLabel,
  nameField,
}: {
  values: WizardValues;
  /** The flow's name field (FlowNameField, issue 36 point 7), above the choices. */
  nameField?: ReactNode;
  /** An industry's name from its value (LinkedIn's id). */
  industryLabel: (value: string) => string;
}) {
  const t = values.targetingSettings;
  const m = values.messagingSettings;
  const e = values.executionSettings;
  return (
    <Stack gap="md" data-testid="review">
      <Text>{WIZARD_TEXTS.reviewIntro}</Text>
      {nameField}
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Facts
          title={FLOW_WIZARD_STEPS[0]}
          rows={[
            [WIZARD_TEXTS.industries, listed(t.industries.map(industryLabel), WIZARD_TEXTS.none)],
            [WIZARD_TEXTS.keywords, t.keywords.trim() || WIZARD_TEXTS.none],
            [WIZARD_TEXTS.jobTitles, listed(t.jobTitles ?? [], WIZARD_TEXTS.anyRole)],
            [WIZARD_TEXTS.locations, listed(labelsOf(COUNTRY_OPTIONS, t.locations), WIZARD_TEXTS.none)],
            [
              WIZARD_TEXTS.companySize,
              listed(labelsOf(COMPANY_SIZE_OPTIONS, t.companySize), WIZARD_TEXTS.anySize),
            ],
            [
              WIZARD_TEXTS.minimumMatch,
              labelOf(MINIMUM_MATCH_OPTIONS, t.minimumMatch ?? DEFAULT_MINIMUM_MATCH),
            ],
          ]}
        />
        <Facts
          title={FLOW_WIZARD_STEPS[1]}
          rows={[
            [WIZARD_TEXTS.companyDescription, m.companyDescription.trim()],
            [WIZARD_TEXTS.messageTone, labelOf(MESSAGE_TONE_OPTIONS, m.messageTone)],
            [
              WIZARD_TEXTS.connectionRequestStyle,
              labelOf(CONNECTION_REQUEST_STYLE_OPTIONS, m.connectionRequestStyle),
            ],
            [WIZARD_TEXTS.commentStyle, labelOf(COMMENT_STYLE_OPTIONS, m.commentStyle)],
            [REVIEW_TEXTS.modeLabel, labelOf(REVIEW_MODE_OPTIONS, m.reviewMode ?? DEFAULT_REVIEW_MODE)],
          ]}
        />
        <Facts
          title={FLOW_WIZARD_STEPS[2]}
          rows={[
            [WIZARD_TEXTS.runsPerDay, String(e.runsPerDay)],
            [WIZARD_TEXTS.prospectsPerRun, String(e.prospectsPerRun)],
            [WIZARD_TEXTS.withdrawAfterDays, String(e.withdrawAfterDays ?? WITHDRAW_AFTER_DAYS.default)],
            ['Working hours', `${e.workingHours.start} to ${e.workingHours.end}`],
            [
              WIZARD_TEXTS.timezone,
              `${labelOf(TIMEZONE_OPTIONS, e.workingHours.timezone)} (${e.workingHours.timezone})`,
            ],
            [WIZARD_TEXTS.enableWeekends, e.enableWeekends ? WIZARD_TEXTS.on : WIZARD_TEXTS.off],
          ]}
        />
      </SimpleGrid>
      <AudienceSummary targeting={t} />
      <Alert
        variant="light"
        color="teal"
        icon={<IconClockPlay size={20} aria-hidden />}
        data-testid="starts-within"
      >
        {WIZARD_TEXTS.startsWithin}
      </Alert>
    </Stack>
  );
}
