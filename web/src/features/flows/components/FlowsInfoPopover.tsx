import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { FLOWS_PAGE_TEXTS } from '../flows-texts';

/**
 * Spec 2.1's information popover, open as it mounts (FlowsInfo draws it on the first press). The
 * button it replaced had the focus: this one takes it back, so a keyboard user goes on from there.
 */
export default function FlowsInfoPopover() {
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => target.current?.focus(), []);
  return (
    <Popover width={300} position="bottom-start" withArrow shadow="md" defaultOpened>
      <Popover.Target>
        <ActionIcon
          ref={target}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={FLOWS_PAGE_TEXTS.aboutFlows}
        >
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
