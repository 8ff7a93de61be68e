import { Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A page's way back, above its heading: a quiet link with a left arrow, on a row of its own. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Group>
      <Button
        component={Link}
        to={to}
        variant="subtle"
        px={0}
        leftSection={<IconArrowLeft size={16} aria-hidden />}
      >
        {children}
      </Button>
    </Group>
  );
}
