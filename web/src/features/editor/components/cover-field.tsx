import { useId, useRef, useState } from 'react';
import type { PostCover } from '../../../../../contracts/posts';
import { uploadMedia } from '../../../lib/upload-media';
import { CoverImage } from '../../posts';
import './cover-field.css';

export interface CoverFieldProps {
  /** The post's cover picture, or null for none. */
  value: PostCover | null;
  onChange: (cover: PostCover | null) => void;
}

/** The picture types POST /api/media takes (issue 10 §4). */
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * A post's cover picture (issue 10 §4): shown on its card, at the top of the post and in link
 * previews (og:image). Chosen from the device and uploaded at once, like a picture in the body;
 * the form sends its id with the post when the writer saves it.
 */
export function CoverField({ value, onChange }: CoverFieldProps) {
  const baseId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;

  const choose = async (file: File) => {
    setUploading(true);
    setProblem(null);
    setAnnouncement(`Uploading ${file.name || 'the picture'}…`);
    const result = await uploadMedia(file);
    setUploading(false);
    if (result.ok) {
      onChange(result.media);
      setAnnouncement('Cover picture added.');
    } else {
      setProblem(`Cover picture not added: ${result.message}`);
      setAnnouncement('');
    }
  };

  const describedBy = [hintId, problem ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field cover-field" role="group" aria-labelledby={`${baseId}-label`}>
      <span className="cover-field__label" id={`${baseId}-label`}>
        Cover picture
      </span>
      <p className="field__hint" id={hintId}>
        Shown on the post’s card, above the post and in link previews.
      </p>
      {value ? (
        <CoverImage className="cover-field__preview" cover={value} sizes="(max-width: 40rem) 100vw, 40rem" />
      ) : null}
      <div className="cover-field__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={uploading}
          aria-describedby={describedBy}
          onClick={() => fileInput.current?.click()}
        >
          {uploading ? 'Uploading…' : value ? 'Replace cover' : 'Add a cover picture'}
        </button>
        {value && !uploading ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              onChange(null);
              setAnnouncement('Cover picture removed.');
            }}
          >
            Remove cover
          </button>
        ) : null}
      </div>
      <input
        ref={fileInput}
        className="visually-hidden"
        type="file"
        accept={ACCEPTED}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void choose(file);
        }}
      />
      {problem ? (
        <p className="field__error" id={errorId} role="alert">
          {problem}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
