import { useId } from 'react';
import { type BudgetLine, DAY_PLAN_TEXTS } from '../../../../../shared/day-plan';
import classes from './day-plan.module.css';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The account's budget lines over the day plan's window: what is left today and this week, what the runs
 * take and what stays undone. The To review column shows only when something waits for review.
 */
export function BudgetTable({ lines, caption }: { lines: readonly BudgetLine[]; caption: string }) {
  const captionId = useId();
  const withReview = lines.some((line) => line.waitingForReview > 0);
  const columns = DAY_PLAN_TEXTS.columns;
  return (
    // Wider than a phone: it scrolls, so the keyboard must reach it (axe scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard
    <section className={classes.scroll} tabIndex={0} aria-labelledby={captionId}>
      <table className={classes.table} data-testid="budget-table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.action}</th>
            <th scope="col">{columns.remainingToday}</th>
            <th scope="col">{columns.remainingThisWeek}</th>
            <th scope="col">{columns.planned}</th>
            {withReview && <th scope="col">{columns.waitingForReview}</th>}
            <th scope="col">{columns.leftOver}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.action} data-testid={`budget-line-${line.action}`}>
              <th scope="row">{line.label}</th>
              <td>{count(line.remainingToday)}</td>
              <td>{count(line.remainingThisWeek)}</td>
              <td>{count(line.planned)}</td>
              {withReview && <td>{count(line.waitingForReview)}</td>}
              <td
                style={
                  line.leftOver > 0
                    ? { fontWeight: 700, color: 'var(--mantine-color-orange-text)' }
                    : undefined
                }
              >
                {count(line.leftOver)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
