import { ColorSwatch, TextInput } from '@mantine/core';
import type { Ref } from 'react';
import {
  BRAND_MIN_CONTRAST,
  BRAND_TEXT_COLOR,
  BRAND_TEXTS,
  contrastRatio,
  isHexColor,
} from '../../../../../shared/brand';

const TEXTS = BRAND_TEXTS.section;
/** What the native picker opens on while the field holds no valid colour: the app's own accent. */
const PICKER_START = '#364fc7';

/**
 * The accent colour: a text field for #RRGGBB (typed or pasted) with a native colour picker beside it,
 * both keyboard usable. The contrast with white text is said as the colour is typed (a polite live
 * description); a colour under WCAG AA gets the schema's message as the field's error.
 */
export function AccentColorField({
  value,
  onChange,
  onBlur,
  inputRef,
  error,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error: string | undefined;
}) {
  const text = value ?? '';
  const valid = isHexColor(text);
  const ratio = valid ? contrastRatio(text, BRAND_TEXT_COLOR) : undefined;
  const passes = ratio !== undefined && ratio >= BRAND_MIN_CONTRAST;

  return (
    <TextInput
      ref={inputRef}
      label={TEXTS.accentLabel}
      description={passes ? TEXTS.contrastOk(ratio) : TEXTS.accentDescription}
      descriptionProps={{ 'aria-live': 'polite' }}
      placeholder="#1864AB"
      autoComplete="off"
      spellCheck={false}
      maxLength={7}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value.trim();
        onChange(next === '' ? null : next);
      }}
      onBlur={onBlur}
      error={error}
      errorProps={{ role: 'alert' }}
      leftSection={<ColorSwatch color={valid ? text : 'transparent'} size={18} aria-hidden />}
      rightSectionPointerEvents="all"
      rightSectionWidth={44}
      rightSection={
        <input
          type="color"
          aria-label={TEXTS.accentPickerLabel}
          value={valid ? text.toLowerCase() : PICKER_START}
          onChange={(event) => onChange(event.currentTarget.value.toUpperCase())}
          style={{ width: 28, height: 28, padding: 0, border: 0, background: 'none', cursor: 'pointer' }}
        />
      }
    />
  );
}
