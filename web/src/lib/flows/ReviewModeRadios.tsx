import { Radio, Stack } from '@mantine/core';
import type { Ref } from 'react';
import { REVIEW_MODE_OPTIONS, REVIEW_TEXTS, type ReviewMode } from '../../../../shared/review';

/**
 * The three review modes, each with what it lets through, as one radio group: the wizard's messaging
 * step fills it in for a new flow, the review screen changes it later.
 */
export function ReviewModeRadios({
  value,
  onChange,
  error,
  description,
  inputRef,
  testId,
}: {
  value: ReviewMode;
  onChange: (mode: ReviewMode) => void;
  error?: string;
  description?: string;
  /** The first radio, for a form that focuses a field with an error. */
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
}) {
  return (
    <Radio.Group
      label={REVIEW_TEXTS.modeLabel}
      description={description}
      value={value}
      onChange={(next) => onChange(next as ReviewMode)}
      error={error}
      data-testid={testId}
    >
      <Stack gap="sm" mt="xs">
        {REVIEW_MODE_OPTIONS.map((option, index) => (
          <Radio
            key={option.value}
            ref={index === 0 ? inputRef : undefined}
            value={option.value}
            label={option.label}
            description={option.description}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
