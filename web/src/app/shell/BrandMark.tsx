import { Anchor, Box, Group } from '@mantine/core';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import type { BrandView } from '../../../../shared/brand';
import { PRODUCT_NAME } from '../../../../shared/product';

/**
 * The header's product name: the workspace's brand when it has one (DECISIONS 32), its logo beside
 * the name on the accent (white text on it meets WCAG AA: the API refuses an accent that does not).
 */
export function BrandMark({ brand }: { brand: BrandView }) {
  const name = brand?.name ?? PRODUCT_NAME;
  const accent = brand?.accentColor;
  return (
    <Anchor
      component={Link}
      to="/dashboard"
      fw={700}
      fz={{ base: 'lg', xs: 'xl' }}
      underline="never"
      c={accent ? '#fff' : 'inherit'}
      bg={accent ?? undefined}
      px={accent ? 'xs' : 0}
      style={{ borderRadius: 'var(--mantine-radius-sm)', minWidth: 0 }}
    >
      <Group gap={6} wrap="nowrap">
        {brand?.logo && (
          // The name beside it says what the logo is: the image is decoration (alt="").
          <Box
            component="img"
            src={brand.logo.dataUrl}
            alt=""
            h={28}
            maw={96}
            style={{ objectFit: 'contain' }}
          />
        )}
        <Box component="span" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </Box>
      </Group>
    </Anchor>
  );
}

/**
 * The accent as the primary colour of filled controls in the frame (buttons, active links). A darker
 * mix on hover keeps white text at least as readable.
 */
export function accentStyle(brand: BrandView): CSSProperties | undefined {
  const accent = brand?.accentColor;
  if (!accent) return undefined;
  return {
    '--mantine-primary-color-filled': accent,
    '--mantine-primary-color-filled-hover': `color-mix(in srgb, ${accent} 85%, black)`,
  } as CSSProperties;
}
