import { Button, Group, List, Modal, Text } from '@mantine/core';
import type { RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { type Platform, platformTag } from '../../../../../shared/platforms';
import { PRODUCT_NAME } from '../../../../../shared/product';

/** Spec 2.10: how to connect the platform; Connect goes to /platforms. */
export function ConnectionRequiredModal({
  opened,
  onClose,
  platform,
  returnFocusTo,
}: {
  opened: boolean;
  onClose: () => void;
  platform: Platform;
  /** Where focus goes when the dialog closes, when what opened it lost focus meanwhile. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const navigate = useNavigate();
  const label = platformTag(platform);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Connection Required"
      centered
      returnFocus={!returnFocusTo}
      onExitTransitionEnd={() => returnFocusTo?.current?.focus()}
    >
      <Text size="sm">
        This trob runs in your own {label} session. Connect your {label} account first:
      </Text>
      <List type="ordered" size="sm" mt="sm" spacing="xs">
        <List.Item>Install the {PRODUCT_NAME} browser extension and pair it on the Platforms page.</List.Item>
        <List.Item>Log in to {label} in the same browser.</List.Item>
        <List.Item>Click the extension icon and sync your cookies.</List.Item>
      </List>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => navigate('/platforms')}>Connect</Button>
      </Group>
    </Modal>
  );
}
