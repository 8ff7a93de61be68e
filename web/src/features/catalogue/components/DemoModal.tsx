import { Modal } from '@mantine/core';
import { embedUrl } from './demo-video';

/** The Watch Demo dialog (spec 2.10): the template's video, played in the page. */
export default function DemoModal({
  url,
  title,
  opened,
  onClose,
}: {
  url: string;
  title: string;
  opened: boolean;
  onClose: () => void;
}) {
  const media = embedUrl(url);
  return (
    <Modal opened={opened} onClose={onClose} title={`${title}: demo`} size="xl" centered>
      {opened &&
        (media.kind === 'video' ? (
          // biome-ignore lint/a11y/useMediaCaption: product demos come without caption tracks.
          <video src={media.src} controls style={{ width: '100%' }} />
        ) : (
          <iframe
            src={media.src}
            title={`${title} demo video`}
            style={{ width: '100%', aspectRatio: '16 / 9', border: 0 }}
            allow="autoplay; encrypted-media; picture-in-picture"
            allowFullScreen
          />
        ))}
    </Modal>
  );
}
