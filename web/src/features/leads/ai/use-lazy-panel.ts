import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { notifyError } from '../../../lib/notify';
import { LEADS_TEXTS } from '../leads-texts';

/**
 * A side panel whose code loads when it is first opened, not with the screen (issue 38 point 2: the
 * drawer and its dialog machinery are about a tenth of the leads screen's scripts). The loaded panel
 * is mounted closed and opened on the next render: Mantine's focus return notes the element to give
 * focus back to only when a mounted drawer opens, so Escape still returns to the button that opened it.
 */
export function useLazyPanel<P>(load: () => Promise<ComponentType<P>>) {
  const [Panel, setPanel] = useState<ComponentType<P> | null>(null);
  const [opened, setOpened] = useState(false);
  const [loading, setLoading] = useState(false);
  const [openWhenMounted, setOpenWhenMounted] = useState(false);

  const open = useCallback(() => {
    if (Panel) {
      setOpened(true);
      return;
    }
    setLoading(true);
    load().then(
      (component) => {
        setLoading(false);
        setPanel(() => component);
        setOpenWhenMounted(true);
      },
      () => {
        setLoading(false);
        notifyError(LEADS_TEXTS.panelLoadFailed);
      },
    );
  }, [Panel, load]);

  useEffect(() => {
    if (!Panel || !openWhenMounted) return;
    setOpenWhenMounted(false);
    setOpened(true);
  }, [Panel, openWhenMounted]);

  const close = useCallback(() => setOpened(false), []);
  return { Panel, opened, loading, open, close };
}
