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

/** A person's picture, uploaded or addressed, else their initial. Decorative: the name is beside it. */
export function Avatar({ name, picture, image, size = 'md' }: AvatarProps) {
  const pixels = PIXELS[size];
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
      />
    );
  }
  if (image?.startsWith('https://')) {
    return (
      <img
        className={`avatar avatar--${size} avatar--picture`}
        src={image}
        alt=""
        width={pixels}
        height={pixels}
        loading="lazy"
        referrerPolicy="no-referrer"
      />
    );
  }
  return <AvatarInitial name={name} size={size} />;
}
