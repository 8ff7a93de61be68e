import { describe, expect, it } from 'vitest';
import type { Template } from '../../../shared/catalogue';
import { applyFilters, NO_FILTERS } from '../../../web/src/features/catalogue/catalogue-filters';
import { difficultyLabel } from '../../../web/src/features/catalogue/components/platform';
import { catalogueTemplates } from './fake-catalogue';

describe('template difficulty aliases (spec 3)', () => {
  it('labels easy, medium and hard as Beginner, Intermediate and Advanced', () => {
    expect(['easy', 'medium', 'hard', 'expert'].map(difficultyLabel)).toEqual([
      'Beginner',
      'Intermediate',
      'Advanced',
      'Expert',
    ]);
  });

  it('finds a template written with an alias under the difficulty filter it names', () => {
    const [first, second, ...rest] = catalogueTemplates();
    const templates = [
      { ...first!, difficulty: 'easy' },
      { ...second!, difficulty: 'hard' },
      ...rest,
    ] as unknown as Template[];
    const beginner = applyFilters(templates, { ...NO_FILTERS, difficulty: 'beginner' }).map((t) => t.id);
    const advanced = applyFilters(templates, { ...NO_FILTERS, difficulty: 'advanced' }).map((t) => t.id);
    expect(beginner).toContain(first!.id);
    expect(advanced).toContain(second!.id);
    expect(beginner).not.toContain(second!.id);
  });
});
