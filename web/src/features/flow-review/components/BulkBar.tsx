import { Button, Checkbox, Group } from '@mantine/core';
import { REVIEW_TEXTS } from '../../../../../shared/review';
import { REVIEW_PAGE_TEXTS } from './review-texts';

/**
 * Decisions on a selection: Select all (the whole queue, shown or not), Approve N selected and Skip N
 * selected, one request each. With nothing selected the buttons stay focusable (aria-disabled), so a
 * bulk decision that empties the selection does not drop the keyboard's focus.
 */
export function BulkBar({
  total,
  selected,
  onSelectAll,
  onApprove,
  onSkip,
}: {
  total: number;
  selected: number;
  onSelectAll: (all: boolean) => void;
  onApprove: () => void;
  onSkip: () => void;
}) {
  const none = selected === 0;
  return (
    <Group gap="sm" align="center" data-testid="review-bulk">
      <Checkbox
        label={REVIEW_PAGE_TEXTS.selectAll(total)}
        checked={total > 0 && selected === total}
        indeterminate={selected > 0 && selected < total}
        onChange={(event) => onSelectAll(event.currentTarget.checked)}
        styles={{ body: { alignItems: 'center', minHeight: 44 } }}
      />
      <Button
        size="sm"
        mih={44}
        aria-disabled={none || undefined}
        data-disabled={none || undefined}
        onClick={() => !none && onApprove()}
      >
        {REVIEW_TEXTS.approveSelected(selected)}
      </Button>
      <Button
        size="sm"
        mih={44}
        variant="default"
        aria-disabled={none || undefined}
        data-disabled={none || undefined}
        onClick={() => !none && onSkip()}
      >
        {REVIEW_TEXTS.skipSelected(selected)}
      </Button>
    </Group>
  );
}
