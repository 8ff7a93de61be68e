import { memo } from 'react';
import { MATCH_QUALITY_LABELS } from '../../../../../shared/flow-insight-texts';
import { scoreColor } from '../../../../../shared/flow-insights-values';
import { REVIEW_TEXTS, type ReviewItem } from '../../../../../shared/review';
import { safeUrl } from '../../../lib/safe-url';
import { DEFAULT_EDIT_MAX, EditBox } from './EditBox';
import classes from './review.module.css';
import { daysLeft, itemName, REVIEW_PAGE_TEXTS } from './review-texts';

/** The row's calls back to the list; one stable object, so a row renders again only when its item does. */
export interface RowActions {
  decide: (key: string, action: 'approve' | 'skip') => void;
  startEdit: (key: string) => void;
  saveEdit: (key: string, text: string) => void;
  cancelEdit: () => void;
  select: (key: string, selected: boolean) => void;
  /** Focus came into the row: it becomes the active one. */
  focused: (key: string) => void;
}

export interface EditState {
  key: string;
  text: string;
  error?: string;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function External({ href, children }: { href: string; children: string }) {
  return (
    <a className={classes.link} href={href} target="_blank" rel="noopener noreferrer">
      {children} <span className={classes.srOnly}>{REVIEW_PAGE_TEXTS.opensInNewTab}</span>
    </a>
  );
}

/** A row's one line of facts: the AI's score in its colour and the match quality. */
function Facts({ prospect }: { prospect: ReviewItem['prospect'] }) {
  const score = prospect.aiScore;
  const color = score !== undefined && Number.isFinite(score) ? scoreColor(score) : 'gray';
  return (
    <ul className={classes.facts}>
      <li
        className={classes.chip}
        data-testid="review-score"
        style={{
          ['--chip-bg' as string]: `var(--mantine-color-${color}-light)`,
          ['--chip-fg' as string]: `var(--mantine-color-${color}-light-color)`,
        }}
      >
        {REVIEW_PAGE_TEXTS.aiScore}{' '}
        {score !== undefined && Number.isFinite(score) ? Math.round(score) : REVIEW_PAGE_TEXTS.notScored}
      </li>
      {prospect.matchQuality && (
        <li className={classes.chip} data-testid="review-quality">
          {REVIEW_PAGE_TEXTS.matchQuality}:{' '}
          {MATCH_QUALITY_LABELS[prospect.matchQuality] ?? prospect.matchQuality}
        </li>
      )}
    </ul>
  );
}

/**
 * One waiting item (issue 23 point 1): what it is and for whom (linked to the profile), the prospect's
 * headline, score, match quality and why it matched, the post it answers, the text that would go out,
 * when it expires, a selection box and Approve, Edit then approve and Skip. The active row (J/K) is
 * the one in the tab order (roving focus) and carries aria-current.
 */
export const ReviewItemRow = memo(function ReviewItemRow({
  item,
  position,
  setSize,
  active,
  selected,
  editing,
  now,
  actions,
}: {
  item: ReviewItem;
  position: number;
  setSize: number;
  active: boolean;
  selected: boolean;
  /** Set on the one row whose text is being edited. */
  editing: EditState | undefined;
  now: number;
  actions: RowActions;
}) {
  const { prospect, post } = item;
  const name = itemName(item.kind, prospect.name);
  const profileUrl = safeUrl(prospect.profileUrl);
  const postUrl = safeUrl(post?.url);
  // The space outside the hidden span: out of the flow, a span's own leading space is dropped from the name.
  const context = (
    <>
      {' '}
      <span className={classes.srOnly}>{name}</span>
    </>
  );

  return (
    <article
      className={classes.row}
      data-key={item.key}
      data-testid="review-item"
      tabIndex={active ? 0 : -1}
      aria-current={active ? 'true' : undefined}
      aria-label={capitalized(name)}
      aria-posinset={position}
      aria-setsize={setSize}
      onFocus={() => actions.focused(item.key)}
    >
      <div className={classes.head}>
        <label className={classes.select}>
          <input
            type="checkbox"
            checked={selected}
            onChange={(event) => actions.select(item.key, event.currentTarget.checked)}
          />
          <span className={classes.srOnly}>{REVIEW_PAGE_TEXTS.selectItem(name)}</span>
        </label>
        <div className={classes.who}>
          <h3 className={classes.title}>
            <span className={classes.kind}>{REVIEW_TEXTS.kindLabel[item.kind]}</span>
            {profileUrl ? <External href={profileUrl}>{prospect.name}</External> : prospect.name}
          </h3>
          {prospect.headline && <p className={classes.meta}>{prospect.headline}</p>}
        </div>
        <p className={classes.expiry} data-testid="review-expiry">
          {REVIEW_TEXTS.expiresIn(daysLeft(item.expiresAt, now))}
        </p>
      </div>
      <Facts prospect={prospect} />
      {prospect.matchReason && (
        <p className={classes.reason} data-testid="review-reason">
          <span className={classes.label}>{REVIEW_PAGE_TEXTS.matchReason}: </span>
          {prospect.matchReason}
        </p>
      )}
      {post && (
        <div className={classes.block} data-testid="review-post">
          <p className={classes.label}>{REVIEW_PAGE_TEXTS.answersPost}</p>
          <p className={classes.excerpt}>{post.text}</p>
          {postUrl && <External href={postUrl}>{REVIEW_PAGE_TEXTS.openPost}</External>}
        </div>
      )}
      {editing ? (
        <EditBox
          name={name}
          initialText={editing.text}
          initialError={editing.error}
          maxLength={item.maxLength ?? DEFAULT_EDIT_MAX}
          onSave={(text) => actions.saveEdit(item.key, text)}
          onCancel={actions.cancelEdit}
        />
      ) : (
        <>
          {item.text !== undefined && (
            <div className={classes.block}>
              <p className={classes.label}>{REVIEW_PAGE_TEXTS.aiText}</p>
              <p className={classes.text} data-testid="review-text">
                {item.text}
              </p>
            </div>
          )}
          <div className={classes.actions}>
            <button
              type="button"
              className={`${classes.button} ${classes.primary}`}
              onClick={() => actions.decide(item.key, 'approve')}
            >
              {REVIEW_TEXTS.approve}
              {context}
            </button>
            {item.text !== undefined && (
              <button type="button" className={classes.button} onClick={() => actions.startEdit(item.key)}>
                {REVIEW_TEXTS.editApprove}
                {context}
              </button>
            )}
            <button type="button" className={classes.button} onClick={() => actions.decide(item.key, 'skip')}>
              {REVIEW_TEXTS.skip}
              {context}
            </button>
          </div>
        </>
      )}
    </article>
  );
});
