import { Box, Group, Text } from '@mantine/core';
import { BRAND_TEXTS, isHexColor } from '../../../../../shared/brand';
import { PRODUCT_NAME } from '../../../../../shared/product';

const TEXTS = BRAND_TEXTS.section;

/**
 * How the app's header will look with the brand: the logo and the name in white on the accent (the
 * app's own name and colour while a field is empty or not yet a colour), as the form is edited.
 */
export function BrandPreview({
  name,
  accentColor,
  logo,
}: {
  name: string;
  accentColor: string | null;
  logo: string | null;
}) {
  const background =
    accentColor && isHexColor(accentColor) ? accentColor : 'var(--mantine-primary-color-filled)';
  return (
    <Box component="figure" m={0}>
      <Text component="figcaption" size="sm" fw={500} mb={4}>
        {TEXTS.previewLabel}
      </Text>
      <Group
        gap="sm"
        px="md"
        h={56}
        wrap="nowrap"
        data-testid="brand-preview"
        style={{ background, color: '#fff', borderRadius: 'var(--mantine-radius-md)' }}
      >
        {/* Decorative here: the name beside it says the same. */}
        {logo && <img src={logo} alt="" style={{ maxHeight: 32, maxWidth: 120, objectFit: 'contain' }} />}
        <Text fw={700} size="lg" c="inherit" truncate>
          {name.trim() || PRODUCT_NAME}
        </Text>
      </Group>
    </Box>
  );
}
