import { useCallback, useState } from 'react';

/**
 * Part 2 section 4: a set of lead ids that survives paging and filtering. 'Select Page' adds all
 * leads of the page, or removes them if all were already selected.
 */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const togglePage = useCallback((ids: readonly string[]) => {
    setSelected((current) => {
      const next = new Set(current);
      if (ids.every((id) => current.has(id))) for (const id of ids) next.delete(id);
      else for (const id of ids) next.add(id);
      return next;
    });
  }, []);
  return { selected, toggle, togglePage };
}
