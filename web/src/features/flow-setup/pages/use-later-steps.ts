import { useCallback, useRef, useState } from 'react';

type LaterSteps = typeof import('../components/LaterSteps');

/**
 * Steps 2 to 4's code (`LaterSteps`), asked for by `load`: the wizard calls it on the first use of its
 * form, so the code is usually in by the time Next is pressed, and Next waits for it otherwise. A failed
 * load resolves to undefined and may be asked again (the next Next).
 */
export function useLaterSteps() {
  const [steps, setSteps] = useState<LaterSteps>();
  const asked = useRef<Promise<LaterSteps | undefined>>(undefined);
  const load = useCallback(() => {
    asked.current ??= import('../components/LaterSteps').then(
      (module) => {
        setSteps(module);
        return module;
      },
      () => {
        asked.current = undefined;
        return undefined;
      },
    );
    return asked.current;
  }, []);
  return { steps, load };
}
