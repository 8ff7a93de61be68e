import { ActionIcon } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { FLOWS_PAGE_TEXTS } from '../flows-texts';

// The popover needs the floating-ui positioning engine (about 20 KB compressed): it loads when the
// button is first pointed at, focused or pressed, not with the page (issue 10 point 7).
const loadPopover = () => import('./FlowsInfoPopover');
const FlowsInfoPopover = lazy(loadPopover);
const prefetch = () => void loadPopover();

function InfoButton({ onClick }: { onClick?: () => void }) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={FLOWS_PAGE_TEXTS.aboutFlows}
      onClick={onClick}
      onPointerEnter={prefetch}
      onFocus={prefetch}
    >
      <IconInfoCircle size={20} aria-hidden />
    </ActionIcon>
  );
}

/** Spec 2.1: flows run on schedules, keep state across runs and run up to 4 times daily. */
export function FlowsInfo() {
  const [pressed, setPressed] = useState(false);
  if (!pressed) return <InfoButton onClick={() => setPressed(true)} />;
  return (
    <Suspense fallback={<InfoButton />}>
      <FlowsInfoPopover />
    </Suspense>
  );
}
