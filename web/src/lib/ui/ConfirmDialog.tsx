import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useOpenedAfterMount } from '../use-opened-after-mount';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  cancelLabel: string;
  /** The red button's label: what the confirmation does ('Stop flow', 'Remove'). */
  confirmLabel: string;
  /** While the confirmed action runs: its button spins, and neither Cancel nor Escape closes. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A question before an action that cannot be undone: its text, Cancel, and a red button that does it. */
export function ConfirmDialog({
  opened,
  title,
  text,
  cancelLabel,
  confirmLabel,
  busy,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const shown = useOpenedAfterMount(opened);
  return (
    <Modal opened={shown} onClose={() => !busy && onCancel()} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
