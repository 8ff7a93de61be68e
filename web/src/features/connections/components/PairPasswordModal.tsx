import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { MESSAGES } from '../../../../../shared/auth';
import { PAIRING_TEXTS } from '../../../../../shared/extension';
import { useOpenedAfterMount } from '../../../lib/use-opened-after-mount';
import type { ExtensionControls } from '../api/extension';

/**
 * Asked only when the API wants the password again to pair (the sign-in is older than 15 minutes):
 * pairing hands out a 30-day session, so it must not ride on an old or borrowed sign-in.
 */
export function PairPasswordModal({ extension }: { extension: ExtensionControls }) {
  const { passwordPrompt, pending } = extension;
  const shown = useOpenedAfterMount(passwordPrompt.open);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  // A closed prompt forgets what was typed, whether it closed by pairing or by Cancel.
  useEffect(() => {
    if (!passwordPrompt.open) {
      setPassword('');
      setMissing(false);
    }
  }, [passwordPrompt.open]);

  function close() {
    if (!pending) extension.cancelPassword();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password === '') return setMissing(true);
    await extension.pairWithPassword(password);
  }

  return (
    <Modal opened={shown} onClose={close} title="Confirm your password" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">{PAIRING_TEXTS.passwordNeeded}</Text>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            data-autofocus
            visibilityToggleFocusable
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? MESSAGES.passwordRequired : passwordPrompt.error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Pair extension
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
