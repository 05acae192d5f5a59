import { useState } from 'react';
import type { ProfilePicture } from '../../../../contracts/profile';
import { AvatarInitial } from './avatar-initial';

/** Each size's width in CSS pixels (global.css `.avatar--*`): the srcset's `sizes`. */
const PIXELS = { sm: 32, md: 40, lg: 72 } as const;

export interface AvatarProps {
  name: string;
  /** The uploaded picture at every stored size (decision 0068). */
  picture?: ProfilePicture | null;
  /** A typed picture address: shown only when https, the one scheme the page's CSP lets in. */
  image?: string | null;
  size?: keyof typeof PIXELS;
}

/**
 * A person's picture, uploaded or addressed, else their initial. Decorative: the name is beside it.
 * A picture that fails to load (a remote account's server gone, an address that moved) gives way to
 * the initial instead of the browser's broken-image icon.
 */
export function Avatar({ name, picture, image, size = 'md' }: AvatarProps) {
  const pixels = PIXELS[size];
  // The address that failed, so that a new picture (changed in Settings) is tried again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = picture?.url ?? (image?.startsWith('https://') ? image : null);
  if (src === null || src === failedSrc) return <AvatarInitial name={name} size={size} />;
  const onError = () => setFailedSrc(src);
  if (picture) {
    return (
      <img
        className={`avatar avatar--${size} avatar--picture`}
        src={picture.url}
        srcSet={picture.srcset}
        sizes={`${pixels}px`}
        alt=""
        width={pixels}
        height={pixels}
        decoding="async"
        onError={onError}
      />
    );
  }
  return (
    <img
      className={`avatar avatar--${size} avatar--picture`}
      src={src}
      alt=""
      width={pixels}
      height={pixels}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={onError}
    />
  );
}
