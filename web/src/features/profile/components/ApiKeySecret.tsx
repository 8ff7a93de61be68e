import { Alert, Button, CopyButton, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { API_KEY_TEXTS as TEXTS } from '../../../../../shared/api-key-texts';

/**
 * A new key's secret, this once (issue 39): in a read-only field the owner can select or copy, until
 * they say they have it. The keyboard is taken there, so the key is the next thing a screen reader reads.
 */
export function ApiKeySecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconKey size={20} aria-hidden />}
      title={`${TEXTS.created}: ${name}`}
      // A region, not Mantine's role="alert": the focused field reads the key, once.
      role="region"
      aria-label={`${TEXTS.created}: ${name}`}
      data-testid="api-key-secret"
    >
      <Stack gap="sm">
        <Text size="sm">{TEXTS.shownOnce}</Text>
        <TextInput
          ref={field}
          label={TEXTS.secretLabel}
          value={secret}
          readOnly
          styles={{ input: { fontFamily: 'monospace' } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group justify="flex-end" gap="sm">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <>
                <Button
                  variant="light"
                  onClick={copy}
                  leftSection={
                    copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                  }
                >
                  {copied ? TEXTS.copied : TEXTS.copy}
                </Button>
                {/* Said aloud when the copy is done. */}
                <VisuallyHidden role="status">{copied ? TEXTS.copied : ''}</VisuallyHidden>
              </>
            )}
          </CopyButton>
          <Button onClick={onDone}>{TEXTS.done}</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
