import { useId, useRef, useState } from 'react';
import type { PostCover } from '../../../../../contracts/posts';
import { NO_RESPONSE_MESSAGE } from '../../../lib/api-client';
import { CoverImage } from '../../posts';

/** The picture types POST /api/media takes. */
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

export interface PictureFieldProps {
  value: PostCover | null;
  onChange: (picture: PostCover | null) => void;
  /** What the writer calls it, capitalised: "Cover picture". */
  label: string;
  hint: string;
  /** The buttons' words: "Add a cover picture", "Replace cover", "Remove cover". */
  actions: { add: string; replace: string; remove: string };
  /** The preview's `sizes`: how wide the form shows it. */
  previewSizes: string;
  classes: { root?: string; label: string; preview: string; actions: string };
  testId?: string;
}

/**
 * One picture of a post chosen from the device and uploaded at once (POST /api/media), like a
 * picture in the body; the form sends its id with the post when the writer saves it. The cover and
 * the social picture are both this field.
 */
export function PictureField({
  value,
  onChange,
  label,
  hint,
  actions,
  previewSizes,
  classes,
  testId,
}: PictureFieldProps) {
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
    // The upload call is fetched with the first picture rather than with the writing page.
    const result = await import('../../../lib/upload-media').then(
      ({ uploadMedia }) => uploadMedia(file),
      () => ({ ok: false as const, message: NO_RESPONSE_MESSAGE }),
    );
    setUploading(false);
    if (result.ok) {
      onChange(result.media);
      setAnnouncement(`${label} added.`);
    } else {
      setProblem(`${label} not added: ${result.message}`);
      setAnnouncement('');
    }
  };

  const describedBy = [hintId, problem ? errorId : null].filter(Boolean).join(' ');
  return (
    <div
      className={classes.root ? `field ${classes.root}` : 'field'}
      role="group"
      aria-labelledby={`${baseId}-label`}
    >
      <span className={classes.label} id={`${baseId}-label`}>
        {label}
      </span>
      <p className="field__hint" id={hintId}>
        {hint}
      </p>
      {value ? <CoverImage className={classes.preview} cover={value} sizes={previewSizes} /> : null}
      <div className={classes.actions}>
        <button
          type="button"
          className="button button--secondary"
          disabled={uploading}
          aria-describedby={describedBy}
          onClick={() => fileInput.current?.click()}
        >
          {uploading ? 'Uploading…' : value ? actions.replace : actions.add}
        </button>
        {value && !uploading ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              onChange(null);
              setAnnouncement(`${label} removed.`);
            }}
          >
            {actions.remove}
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
        data-testid={testId}
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
