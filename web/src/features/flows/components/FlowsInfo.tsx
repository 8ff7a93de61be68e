import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { FLOWS_PAGE_TEXTS } from '../flows-texts';

/** Spec 2.1: flows run on schedules, keep state across runs and run up to 4 times daily. */
export function FlowsInfo() {
  return (
    <Popover width={300} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={FLOWS_PAGE_TEXTS.aboutFlows}>
          <IconInfoCircle size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label={FLOWS_PAGE_TEXTS.aboutFlows}>
        <Text size="sm" data-testid="flows-info">
          {FLOWS_PAGE_TEXTS.info}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
