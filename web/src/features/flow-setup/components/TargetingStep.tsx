import { Chip, Group, Input, Radio, SimpleGrid, Stack } from '@mantine/core';
import { memo, useId, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import {
  COMPANY_SIZE_OPTIONS,
  COUNTRY_OPTIONS,
  DEFAULT_MINIMUM_MATCH,
  type IndustryOption,
  JOB_TITLE_OPTIONS,
  KEYWORDS_MAX_LENGTH,
  MINIMUM_MATCH_OPTIONS,
} from '../../../../../shared/flow-options';
import { useLazyModule } from '../../../lib/lazy-module';
import { WIZARD_TEXTS } from '../setup-texts';
import { messageOf } from '../wizard-form';
import { AudiencePreview } from './AudiencePreview';
import { changer, type WizardForm } from './field-helpers';
import { ListStandIn } from './ListStandIn';
import { listPickers } from './list-pickers';
import { type OptionsFieldSpec, type PlainFieldSpec, WizardField } from './WizardField';

const KEYWORDS_FIELD: PlainFieldSpec = {
  kind: 'text',
  name: 'targetingSettings.keywords',
  label: WIZARD_TEXTS.keywords,
  description: WIZARD_TEXTS.keywordsHint,
  placeholder: 'e.g. operations',
  required: true,
  maxLength: KEYWORDS_MAX_LENGTH,
};

/** The job titles and locations, side by side. */
const AUDIENCE_FIELDS: readonly OptionsFieldSpec[] = [
  {
    kind: 'multiselect',
    name: 'targetingSettings.jobTitles',
    label: WIZARD_TEXTS.jobTitles,
    description: WIZARD_TEXTS.jobTitlesHint,
    placeholder: 'Search job titles',
    options: JOB_TITLE_OPTIONS,
  },
  {
    kind: 'multiselect',
    name: 'targetingSettings.locations',
    label: WIZARD_TEXTS.locations,
    placeholder: 'Search countries',
    required: true,
    options: COUNTRY_OPTIONS,
  },
];

/**
 * Step 1, Target Audience (spec 2.3, 5): industries, keywords, job titles, locations, company size, and
 * the minimum match a prospect needs to be contacted (issue 36 point 1), and how many people match the
 * facets chosen (issue 36 point 2).
 */
export const TargetingStep = memo(function TargetingStep({
  form,
  industryOptions,
  industryLabels,
}: {
  form: WizardForm;
  industryOptions: readonly IndustryOption[] | undefined;
  industryLabels: Map<string, string>;
}) {
  const { control } = form;
  const companySizeLabel = useId();
  const companySizeHint = useId();
  const industriesId = useId();
  const pickers = useLazyModule(listPickers);
  return (
    <Stack gap="md">
      <Controller
        name="targetingSettings.industries"
        control={control}
        render={({ field, fieldState }) => {
          const props = {
            id: industriesId,
            value: field.value ?? [],
            onChange: changer(form, field.name)(field.onChange),
            onBlur: field.onBlur,
            inputRef: field.ref,
            error: messageOf(fieldState.error),
          };
          if (pickers)
            return <pickers.IndustryPicker {...props} options={industryOptions} labels={industryLabels} />;
          return (
            <ListStandIn
              {...props}
              values={props.value}
              label={WIZARD_TEXTS.industries}
              description={WIZARD_TEXTS.industriesHint}
              required
              placeholder={props.value.length === 0 ? WIZARD_TEXTS.industriesPlaceholder : undefined}
              labelOf={(value) => industryLabels.get(value) ?? value}
              removeLabel={WIZARD_TEXTS.remove}
              pillTestId="industry-pill"
            />
          );
        }}
      />
      <WizardField form={form} spec={KEYWORDS_FIELD} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {AUDIENCE_FIELDS.map((spec) => (
          <OptionsField key={spec.name} form={form} spec={spec} />
        ))}
      </SimpleGrid>
      <Controller
        name="targetingSettings.companySize"
        control={control}
        render={({ field, fieldState }) => (
          <Input.Wrapper
            labelElement="div"
            label={WIZARD_TEXTS.companySize}
            labelProps={{ id: companySizeLabel }}
            description={WIZARD_TEXTS.companySizeHint}
            descriptionProps={{ id: companySizeHint }}
            error={messageOf(fieldState.error)}
          >
            <Chip.Group
              multiple
              value={field.value ?? []}
              onChange={changer(form, field.name)(field.onChange)}
            >
              <Group
                gap="xs"
                mt="xs"
                role="group"
                aria-labelledby={companySizeLabel}
                aria-describedby={companySizeHint}
              >
                {COMPANY_SIZE_OPTIONS.map((option) => (
                  <Chip key={option.value} value={option.value} size="sm" variant="outline">
                    {option.label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
        )}
      />
      <Controller
        name="targetingSettings.minimumMatch"
        control={control}
        render={({ field, fieldState }) => (
          <Radio.Group
            name={field.name}
            label={WIZARD_TEXTS.minimumMatch}
            description={WIZARD_TEXTS.minimumMatchHint}
            value={field.value ?? DEFAULT_MINIMUM_MATCH}
            onChange={changer(form, field.name)(field.onChange)}
            error={messageOf(fieldState.error)}
          >
            <Stack gap="xs" mt="xs">
              {MINIMUM_MATCH_OPTIONS.map((option) => (
                <Radio
                  key={option.value}
                  value={option.value}
                  label={option.label}
                  description={WIZARD_TEXTS.minimumMatchEffects[option.value]}
                  {...(option.value === (field.value ?? DEFAULT_MINIMUM_MATCH) ? { ref: field.ref } : {})}
                  onBlur={field.onBlur}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      <AudiencePreview control={control} />
    </Stack>
  );
});

/** A list of fixed options to choose several of: the picker once its code is in, its stand-in until then. */
function OptionsField({ form, spec }: { form: WizardForm; spec: OptionsFieldSpec }) {
  const id = useId();
  const pickers = useLazyModule(listPickers);
  const labels = useMemo(() => new Map(spec.options.map((option) => [option.value, option.label])), [spec]);
  return (
    <Controller
      name={spec.name}
      control={form.control}
      render={({ field, fieldState }) => {
        const props = {
          id,
          label: spec.label,
          description: spec.description,
          required: spec.required,
          error: messageOf(fieldState.error),
          placeholder: spec.placeholder,
          value: (field.value as string[] | undefined) ?? [],
          onChange: changer(form, field.name)(field.onChange),
          onBlur: field.onBlur,
          inputRef: field.ref,
        };
        if (pickers) return <pickers.OptionsPicker {...props} options={spec.options} />;
        return (
          <ListStandIn
            {...props}
            values={props.value}
            labelOf={(value) => labels.get(value) ?? value}
            withChevron
          />
        );
      }}
    />
  );
}
