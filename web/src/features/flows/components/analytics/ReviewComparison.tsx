import type { TextOriginStats } from '../../../../../../shared/review';
import { REVIEW_COMPARISON_TEXTS, TEXT_ORIGIN_LABELS } from '../../review-words';
import classes from './analytics.module.css';
import { Block } from './ChartSection';
import { formatCount, formatRate } from './format';
import own from './review-comparison.module.css';

const rate = (part: number, whole: number) => formatRate(whole > 0 ? (part / whole) * 100 : null);

/**
 * Issue 23 point 1: acceptance and reply rates of the texts approved as written, edited and sent on
 * autopilot, as a table (its numbers are the content: no drawing to describe). Shown once the flow
 * sent a note or a message.
 */
export function ReviewComparison({ rows }: { rows: readonly TextOriginStats[] | undefined }) {
  if (!rows?.some((row) => row.notesSent > 0 || row.messagesSent > 0)) return null;
  const t = REVIEW_COMPARISON_TEXTS;
  return (
    <Block title={t.title} description={t.description} testId="review-comparison">
      {/* Wider than a phone: it scrolls, so the keyboard can reach it (axe scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keyboard */}
      <section className={own.scroll} tabIndex={0} aria-label={t.caption}>
        <table className={classes.table}>
          <thead>
            <tr>
              <th scope="col">{t.origin}</th>
              <th scope="col">{t.notesSent}</th>
              <th scope="col">{t.accepted}</th>
              <th scope="col">{t.messagesSent}</th>
              <th scope="col">{t.replied}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.origin} data-testid="review-comparison-row">
                <th scope="row">{TEXT_ORIGIN_LABELS[row.origin] ?? row.origin}</th>
                <td>{formatCount(row.notesSent)}</td>
                <td>{rate(row.notesAccepted, row.notesSent)}</td>
                <td>{formatCount(row.messagesSent)}</td>
                <td>{rate(row.messagesReplied, row.messagesSent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </Block>
  );
}
