import { NativeSelect } from '@mantine/core';
import {
  EXPORT_FORMAT_TABLE,
  EXPORT_FORMATS,
  type ExportFormat,
  isExportFormat,
} from '../../../../../shared/export-formats';
import { exportFormatInPlan, upgradeHint } from '../../../../../shared/plan-policy';
import { LEADS_TEXTS } from '../leads-texts';

/**
 * The export's format (DECISIONS 30): every format the screen builds, those outside the user's plan
 * shown disabled, with the plan's upgrade hint beneath. A native select: keyboard and screen reader
 * behave as the platform's own, and no popover code loads with the page.
 */
export function ExportFormatPicker({
  plan,
  value,
  onChange,
}: {
  plan: string | null | undefined;
  value: ExportFormat;
  onChange: (format: ExportFormat) => void;
}) {
  const locked = EXPORT_FORMATS.filter((format) => !exportFormatInPlan(plan, format));
  const hint =
    locked.length > 0
      ? LEADS_TEXTS.formatsNotInPlan(
          locked.map((f) => EXPORT_FORMAT_TABLE[f].label),
          upgradeHint(plan),
        )
      : undefined;
  return (
    <NativeSelect
      label={LEADS_TEXTS.exportFormat}
      size="sm"
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isExportFormat(next) && exportFormatInPlan(plan, next)) onChange(next);
      }}
      data={EXPORT_FORMATS.map((format) => ({
        value: format,
        label: locked.includes(format)
          ? LEADS_TEXTS.formatLocked(EXPORT_FORMAT_TABLE[format].optionLabel)
          : EXPORT_FORMAT_TABLE[format].optionLabel,
        disabled: locked.includes(format),
      }))}
      // Mantine links the description to the select (aria-describedby) and shows it under the label.
      description={hint}
      inputWrapperOrder={['label', 'input', 'description']}
      maw="22rem"
    />
  );
}

/** The format an export starts with: the trob's own Export format when the plan has it, else CSV. */
export function initialExportFormat(plan: string | null | undefined, trobFormat: unknown): ExportFormat {
  return isExportFormat(trobFormat) && exportFormatInPlan(plan, trobFormat) ? trobFormat : 'csv';
}
