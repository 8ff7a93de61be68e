import { IconLock, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import type { Lead, LeadEngagement } from '../../../../../shared/leads';
import { cutShort } from '../lead-index';
import { LEADS_TEXTS } from '../leads-texts';
import classes from './LeadRow.module.css';

/**
 * What a row shows of DECISIONS 26's fields: the account line (handle, Verified and Private badges,
 * follower and following counts) and how a post engager engaged (the type, when, and the comment or
 * quote cut short). Plain elements, as the rest of the row: a page of rows is drawn on every keystroke.
 * Every part is text (the badges' icons are decoration), so a screen reader reads what the eye sees.
 */

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function dateOf(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? undefined : dateFormat.format(at);
}

/** Parts separated by a middle dot that is drawn but not read. */
function separated(parts: readonly ReactNode[]): ReactNode {
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts are in a fixed order and never move.
    <Fragment key={i}>
      {i > 0 && (
        <>
          {' '}
          <span aria-hidden="true" className={classes.dot}>
            ·
          </span>{' '}
        </>
      )}
      {part}
    </Fragment>
  ));
}

/** '@handle · Verified · Private · 1,234 followers · 56 following'; nothing when the lead has none of them. */
export function AccountLine({ lead }: { lead: Lead }) {
  const parts: ReactNode[] = [];
  if (lead.handle) parts.push(<span className={classes.handle}>@{lead.handle}</span>);
  if (lead.verified === true)
    parts.push(
      <span className={classes.badge} data-testid="verified-badge">
        <IconRosetteDiscountCheck size={13} aria-hidden />
        {LEADS_TEXTS.verified}
      </span>,
    );
  if (lead.isPrivate === true)
    parts.push(
      <span className={`${classes.badge} ${classes.privateBadge}`} data-testid="private-badge">
        <IconLock size={13} aria-hidden />
        {LEADS_TEXTS.private}
      </span>,
    );
  if (isCount(lead.followersCount)) parts.push(<span>{LEADS_TEXTS.followers(lead.followersCount)}</span>);
  if (isCount(lead.followingCount)) parts.push(<span>{LEADS_TEXTS.following(lead.followingCount)}</span>);
  if (parts.length === 0) return null;
  return (
    <p className={classes.account} data-testid="lead-account">
      {separated(parts)}
    </p>
  );
}

/** 'Commented on Jan 10, 2026: “Great post…”'; the whole comment is the cut one's tooltip. */
export function EngagementLine({ engagement }: { engagement: LeadEngagement | undefined }) {
  if (!engagement?.type) return null;
  const label = LEADS_TEXTS.engagement[engagement.type] ?? engagement.type;
  const when = dateOf(engagement.at);
  const text = engagement.text ? cutShort(engagement.text) : undefined;
  return (
    <p className={classes.engagement} data-testid="lead-engagement">
      <span className={classes.engagementType}>{label}</span>
      {when && (
        <>
          {' '}
          {LEADS_TEXTS.engagementOn} <time dateTime={engagement.at}>{when}</time>
        </>
      )}
      {text?.label && (
        <>
          {': '}
          <q className={classes.quote} title={text.cut ? engagement.text : undefined}>
            {text.label}
          </q>
        </>
      )}
    </p>
  );
}
