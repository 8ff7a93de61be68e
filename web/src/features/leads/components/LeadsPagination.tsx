import { Button, Group, Text } from '@mantine/core';
import { memo } from 'react';
import { LEADS_PAGE_SIZE, pageCount, pageWindow } from '../lead-index';
import { LEADS_TEXTS } from '../leads-texts';

/** 'Showing x to y of z results', Previous, up to 5 page buttons, Next; only with more than one page. */
export const LeadsPagination = memo(function LeadsPagination({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = pageCount(total);
  if (pages <= 1) return null;
  const from = (page - 1) * LEADS_PAGE_SIZE + 1;
  const to = Math.min(total, page * LEADS_PAGE_SIZE);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" data-testid="showing">
        {LEADS_TEXTS.showing(from, to, total)}
      </Text>
      <Group component="nav" aria-label="Pages of leads" gap={4} wrap="wrap">
        <Button variant="default" size="compact-sm" disabled={page === 1} onClick={() => onPage(page - 1)}>
          {LEADS_TEXTS.previous}
        </Button>
        {pageWindow(page, pages).map((n) => (
          <Button
            key={n}
            size="compact-sm"
            variant={n === page ? 'filled' : 'default'}
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            onClick={() => onPage(n)}
          >
            {n}
          </Button>
        ))}
        <Button
          variant="default"
          size="compact-sm"
          disabled={page === pages}
          onClick={() => onPage(page + 1)}
        >
          {LEADS_TEXTS.next}
        </Button>
      </Group>
    </Group>
  );
});
