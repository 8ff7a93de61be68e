import { Button, Group, Input, Paper, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ChangeEvent, Ref } from 'react';
import {
  BRAND_LOGO_ACCEPT,
  BRAND_LOGO_MAX_BYTES,
  BRAND_TEXTS,
  type BrandLogoType,
} from '../../../../../shared/brand';

const TEXTS = BRAND_TEXTS.section;

/** The logo's type by its media type, or by its extension where the system gives none. */
function logoTypeOf(file: File): BrandLogoType | undefined {
  if (file.type === 'image/png' || file.type === 'image/svg+xml') return file.type;
  if (file.type !== '') return undefined;
  if (/\.png$/i.test(file.name)) return 'image/png';
  if (/\.svg$/i.test(file.name)) return 'image/svg+xml';
  return undefined;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The logo: a file input (PNG or SVG, at most 200 KB, checked here before anything is sent; the
 * server checks the bytes again), the chosen logo's preview and Remove logo. The value is the file as
 * a base64 data URL, as the API takes it.
 */
export function BrandLogoField({
  value,
  onChange,
  onRefuse,
  inputRef,
  error,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  onRefuse: (message: string) => void;
  inputRef: Ref<HTMLInputElement>;
  error: string | undefined;
}) {
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Emptied, so choosing the same file again after a refusal reads it again.
    input.value = '';
    if (!file) return;
    const type = logoTypeOf(file);
    if (!type) return onRefuse(BRAND_TEXTS.logoFormat);
    if (file.size === 0) return onRefuse(BRAND_TEXTS.logoEmpty);
    if (file.size > BRAND_LOGO_MAX_BYTES) return onRefuse(BRAND_TEXTS.logoTooLarge);
    try {
      const url = await readAsDataUrl(file);
      onChange(`data:${type};base64,${url.slice(url.indexOf(',') + 1)}`);
    } catch {
      onRefuse(TEXTS.readFailed);
    }
  };

  return (
    <Input.Wrapper
      label={TEXTS.logoLabel}
      description={TEXTS.logoDescription}
      error={error}
      errorProps={{ role: 'alert' }}
    >
      <Input
        component="input"
        type="file"
        accept={BRAND_LOGO_ACCEPT}
        ref={inputRef}
        onChange={(event: ChangeEvent<HTMLInputElement>) => void pick(event)}
        error={Boolean(error)}
        styles={{ input: { paddingTop: 6 } }}
      />
      <Paper withBorder p="sm" mt="xs">
        {value ? (
          <Group justify="space-between" wrap="nowrap">
            <img
              src={value}
              alt={TEXTS.logoPreviewAlt}
              style={{ maxHeight: 48, maxWidth: 200, objectFit: 'contain' }}
            />
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => onChange(null)}
            >
              {TEXTS.removeLogo}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {TEXTS.noLogo}
          </Text>
        )}
      </Paper>
    </Input.Wrapper>
  );
}
