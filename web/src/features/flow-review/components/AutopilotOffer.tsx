import { Alert, Button, Group, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { REVIEW_TEXTS } from '../../../../../shared/review';
import { REVIEW_PAGE_TEXTS } from './review-texts';

/**
 * After AUTOPILOT_OFFER_STREAK approvals in a row without an edit, the flow offers Autopilot; it never
 * switches by itself. 'Not now' hides the offer for this visit. A region, not an alert: the live region
 * says the offer once, with the decision that brought it.
 */
export function AutopilotOffer({
  streak,
  busy,
  onSwitch,
  onDismiss,
}: {
  streak: number;
  busy: boolean;
  onSwitch: () => void;
  onDismiss: () => void;
}) {
  return (
    <Alert
      variant="light"
      color="teal"
      icon={<IconSparkles size={20} aria-hidden />}
      role="region"
      aria-label={REVIEW_PAGE_TEXTS.offerLabel}
      data-testid="autopilot-offer"
    >
      <Text size="sm">{REVIEW_TEXTS.offer(streak)}</Text>
      <Group gap="sm" mt="sm">
        <Button
          size="sm"
          mih={44}
          color="teal"
          aria-busy={busy || undefined}
          aria-disabled={busy || undefined}
          onClick={() => !busy && onSwitch()}
        >
          {REVIEW_TEXTS.switchToAutopilot}
        </Button>
        <Button size="sm" mih={44} variant="default" onClick={onDismiss}>
          {REVIEW_TEXTS.notNow}
        </Button>
      </Group>
    </Alert>
  );
}
