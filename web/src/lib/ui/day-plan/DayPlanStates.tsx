import { Alert, Button, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { DAY_PLAN_TEXTS } from '../../../../../shared/day-plan';
import { DAY_PLAN_UI_TEXTS } from './day-plan-texts';

// Kept apart from DayPlanView: a page that loads the day plan's view lazily shows these from its first chunk.

/** The day plan could not be read (a 404 included): say so, and offer to ask again. */
export function DayPlanLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={20} aria-hidden />}
      title={DAY_PLAN_TEXTS.loadFailed}
      data-testid="day-plan-error"
    >
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {DAY_PLAN_UI_TEXTS.retry}
      </Button>
    </Alert>
  );
}

export function DayPlanLoading() {
  return (
    <Stack gap="xs" aria-busy="true" data-testid="day-plan-loading">
      <VisuallyHidden>{DAY_PLAN_UI_TEXTS.loading}</VisuallyHidden>
      <Skeleton height={20} width="60%" />
      <Skeleton height={72} />
    </Stack>
  );
}
