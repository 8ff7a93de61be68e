import { Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { ACTIVITY_TYPE_LABELS } from '../../../../../shared/flow-insight-texts';
import { cutDetail, type FlowActivity } from '../../../../../shared/flow-insights-values';
import { safeUrl } from '../../../lib/safe-url';
import { ExpandableRow } from './ExpandableRow';
import { ExternalLink, SuccessMark } from './InsightParts';
import { formatDateTime } from './insight-format';
import { INSIGHT_TEXTS } from './insight-texts';
import classes from './insights.module.css';

const joined = (parts: Array<string | undefined>) => parts.filter((part) => part?.trim()).join(' · ');

/**
 * Spec 2.5, one activity: its type, success, time, stage and prospect (name, company, title);
 * expanded, the connection message, the engaged post's text, link and comment, the free details (a
 * value over 100 characters cut with an ellipsis) and the error message, else the description.
 */
export const ActivityRow = memo(function ActivityRow({ activity }: { activity: FlowActivity }) {
  const { prospect, connection, engagement } = activity;
  const postUrl = safeUrl(engagement?.postUrl);
  const details = Object.entries(activity.details ?? {});
  const facts: Array<[string, string]> = [];
  if (connection?.message) facts.push([INSIGHT_TEXTS.connectionMessage, connection.message]);
  if (engagement?.postText) facts.push([INSIGHT_TEXTS.postText, engagement.postText]);
  if (engagement?.comment) facts.push([INSIGHT_TEXTS.comment, engagement.comment]);

  return (
    <ExpandableRow
      testId="activity-row"
      summary={
        <>
          <span className={classes.line}>
            <span className={classes.strong} data-testid="activity-type">
              {ACTIVITY_TYPE_LABELS[activity.type] ?? activity.type}
            </span>
            <SuccessMark ok={activity.wasSuccessful} />
            <time className={classes.meta} dateTime={activity.timestamp}>
              {formatDateTime(activity.timestamp)}
            </time>
          </span>
          <span className={classes.meta} data-testid="activity-prospect">
            {joined([
              activity.stage ? `${INSIGHT_TEXTS.stage}: ${activity.stage}` : undefined,
              prospect.name,
              prospect.company,
              prospect.title,
            ])}
          </span>
        </>
      }
    >
      <Stack gap="sm" data-testid="activity-details">
        {(facts.length > 0 || postUrl) && (
          <dl className={classes.facts}>
            {facts.map(([term, value]) => (
              <div key={term} style={{ display: 'contents' }}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            {postUrl && (
              <div style={{ display: 'contents' }}>
                <dt>{INSIGHT_TEXTS.postLink}</dt>
                <dd>
                  <ExternalLink href={postUrl}>{INSIGHT_TEXTS.viewPost}</ExternalLink>
                </dd>
              </div>
            )}
          </dl>
        )}
        {details.length > 0 && (
          <div>
            <Title order={4} size="h6" mb={4}>
              {INSIGHT_TEXTS.details}
            </Title>
            <dl className={classes.facts} data-testid="activity-detail-values">
              {details.map(([key, value]) => (
                <div key={key} style={{ display: 'contents' }}>
                  <dt>{key}</dt>
                  <dd>{cutDetail(String(value))}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
        {activity.errorMessage ? (
          <Text size="sm" c="red" data-testid="activity-error">
            <strong>{INSIGHT_TEXTS.error}:</strong> {activity.errorMessage}
          </Text>
        ) : (
          activity.description && (
            <Text size="sm" data-testid="activity-description">
              {activity.description}
            </Text>
          )
        )}
      </Stack>
    </ExpandableRow>
  );
});
