import { Badge, Group, Text } from '@mantine/core';
import { IconHeart, IconMessageCircle } from '@tabler/icons-react';
import { MATCH_QUALITY_LABELS, PROSPECT_STATUS_LABELS } from '../../../../../shared/flow-insight-texts';
import {
  type MatchQuality,
  type ProspectPostView,
  type ProspectStatus,
  scoreColor,
} from '../../../../../shared/flow-insights-values';
import { safeUrl } from '../../../lib/safe-url';
import { PersonAvatar } from '../../../lib/ui/PersonAvatar';
import { ExternalLink } from './InsightParts';
import { formatDay, initialsOf } from './insight-format';
import { INSIGHT_TEXTS } from './insight-texts';
import classes from './insights.module.css';

const QUALITY_COLORS: Readonly<Record<MatchQuality, string>> = { hot: 'red', warm: 'orange', cold: 'blue' };
const STATUS_COLORS: Readonly<Record<ProspectStatus, string>> = {
  FOUND: 'gray',
  CONTACTED: 'indigo',
  PENDING: 'yellow',
  ACCEPTED: 'green',
  DECLINED: 'red',
};

/** Spec 5: the AI score in its colour (90+ green, 70+ blue, 50+ yellow, else red), a word beside it. */
export function ScoreBadge({ score, size = 'md' }: { score: number | undefined; size?: 'md' | 'lg' }) {
  if (score === undefined || !Number.isFinite(score)) {
    return (
      <Badge component="span" color="gray" variant="light" size={size} tt="none" data-testid="ai-score">
        {INSIGHT_TEXTS.notScored}
      </Badge>
    );
  }
  const color = scoreColor(score);
  return (
    <Badge
      component="span"
      color={color}
      variant="light"
      size={size}
      tt="none"
      data-testid="ai-score"
      data-color={color}
    >
      {INSIGHT_TEXTS.score(Math.round(score))}
    </Badge>
  );
}

export function QualityBadge({ quality }: { quality: MatchQuality | undefined }) {
  if (!quality) return null;
  return (
    <Badge
      component="span"
      color={QUALITY_COLORS[quality] ?? 'gray'}
      variant="outline"
      tt="none"
      data-testid="match-quality"
    >
      {MATCH_QUALITY_LABELS[quality] ?? quality}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: ProspectStatus }) {
  return (
    <Badge
      component="span"
      color={STATUS_COLORS[status] ?? 'gray'}
      variant="dot"
      tt="none"
      data-testid="prospect-status"
    >
      {PROSPECT_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/** A prospect's photo, or their initials (PersonAvatar); the platforms' CDNs get no referrer. */
export function ProspectAvatar({ name, image }: { name: string; image?: string }) {
  return (
    <PersonAvatar
      image={image}
      initials={initialsOf(name)}
      referrerPolicy="no-referrer"
      testId="prospect-avatar"
    />
  );
}

/** One of a prospect's recent posts: its text, date, link, whether the flow liked or commented, its figures. */
export function PostItem({ post }: { post: ProspectPostView }) {
  const url = safeUrl(post.url);
  const { liked, commented } = post.engagement ?? { liked: false, commented: false };
  const metrics = post.metrics ?? { likesCount: 0, commentsCount: 0, sharesCount: 0 };
  return (
    <li className={classes.post} data-testid="recent-post">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {post.content}
      </Text>
      <Group gap="sm" mt={4} wrap="wrap">
        <Text size="xs" c="dimmed" component="time" dateTime={post.timestamp}>
          {formatDay(post.timestamp)}
        </Text>
        {url && <ExternalLink href={url}>{INSIGHT_TEXTS.viewPost}</ExternalLink>}
        {liked && (
          <Text size="xs" fw={600} c="pink" span data-testid="post-liked">
            <IconHeart size={12} aria-hidden /> {INSIGHT_TEXTS.liked}
          </Text>
        )}
        {commented && (
          <Text size="xs" fw={600} c="indigo" span data-testid="post-commented">
            <IconMessageCircle size={12} aria-hidden /> {INSIGHT_TEXTS.commented}
          </Text>
        )}
        {!liked && !commented && (
          <Text size="xs" c="dimmed" span>
            {INSIGHT_TEXTS.notEngaged}
          </Text>
        )}
        <Text size="xs" c="dimmed" span data-testid="post-metrics">
          {INSIGHT_TEXTS.metrics(metrics.likesCount, metrics.commentsCount, metrics.sharesCount)}
        </Text>
      </Group>
    </li>
  );
}
