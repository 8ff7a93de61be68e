/** A video address as something a frame can show: YouTube and Vimeo pages become their players. */
export function embedUrl(url: string): { kind: 'video' | 'frame'; src: string } {
  if (/\.(mp4|webm|ogg)(\?|$)/i.test(url)) return { kind: 'video', src: url };
  const youtube = url.match(/(?:youtube\.com\/watch\?v=|youtu\.be\/)([\w-]{6,})/);
  if (youtube) return { kind: 'frame', src: `https://www.youtube-nocookie.com/embed/${youtube[1]}` };
  const vimeo = url.match(/vimeo\.com\/(\d+)/);
  if (vimeo) return { kind: 'frame', src: `https://player.vimeo.com/video/${vimeo[1]}` };
  return { kind: 'frame', src: url };
}
