import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DELETE_CONFIRMATION_MESSAGE, type PublicationDetails } from '../../../../../contracts/publications';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { SettingsSection } from '../../../components/ui/settings-section';
import { deletePublication } from '../api/publications';
import { PUBLICATIONS_PATH } from '../paths';

/**
 * Deleting a team publication: the owner types its address first, as GitHub asks for a
 * repository's name, because nothing brings it back. Its posts are not deleted.
 */
export function DeletePublication({ publication }: { publication: PublicationDetails }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    if (typed.trim().toLowerCase() !== publication.slug) {
      setFieldError(DELETE_CONFIRMATION_MESSAGE);
      return;
    }
    setPending(true);
    setError(null);
    const result = await deletePublication(publication.slug, typed);
    if (!result.ok) {
      setPending(false);
      setError(result.error.message);
      return;
    }
    void navigate(PUBLICATIONS_PATH, { state: { notice: result.data.message } });
  };

  return (
    <SettingsSection
      title="Delete publication"
      lead="Its site, members, invitations and domain go. Its posts are not deleted: each goes back to its author's own blog."
    >
      <button className="button button--danger" type="button" onClick={() => setOpen(true)}>
        Delete {publication.name}
      </button>
      <ConfirmDialog
        open={open}
        title={`Delete ${publication.name}?`}
        confirmLabel="Delete publication"
        pendingLabel="Deleting…"
        pending={pending}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setOpen(false);
          setTyped('');
          setFieldError(undefined);
          setError(null);
        }}
      >
        <p>
          This cannot be undone. Its posts go back to their authors' own blogs, and its address and domain
          stop working.
        </p>
        <TextField
          label={`Type its address, ${publication.slug}, to confirm`}
          name="confirm"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          onValueChange={(value) => {
            setTyped(value);
            setFieldError(undefined);
          }}
          // The dialog is not a form: Enter in its one field confirms, as it would in one.
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing || pending) return;
            event.preventDefault();
            void confirm();
          }}
          error={fieldError}
        />
      </ConfirmDialog>
    </SettingsSection>
  );
}
