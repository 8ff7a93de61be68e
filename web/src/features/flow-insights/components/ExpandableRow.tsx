import { UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import classes from './insights.module.css';

/**
 * One row of an activity or prospect list, as the WAI-ARIA accordion pattern has it: a level-3
 * heading holding a button (aria-expanded, aria-controls) that shows or hides the row's panel. The
 * summary is phrasing content only (it sits in the button); `aside` (a link) sits beside the button.
 */
export function ExpandableRow({
  summary,
  aside,
  children,
  testId,
}: {
  summary: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonId = `${id}-toggle`;
  const panelId = `${id}-panel`;
  return (
    <li className={classes.row} data-testid={testId}>
      <div className={classes.rowHead}>
        <h3 className={classes.rowHeading}>
          <UnstyledButton
            id={buttonId}
            className={classes.toggle}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((wasOpen) => !wasOpen)}
          >
            <IconChevronRight size={16} aria-hidden className={classes.chevron} data-open={open} />
            <span className={classes.summary}>{summary}</span>
          </UnstyledButton>
        </h3>
        {aside}
      </div>
      <div id={panelId} className={classes.panel} hidden={!open} data-testid="row-panel">
        {open && children}
      </div>
    </li>
  );
}
