import { useRef, useState } from 'react';
import {
  MEDIA_MAX_BYTES,
  MEDIA_TOO_LARGE_MESSAGE,
  MEDIA_UNSUPPORTED_MESSAGE,
} from '../../../../../contracts/media';
import type { ProfilePicture } from '../../../../../contracts/profile';
import { Avatar } from '../../../components/ui/avatar';
import { FieldFrame } from '../../../components/ui/field-frame';
import { SettingsSection } from '../../../components/ui/settings-section';
import { removeProfilePicture, uploadProfilePicture } from '../api/profile';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];

/**
 * The profile picture (decision 0068): chosen from a file, sent at once, cropped square by the
 * server; the preview shows what readers will see. The server decides by content; the checks here
 * only spare an upload that is sure to be refused.
 */
export function ProfilePictureForm({
  name,
  initial,
  onChange,
}: {
  name: string;
  initial: { picture: ProfilePicture | null; image: string | null };
  /** Told the new picture (null: removed), so the Profile form's address follows it. */
  onChange: (picture: { picture: ProfilePicture | null; image: string | null }) => void;
}) {
  const [current, setCurrent] = useState(initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const change = (next: { picture: ProfilePicture | null; image: string | null }, said: string) => {
    setCurrent(next);
    setStatus(said);
    onChange(next);
  };

  const upload = async (file: File | undefined) => {
    setError(null);
    setStatus('');
    if (!file) return;
    if (file.size > MEDIA_MAX_BYTES) return setError(MEDIA_TOO_LARGE_MESSAGE);
    if (file.type && !ACCEPTED_TYPES.includes(file.type)) return setError(MEDIA_UNSUPPORTED_MESSAGE);
    setPending(true);
    const result = await uploadProfilePicture(file);
    setPending(false);
    if (input.current) input.current.value = '';
    if (!result.ok) return setError(result.message);
    change({ picture: result.media, image: null }, 'Your new picture is saved.');
  };

  const remove = async () => {
    setError(null);
    setPending(true);
    const result = await removeProfilePicture();
    setPending(false);
    if (!result.ok) return setError(result.error.message);
    change({ picture: null, image: null }, 'Your picture is removed.');
  };

  const hasPicture = current.picture !== null || (current.image ?? '') !== '';
  return (
    <SettingsSection
      title="Profile picture"
      lead="Shown beside your name on your profile and posts. Cropped to a square from its centre."
    >
      <div className="profile-picture">
        <Avatar name={name} picture={current.picture} image={current.image} size="lg" />
        <div className="profile-picture__controls">
          <FieldFrame
            label={hasPicture ? 'Choose a new picture' : 'Choose a picture'}
            hint="JPEG, PNG, WebP, GIF or AVIF, at most 10 MB."
            error={error ?? undefined}
          >
            {(control) => (
              <input
                {...control}
                ref={input}
                className="profile-picture__file"
                type="file"
                name="file"
                accept={ACCEPTED_TYPES.join(',')}
                disabled={pending}
                onChange={(event) => void upload(event.target.files?.[0])}
              />
            )}
          </FieldFrame>
          {hasPicture ? (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={pending}
              onClick={() => void remove()}
            >
              Remove picture
            </button>
          ) : null}
          <p className="profile-picture__status" role="status">
            {pending ? 'Saving…' : status}
          </p>
        </div>
      </div>
    </SettingsSection>
  );
}
