import { useEffect, useState } from 'react';
import type { PostInput } from '../../../../../contracts/posts';
import { AppLink } from '../../../components/ui/app-link';
import { editPostPath } from '../../drafts';
import {
  localCopyKey,
  readLastNewDraft,
  readLocalCopy,
  removeLocalCopy,
  writeLastNewDraft,
  type LocalCopy,
} from '../lib/local-copy';

/**
 * The copy kept on this device last time, offered back when it differs from the server's; on a new
 * post with none, the draft the writer left last, offered to continue.
 */
export function LocalCopyBanner({
  postId,
  initialValues,
  onRestore,
}: {
  postId: string | null;
  initialValues: PostInput;
  onRestore: (copy: LocalCopy) => Promise<void>;
}) {
  const [offer, setOffer] = useState<LocalCopy | null>(null);
  const [continueDraft, setContinueDraft] = useState(() => (postId ? null : readLastNewDraft()));
  useEffect(() => {
    const copy = readLocalCopy(localCopyKey(postId));
    if (copy && (copy.title !== initialValues.title || copy.content !== initialValues.content))
      setOffer(copy);
    if (copy) setContinueDraft(null);
  }, [postId, initialValues.title, initialValues.content]);

  if (offer)
    return (
      <div className="editor-banner" role="region" aria-label="Unsaved changes">
        <p>
          Changes from {new Date(offer.savedAt).toLocaleString()} were kept on this device and never reached
          the server.
        </p>
        <div className="editor-banner__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => void onRestore(offer).then(() => setOffer(null))}
          >
            Restore them
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              removeLocalCopy(localCopyKey(postId));
              setOffer(null);
            }}
          >
            Discard them
          </button>
        </div>
      </div>
    );
  if (continueDraft)
    return (
      <div className="editor-banner" role="region" aria-label="Your last draft">
        <p>You were writing “{continueDraft.title}”. It is saved as a draft.</p>
        <div className="editor-banner__actions">
          <AppLink className="button button--primary" to={editPostPath(continueDraft.postId)}>
            Continue it
          </AppLink>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              writeLastNewDraft(null);
              setContinueDraft(null);
            }}
          >
            Start a new post
          </button>
        </div>
      </div>
    );
  return null;
}
