import { Button, Group } from '@mantine/core';
import { IconDownload, IconFilterOff, IconRefresh, IconSparkles } from '@tabler/icons-react';
import { memo } from 'react';
import type { ExportFormat } from '../../../../../shared/export-formats';
import { BusyButton } from '../../../lib/ui/BusyButton';
import { LEADS_TEXTS } from '../leads-texts';
import { ExportFormatPicker } from './ExportFormatPicker';

/**
 * Refresh, 'Ask AI', 'Clear AI Filter' while the AI filter is on, and 'Export (n)' with its format
 * (DECISIONS 30) only with leads to export (part 2 section 2.11). Memoised: a keystroke in the search does not draw these again.
 */
export const LeadsActions = memo(function LeadsActions({
  refreshing,
  onRefresh,
  onAskAi,
  askAiLoading,
  onAskAiIntent,
  aiApplied,
  onClearAi,
  exportCount,
  exporting,
  onExport,
  plan,
  format,
  onFormatChange,
}: {
  refreshing: boolean;
  onRefresh: () => void;
  onAskAi: () => void;
  /** While the AI panel's code is on its way, after the first press. */
  askAiLoading: boolean;
  /** The pointer or the keyboard reached 'Ask AI': its panel's code can start loading. */
  onAskAiIntent: () => void;
  aiApplied: boolean;
  onClearAi: () => void;
  /** Selected leads among those listed; 0 hides the button (and demo leads never count). */
  exportCount: number;
  exporting: boolean;
  onExport: () => void;
  plan: string | null | undefined;
  format: ExportFormat;
  onFormatChange: (format: ExportFormat) => void;
}) {
  return (
    <Group gap="xs" align="flex-start">
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={onRefresh}
        loading={refreshing}
      >
        {LEADS_TEXTS.refresh}
      </Button>
      {/* Busy while the panel's code is on its way (the first press); its loading starts on the pointer
          or the keyboard reaching the button. */}
      <BusyButton
        variant="light"
        icon={<IconSparkles size={16} aria-hidden />}
        onClick={onAskAi}
        busy={askAiLoading}
        onPointerEnter={onAskAiIntent}
        onFocus={onAskAiIntent}
      >
        {LEADS_TEXTS.askAi}
      </BusyButton>
      {aiApplied && (
        <Button
          variant="light"
          color="gray"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={onClearAi}
        >
          {LEADS_TEXTS.clearAi}
        </Button>
      )}
      {exportCount > 0 && (
        <Group gap="xs" align="flex-start">
          <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={onExport} loading={exporting}>
            {LEADS_TEXTS.export(exportCount)}
          </Button>
          <ExportFormatPicker plan={plan} value={format} onChange={onFormatChange} />
        </Group>
      )}
    </Group>
  );
});
