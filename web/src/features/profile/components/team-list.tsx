import { Title } from '@mantine/core';
import type { RefObject } from 'react';

const dayFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** 'Mar 14, 2025', or the value as it came when it is not a date. */
export function formatTeamDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}

export const isExpired = (expiresAt: string, now = Date.now()) => Date.parse(expiresAt) <= now;

export const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** A list's heading, where the keyboard goes after a row of the list is gone. */
export function ListHeading({
  headingRef,
  id,
  children,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  id: string;
  children: string;
}) {
  return (
    <Title order={3} size="h6" id={id} ref={headingRef} tabIndex={-1}>
      {children}
    </Title>
  );
}
