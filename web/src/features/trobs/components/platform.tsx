import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconBrandInstagram, IconBrandLinkedin, IconBrandX, type IconProps } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { TemplatePlatform } from '../../../../../shared/catalogue';

export const PLATFORM_LABELS: Record<TemplatePlatform, string> = {
  linkedin: 'LinkedIn',
  twitter: 'Twitter/X',
  instagram: 'Instagram',
};

export const PLATFORM_COLORS: Record<TemplatePlatform, string> = {
  linkedin: 'blue',
  twitter: 'dark',
  instagram: 'pink',
};

export const PLATFORM_ICONS: Record<TemplatePlatform, ComponentType<IconProps>> = {
  linkedin: IconBrandLinkedin,
  twitter: IconBrandX,
  instagram: IconBrandInstagram,
};

export function PlatformBadge({ platform }: { platform: TemplatePlatform }) {
  const Icon = PLATFORM_ICONS[platform];
  return (
    <Badge
      variant="light"
      color={PLATFORM_COLORS[platform]}
      leftSection={<Icon size={12} aria-hidden />}
      data-testid="platform-badge"
    >
      {PLATFORM_LABELS[platform]}
    </Badge>
  );
}

const DIFFICULTY_LABELS: Record<string, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  expert: 'Expert',
};

export const difficultyLabel = (difficulty: string) => DIFFICULTY_LABELS[difficulty] ?? difficulty;

/** Spec 2.9: difficultyLevel filled dots out of 4. */
export function DifficultyDots({ level, difficulty }: { level: number; difficulty: string }) {
  const label = `Difficulty: ${difficultyLabel(difficulty)} (${level} of 4)`;
  return (
    <Tooltip label={label}>
      <Group gap={3} role="img" aria-label={label} wrap="nowrap">
        {[1, 2, 3, 4].map((dot) => (
          <Text
            key={dot}
            component="span"
            aria-hidden
            w={8}
            h={8}
            style={{
              borderRadius: '50%',
              display: 'inline-block',
              background: dot <= level ? 'var(--mantine-color-indigo-6)' : 'var(--mantine-color-gray-3)',
            }}
          />
        ))}
      </Group>
    </Tooltip>
  );
}
