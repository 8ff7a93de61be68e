import { type HTMLAttributeReferrerPolicy, useState } from 'react';
import { imageSrc } from '../image-src';
import classes from './PersonAvatar.module.css';

/**
 * A person's photo, or their initials without one or when it does not load (an expired CDN link, a
 * blocked address): never a broken image. Decorative beside the name, which the row says itself.
 */
export function PersonAvatar({
  image,
  initials,
  referrerPolicy,
  testId,
}: {
  image?: string;
  initials: string;
  referrerPolicy?: HTMLAttributeReferrerPolicy;
  testId?: string;
}) {
  const src = imageSrc(image);
  const [failed, setFailed] = useState<string | undefined>(undefined);
  return (
    <span className={classes.avatar} aria-hidden="true" data-testid={testId}>
      {src && failed !== src ? (
        <img src={src} alt="" loading="lazy" referrerPolicy={referrerPolicy} onError={() => setFailed(src)} />
      ) : (
        initials
      )}
    </span>
  );
}
