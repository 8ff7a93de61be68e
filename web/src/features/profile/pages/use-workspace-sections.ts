import { useEffect, useState } from 'react';
import type WorkspaceSectionsType from '../components/WorkspaceSections';

type Loaded = { Sections: typeof WorkspaceSectionsType } | { failed: true } | undefined;

/**
 * The Team and Brand cards' code, asked for once `wanted` (they near the screen): below the fold of
 * /profile, so the page's first load goes without them (issue 38 point 2). A failed load is said, not
 * thrown: the rest of the page stays.
 */
export function useWorkspaceSections(wanted: boolean): Loaded {
  const [loaded, setLoaded] = useState<Loaded>();
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    import('../components/WorkspaceSections').then(
      (module) => live && setLoaded({ Sections: module.default }),
      () => live && setLoaded({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return loaded;
}
