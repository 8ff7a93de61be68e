import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageFallback } from '../../../web/src/app/PageFallback';
import { LoadingStatus } from '../../../web/src/lib/ui/LoadingStatus';
import { renderWithProviders } from '../render-app';

/**
 * The spinners that say what loads (issue 36): the words are in a status region, never an aria-label
 * on Mantine's role-less span, which axe reports (aria-prohibited-attr) and screen readers skip.
 */
const WEB_SRC = join(import.meta.dirname, '../../../web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.tsx')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('a loading spinner', () => {
  it('says "Loading" in a status region while a page loads, and names no element without a role', () => {
    const { container } = renderWithProviders(<PageFallback />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
    expect(container.querySelectorAll('[aria-label]:not([role])')).toHaveLength(0);
  });

  it('hides the spinner itself and reads the label it is given', () => {
    const { container } = renderWithProviders(<LoadingStatus size="sm" label="Loading runs" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading runs');
    expect(status.querySelector('[aria-hidden="true"]')).not.toBeNull();
    expect(container.querySelectorAll('[aria-label]:not([role])')).toHaveLength(0);
  });

  it('is never a Loader with an aria-label anywhere in the web app', () => {
    const labelled = sourceFiles(WEB_SRC).filter((file) =>
      /<Loader\b[^>]*\baria-label=/.test(readFileSync(file, 'utf8')),
    );
    expect(labelled).toEqual([]);
  });
});
