import { Badge, Card, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import {
  ACTIVITY_TYPE_LABELS,
  PROSPECT_TAB_LABELS,
  TIMELINE_TYPE_LABELS,
} from '../../../../../shared/flow-insight-texts';
import type { ProspectDetail } from '../../../../../shared/flow-insights-values';
import { FLOW_TEXTS } from '../../../../../shared/flow-texts';
import { safeUrl } from '../../../lib/safe-url';
import { EmptyList, ExternalLink, SuccessMark } from './InsightParts';
import { formatDateTime } from './insight-format';
import { INSIGHT_TEXTS } from './insight-texts';
import classes from './insights.module.css';
import { PostItem } from './ProspectParts';

export type ProspectTab = keyof typeof PROSPECT_TAB_LABELS;
const TAB_ORDER: readonly ProspectTab[] = ['timeline', 'engagements', 'posts', 'companies'];

/** Stable keys for entries that have no id: their own fields, numbered when two are alike. */
function keyed<T>(items: readonly T[], keyOf: (item: T) => string): Array<[string, T]> {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = keyOf(item);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return [count === 0 ? base : `${base}#${count}`, item];
  });
}

function Timeline({ prospect }: { prospect: ProspectDetail }) {
  const entries = prospect.timeline ?? [];
  if (entries.length === 0) return <EmptyList text={INSIGHT_TEXTS.noTimeline} />;
  return (
    <ol className={classes.list} data-testid="prospect-timeline">
      {keyed(entries, (entry) => `${entry.type}-${entry.timestamp}`).map(([key, entry]) => (
        <li key={key} className={classes.row} style={{ padding: 12 }}>
          <span className={classes.line}>
            <span className={classes.strong}>{TIMELINE_TYPE_LABELS[entry.type] ?? entry.type}</span>
            <SuccessMark ok={entry.wasSuccessful} />
            <time className={classes.meta} dateTime={entry.timestamp}>
              {formatDateTime(entry.timestamp)}
            </time>
          </span>
          {entry.description && (
            <Text size="sm" mt={4}>
              {entry.description}
            </Text>
          )}
        </li>
      ))}
    </ol>
  );
}

function Engagements({ prospect }: { prospect: ProspectDetail }) {
  const engagements = prospect.engagements ?? [];
  if (engagements.length === 0) return <EmptyList text={FLOW_TEXTS.empty.noEngagements} />;
  return (
    <ul className={classes.list} data-testid="prospect-engagements">
      {keyed(engagements, (engagement) => `${engagement.type}-${engagement.timestamp}`).map(
        ([key, engagement]) => {
          const url = safeUrl(engagement.postUrl);
          return (
            <li key={key} className={classes.row} style={{ padding: 12 }}>
              <span className={classes.line}>
                <span className={classes.strong}>
                  {ACTIVITY_TYPE_LABELS[engagement.type] ?? engagement.type}
                </span>
                <time className={classes.meta} dateTime={engagement.timestamp}>
                  {formatDateTime(engagement.timestamp)}
                </time>
                {url && <ExternalLink href={url}>{INSIGHT_TEXTS.viewPost}</ExternalLink>}
              </span>
              {engagement.postText && (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {engagement.postText}
                </Text>
              )}
              {engagement.comment && (
                <blockquote
                  className={classes.quote}
                  style={{ marginTop: 6 }}
                  aria-label={INSIGHT_TEXTS.comment}
                >
                  {engagement.comment}
                </blockquote>
              )}
            </li>
          );
        },
      )}
    </ul>
  );
}

function Posts({ prospect }: { prospect: ProspectDetail }) {
  const posts = prospect.recentPosts ?? [];
  if (posts.length === 0) return <EmptyList text={FLOW_TEXTS.empty.noPosts} />;
  return (
    <ul className={classes.posts} data-testid="prospect-posts">
      {posts.map((post) => (
        <PostItem key={post.id} post={post} />
      ))}
    </ul>
  );
}

function Companies({ prospect }: { prospect: ProspectDetail }) {
  const companies = prospect.companies ?? [];
  if (companies.length === 0) return <EmptyList text={FLOW_TEXTS.empty.noCompanies} />;
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2 }}
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      data-testid="prospect-companies"
    >
      {keyed(companies, (company) => company.name).map(([key, company]) => {
        const website = safeUrl(company.website);
        const rows: Array<[string, string | undefined]> = [
          [INSIGHT_TEXTS.industry, company.industry],
          [INSIGHT_TEXTS.size, company.size],
          [INSIGHT_TEXTS.location, company.location],
          [INSIGHT_TEXTS.growthStage, company.growthStage],
        ];
        return (
          <Card key={key} withBorder padding="md" component="li">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {company.name}
              </Text>
              {company.isHiring && (
                <Badge color="green" variant="light" tt="none">
                  {INSIGHT_TEXTS.hiring}
                </Badge>
              )}
            </Group>
            <dl className={classes.facts} style={{ marginTop: 6 }}>
              {rows
                .filter((row): row is [string, string] => Boolean(row[1]))
                .map(([term, value]) => (
                  <div key={term} style={{ display: 'contents' }}>
                    <dt>{term}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
            </dl>
            {website && (
              <Stack mt={6}>
                <ExternalLink href={website}>{INSIGHT_TEXTS.website}</ExternalLink>
              </Stack>
            )}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

const PANELS: Record<ProspectTab, (props: { prospect: ProspectDetail }) => React.JSX.Element> = {
  timeline: Timeline,
  engagements: Engagements,
  posts: Posts,
  companies: Companies,
};

/**
 * Spec 2.7: the four tabs. The Activity Timeline is open first; pressing the open tab again (click,
 * Enter or Space) collapses it, leaving no panel shown, and each tab stays reachable with Tab and the
 * arrow keys meanwhile (Mantine's allowTabDeactivation).
 */
export function ProspectTabs({ prospect }: { prospect: ProspectDetail }) {
  const [tab, setTab] = useState<ProspectTab | null>('timeline');
  return (
    <Tabs
      value={tab}
      onChange={(value) => setTab(value as ProspectTab | null)}
      allowTabDeactivation
      keepMounted={false}
    >
      <Tabs.List aria-label={INSIGHT_TEXTS.prospectTabs}>
        {TAB_ORDER.map((value) => (
          <Tabs.Tab key={value} value={value}>
            {PROSPECT_TAB_LABELS[value]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TAB_ORDER.map((value) => {
        const Panel = PANELS[value];
        return (
          <Tabs.Panel key={value} value={value} pt="md">
            <Panel prospect={prospect} />
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
