import { safeUrl } from './safe-url';

/** The picture types an inline (data:) image may be; none of them runs code inside an <img>. */
const INLINE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml)[;,]/i;

/**
 * A picture a platform gave (a profile photo) as an <img> src, or undefined: a web address (http or
 * https), or an inline data: image, as the sandbox platforms give their avatars (the app's CSP allows
 * https: and data: images, lib/security-headers.ts). Never a `javascript:` or a `data:text/html`.
 * Whether it then loads is another matter: the pictures that show it fall back to initials.
 */
export function imageSrc(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return INLINE_IMAGE.test(value) ? value : safeUrl(value);
}
