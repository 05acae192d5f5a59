import type { PostCover } from '../../../../../contracts/posts';
import { PictureField } from './picture-field';
import './cover-field.css';

export interface CoverFieldProps {
  /** The post's cover picture, or null for none. */
  value: PostCover | null;
  onChange: (cover: PostCover | null) => void;
}

/** A post's cover picture: shown on its card, at the top of the post and in link previews (og:image). */
export function CoverField({ value, onChange }: CoverFieldProps) {
  return (
    <PictureField
      value={value}
      onChange={onChange}
      label="Cover picture"
      hint="Shown on the post’s card, above the post and in link previews."
      actions={{ add: 'Add a cover picture', replace: 'Replace cover', remove: 'Remove cover' }}
      previewSizes="(max-width: 40rem) 100vw, 40rem"
      classes={{
        root: 'cover-field',
        label: 'cover-field__label',
        preview: 'cover-field__preview',
        actions: 'cover-field__actions',
      }}
    />
  );
}
