import { useId, useState } from 'react';
import type { PublicationDetails } from '../../../../../contracts/publications';
import { uploadMedia } from '../../../lib/upload-media';
import { updatePublication } from '../api/publications';

/**
 * The owner's logo for a publication's site: a picture uploaded like any other
 * (POST /api/media: re-encoded, metadata gone), shown beside the name in the site's header.
 */
export function LogoField({
  publication,
  onSaved,
}: {
  publication: PublicationDetails;
  onSaved: (saved: PublicationDetails) => void;
}) {
  const inputId = useId();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (logoId: string | null) => {
    const result = await updatePublication(publication.slug, { logoId });
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    setError(null);
    onSaved(result.data);
  };

  const upload = async (file: File) => {
    setPending(true);
    const uploaded = await uploadMedia(file);
    if (uploaded.ok) await save(uploaded.media.id);
    else setError(uploaded.message);
    setPending(false);
  };

  return (
    <div className="publication-logo">
      {publication.logoUrl ? (
        <img className="publication-logo__image" src={publication.logoUrl} alt="" height={48} />
      ) : null}
      <div className="publication-logo__actions">
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          disabled={pending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
        <label className="button button--secondary" htmlFor={inputId} aria-busy={pending || undefined}>
          {pending ? 'Uploading…' : publication.logoUrl ? 'Change logo' : 'Upload a logo'}
        </label>
        {publication.logoUrl ? (
          <button
            className="button button--secondary"
            type="button"
            disabled={pending}
            onClick={() => void save(null)}
          >
            Remove logo
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
