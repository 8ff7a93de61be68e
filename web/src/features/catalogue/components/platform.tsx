import { Group } from '@mantine/core';
import { difficultyOf } from '../../../../../shared/catalogue-values';

const DIFFICULTY_LABELS: Record<string, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  expert: 'Expert',
};

/** The label of a difficulty, given by its name or its alias (easy, medium, hard; spec 3). */
export const difficultyLabel = (difficulty: string) =>
  DIFFICULTY_LABELS[difficultyOf(difficulty) ?? difficulty] ?? difficulty;

/**
 * Spec 2.9: difficultyLevel filled dots out of 4, named for screen readers and, on hover, by the
 * browser's own tooltip (a Mantine Tooltip would load its positioning engine with every catalogue).
 */
export function DifficultyDots({ level, difficulty }: { level: number; difficulty: string }) {
  const label = `Difficulty: ${difficultyLabel(difficulty)} (${level} of 4)`;
  return (
    <Group gap={3} role="img" aria-label={label} title={label} wrap="nowrap">
      {/* Plain spans: four Mantine components a card, fifteen cards a catalogue, cost a phone's render. */}
      {[1, 2, 3, 4].map((dot) => (
        <span
          key={dot}
          aria-hidden
          style={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            display: 'inline-block',
            background: dot <= level ? 'var(--mantine-color-indigo-6)' : 'var(--mantine-color-gray-3)',
          }}
        />
      ))}
    </Group>
  );
}
