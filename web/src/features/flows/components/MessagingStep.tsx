import { Alert, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Controller, type FieldPath } from 'react-hook-form';
import {
  COMMENT_STYLE_OPTIONS,
  COMPANY_DESCRIPTION_LENGTH,
  CONNECTION_REQUEST_STYLE_OPTIONS,
  MESSAGE_TONE_OPTIONS,
  type Option,
} from '../../../../../shared/flows';
import { DEFAULT_REVIEW_MODE } from '../../../../../shared/review';
import { WIZARD_TEXTS } from '../flows-texts';
import { messageOf, type WizardValues } from '../wizard-form';
import { changer, type WizardForm } from './field-helpers';
import { ReviewModeRadios } from './review/ReviewModeRadios';
import { REVIEW_PAGE_TEXTS } from './review/review-texts';

/** The counter under the description: its length of the 500 shown (spec 2.3, 9). */
export const descriptionCounter = (length: number) => `${length}/${COMPANY_DESCRIPTION_LENGTH.max}`;

function StyleSelect({
  form,
  name,
  label,
  options,
}: {
  form: WizardForm;
  name: FieldPath<WizardValues>;
  label: string;
  options: readonly Option[];
}) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <NativeSelect
          ref={field.ref}
          label={label}
          required
          data={options.map((option) => ({ ...option }))}
          value={String(field.value ?? '')}
          onChange={(event) => changer(form, name)(field.onChange)(event.currentTarget.value)}
          onBlur={field.onBlur}
          error={messageOf(fieldState.error)}
        />
      )}
    />
  );
}

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
        <StyleSelect
          form={form}
          name="messagingSettings.messageTone"
          label={WIZARD_TEXTS.messageTone}
          options={MESSAGE_TONE_OPTIONS}
        />
        <StyleSelect
          form={form}
          name="messagingSettings.connectionRequestStyle"
          label={WIZARD_TEXTS.connectionRequestStyle}
          options={CONNECTION_REQUEST_STYLE_OPTIONS}
        />
        <StyleSelect
          form={form}
          name="messagingSettings.commentStyle"
          label={WIZARD_TEXTS.commentStyle}
          options={COMMENT_STYLE_OPTIONS}
        />
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
            description={REVIEW_PAGE_TEXTS.modeHint}
            testId="review-mode"
          />
        )}
      />
    </Stack>
  );
}
