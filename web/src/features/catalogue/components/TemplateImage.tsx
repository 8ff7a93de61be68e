import { AspectRatio, Center, Image } from '@mantine/core';
import { useState } from 'react';
import type { Platform } from '../../../../../shared/platforms';
import { platformLook } from '../../../lib/platform-icons';

interface TemplateImageProps {
  id: string;
  platform: Platform;
  alt: string;
  /** The first image of the page: fetched first. Others wait until they are near the viewport. */
  priority?: boolean;
}

/** Spec 2.9: /trobs/{id}.png, falling back to .svg, then to the platform's icon. */
export function TemplateImage({ id, platform, alt, priority = false }: TemplateImageProps) {
  const [source, setSource] = useState<'png' | 'svg' | 'icon'>('png');
  const { Icon, color } = platformLook(platform);
  return (
    <AspectRatio ratio={16 / 9}>
      {source === 'icon' ? (
        <Center
          bg={`var(--mantine-color-${color}-light)`}
          c={`${color}.6`}
          data-testid="template-image-fallback"
        >
          <Icon size={48} aria-hidden />
        </Center>
      ) : (
        <Image
          src={`/trobs/${id}.${source}`}
          alt={alt}
          fit="cover"
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          onError={() => setSource(source === 'png' ? 'svg' : 'icon')}
        />
      )}
    </AspectRatio>
  );
}
