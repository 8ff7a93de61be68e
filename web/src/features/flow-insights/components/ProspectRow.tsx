import { Anchor, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { MATCH_QUALITY_LABELS } from '../../../../../shared/flow-insight-texts';
import type { ProspectSummary } from '../../../../../shared/flow-insights-values';
import { safeUrl } from '../../../lib/safe-url';
import { ExpandableRow } from './ExpandableRow';
import { ExternalLink } from './InsightParts';
import { formatDay, prospectPath } from './insight-format';
import { INSIGHT_TEXTS } from './insight-texts';
import classes from './insights.module.css';
import { PostItem, ProspectAvatar, QualityBadge, ScoreBadge, StatusBadge } from './ProspectParts';

/** Spec 9: a prospect row shows at most 3 recent posts. */
export const ROW_POSTS = 3;

/**
 * Spec 2.6, one prospect: photo, name, title and company, status, AI score (in its colour) and match
 * quality, and a link to the detail page; expanded, the rest of the profile, why it matched and up
 * to 3 recent posts.
 */
export const ProspectRow = memo(function ProspectRow({
  flowId,
  prospect,
}: {
  flowId: string;
  prospect: ProspectSummary;
}) {
  const role = [prospect.title, prospect.company].filter(Boolean).join(' at ');
  const profileUrl = safeUrl(prospect.profileUrl);
  const posts = (prospect.recentPosts ?? []).slice(0, ROW_POSTS);
  const facts: Array<[string, string | undefined]> = [
    [INSIGHT_TEXTS.headline, prospect.headline],
    [INSIGHT_TEXTS.location, prospect.location],
    [INSIGHT_TEXTS.industry, prospect.industry],
    [
      INSIGHT_TEXTS.matchQuality,
      prospect.matchQuality ? MATCH_QUALITY_LABELS[prospect.matchQuality] : undefined,
    ],
    [INSIGHT_TEXTS.matchReason, prospect.matchReason],
    [INSIGHT_TEXTS.discovered, prospect.discoveredAt ? formatDay(prospect.discoveredAt) : undefined],
  ];

  return (
    <ExpandableRow
      testId="prospect-row"
      summary={
        <span className={classes.line} style={{ flexWrap: 'nowrap', alignItems: 'flex-start' }}>
          <ProspectAvatar name={prospect.name} image={prospect.profileImage} />
          <span className={classes.summary}>
            <span className={classes.line}>
              <span className={classes.strong} data-testid="prospect-name">
                {prospect.name}
              </span>
              <StatusBadge status={prospect.status} />
            </span>
            {role && <span className={classes.meta}>{role}</span>}
            <span className={classes.line}>
              <ScoreBadge score={prospect.aiScore} />
              <QualityBadge quality={prospect.matchQuality} />
            </span>
          </span>
        </span>
      }
      aside={
        <Anchor
          component={Link}
          to={prospectPath(flowId, prospect.id)}
          size="sm"
          fw={600}
          className={classes.aside}
        >
          {INSIGHT_TEXTS.viewDetails} <VisuallyHidden>of {prospect.name}</VisuallyHidden>
        </Anchor>
      }
    >
      <Stack gap="sm">
        <dl className={classes.facts}>
          {facts
            .filter((fact): fact is [string, string] => Boolean(fact[1]))
            .map(([term, value]) => (
              <div key={term} style={{ display: 'contents' }}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
        {profileUrl && (
          <div>
            <ExternalLink href={profileUrl}>
              {INSIGHT_TEXTS.viewProfile} <VisuallyHidden>of {prospect.name}</VisuallyHidden>
            </ExternalLink>
          </div>
        )}
        <div>
          <Title order={4} size="h6" mb={4}>
            {INSIGHT_TEXTS.recentPosts}
          </Title>
          {posts.length > 0 ? (
            <ul className={classes.posts}>
              {posts.map((post) => (
                <PostItem key={post.id} post={post} />
              ))}
            </ul>
          ) : (
            <Text size="sm" c="dimmed">
              {INSIGHT_TEXTS.noRecentPosts}
            </Text>
          )}
        </div>
      </Stack>
    </ExpandableRow>
  );
});
