import { Center } from '@mantine/core';
import { LoadingStatus } from '../lib/ui/LoadingStatus';

/** What a frame shows while a page's (or the app shell's) code loads. */
export function PageFallback({ fullHeight = false }: { fullHeight?: boolean }) {
  return (
    <Center {...(fullHeight ? { h: '100vh' } : { py: 'xl' })}>
      <LoadingStatus label="Loading" />
    </Center>
  );
}
