import { AspectRatio, Center, Image } from '@mantine/core';
import { useState } from 'react';
import type { TemplatePlatform } from '../../../../../shared/catalogue';
import { PLATFORM_COLORS, PLATFORM_ICONS } from './platform';

/** Spec 2.9: /trobs/{id}.png, falling back to .svg, then to the platform's icon. */
export function TemplateImage({
  id,
  platform,
  alt,
}: {
  id: string;
  platform: TemplatePlatform;
  alt: string;
}) {
  const [source, setSource] = useState<'png' | 'svg' | 'icon'>('png');
  const Icon = PLATFORM_ICONS[platform];
  return (
    <AspectRatio ratio={16 / 9}>
      {source === 'icon' ? (
        <Center
          bg={`var(--mantine-color-${PLATFORM_COLORS[platform]}-light)`}
          c={`${PLATFORM_COLORS[platform]}.6`}
          data-testid="template-image-fallback"
        >
          <Icon size={48} aria-hidden />
        </Center>
      ) : (
        <Image
          src={`/trobs/${id}.${source}`}
          alt={alt}
          fit="cover"
          onError={() => setSource(source === 'png' ? 'svg' : 'icon')}
        />
      )}
    </AspectRatio>
  );
}
