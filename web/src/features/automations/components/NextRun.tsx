import { Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { nextRunCountdown } from '../automation-display';

/** The clock the countdowns read, ticking once a second while one is shown. */
function useNow(enabled: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [enabled]);
  return now;
}

/** Part 2 section 4 'Next-run countdown'. */
export function NextRun({ nextRunAt }: { nextRunAt: string | undefined }) {
  const now = useNow(Boolean(nextRunAt));
  const countdown = nextRunCountdown(nextRunAt, now);
  return (
    <Text size="sm" c={countdown.soon ? 'yellow' : 'dimmed'} fw={countdown.soon ? 600 : undefined}>
      <span aria-hidden data-testid="next-run">
        {countdown.text}
      </span>
      <VisuallyHidden>Next run: {countdown.spoken}</VisuallyHidden>
    </Text>
  );
}
