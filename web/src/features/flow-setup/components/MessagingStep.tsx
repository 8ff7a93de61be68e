import { Alert, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import {
  COMMENT_STYLE_OPTIONS,
  COMPANY_DESCRIPTION_LENGTH,
  CONNECTION_REQUEST_STYLE_OPTIONS,
  MESSAGE_TONE_OPTIONS,
} from '../../../../../shared/flow-options';
import { DEFAULT_REVIEW_MODE } from '../../../../../shared/review';
import { ReviewModeRadios } from '../../../lib/flows/ReviewModeRadios';
import { WIZARD_TEXTS } from '../setup-texts';
import { messageOf } from '../wizard-form';
import { changer, type WizardForm } from './field-helpers';
import { LaterField, type LaterFieldSpec } from './LaterField';

/** The counter under the description: its length of the 500 shown (spec 2.3, 9). */
export const descriptionCounter = (length: number) => `${length}/${COMPANY_DESCRIPTION_LENGTH.max}`;

/** The tone, the connection request approach and the comment strategy, side by side. */
const STYLE_FIELDS: readonly LaterFieldSpec[] = [
  {
    kind: 'select',
    name: 'messagingSettings.messageTone',
    label: WIZARD_TEXTS.messageTone,
    required: true,
    options: MESSAGE_TONE_OPTIONS,
  },
  {
    kind: 'select',
    name: 'messagingSettings.connectionRequestStyle',
    label: WIZARD_TEXTS.connectionRequestStyle,
    required: true,
    options: CONNECTION_REQUEST_STYLE_OPTIONS,
  },
  {
    kind: 'select',
    name: 'messagingSettings.commentStyle',
    label: WIZARD_TEXTS.commentStyle,
    required: true,
    options: COMMENT_STYLE_OPTIONS,
  },
];

/**
 * Step 2, Messaging (spec 2.3, 5): the company description with its counter, the tone, the connection
 * request approach and the comment strategy; what LinkedIn allows a connection note (DECISIONS 28); and
 * the review mode (issue 23), 'Review everything' unless chosen otherwise.
 */
export function MessagingStep({ form }: { form: WizardForm }) {
  return (
    <Stack gap="md">
      <Controller
        name="messagingSettings.companyDescription"
        control={form.control}
        render={({ field, fieldState }) => {
          const length = String(field.value ?? '').length;
          const over = length > COMPANY_DESCRIPTION_LENGTH.max;
          return (
            <Textarea
              ref={field.ref}
              label={WIZARD_TEXTS.companyDescription}
              required
              rows={5}
              placeholder="What does your company do, and for whom?"
              description={
                <>
                  {WIZARD_TEXTS.companyDescriptionHint}{' '}
                  <Text
                    component="span"
                    size="xs"
                    fw={600}
                    c={over ? 'red.8' : undefined}
                    data-testid="description-counter"
                  >
                    {descriptionCounter(length)}
                  </Text>
                  <Text component="span" size="xs">
                    {' '}
                    characters (at least {COMPANY_DESCRIPTION_LENGTH.min})
                  </Text>
                </>
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={String(field.value ?? '')}
              onChange={(event) => changer(form, field.name)(field.onChange)(event.currentTarget.value)}
              onBlur={field.onBlur}
              error={messageOf(fieldState.error)}
            />
          );
        }}
      />
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {STYLE_FIELDS.map((spec) => (
          <LaterField key={spec.name} form={form} spec={spec} />
        ))}
      </SimpleGrid>
      <Alert
        variant="light"
        color="blue"
        icon={<IconInfoCircle size={20} aria-hidden />}
        title={WIZARD_TEXTS.notesTitle}
        data-testid="connection-notes"
      >
        <Text size="sm">{WIZARD_TEXTS.notes}</Text>
      </Alert>
      <Controller
        name="messagingSettings.reviewMode"
        control={form.control}
        render={({ field, fieldState }) => (
          <ReviewModeRadios
            inputRef={field.ref}
            value={field.value ?? DEFAULT_REVIEW_MODE}
            onChange={changer(form, field.name)(field.onChange)}
            error={messageOf(fieldState.error)}
            description={WIZARD_TEXTS.reviewModeHint}
            testId="review-mode"
          />
        )}
      />
    </Stack>
  );
}
