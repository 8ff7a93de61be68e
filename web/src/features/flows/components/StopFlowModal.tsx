import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useOpenedAfterMount } from '../../../lib/use-opened-after-mount';
import { FLOWS_PAGE_TEXTS } from '../flows-texts';

/** DECISIONS 24: Delete on a running flow asks first, saying it stops the flow for good. */
export function StopFlowModal({
  name,
  opened,
  busy,
  onCancel,
  onConfirm,
}: {
  name: string;
  opened: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const shown = useOpenedAfterMount(opened);
  return (
    <Modal opened={shown} onClose={() => !busy && onCancel()} title={FLOWS_PAGE_TEXTS.stopTitle} centered>
      <Stack gap="md">
        <Text size="sm">{FLOWS_PAGE_TEXTS.stopText(name)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {FLOWS_PAGE_TEXTS.cancel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            {FLOWS_PAGE_TEXTS.stopConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
