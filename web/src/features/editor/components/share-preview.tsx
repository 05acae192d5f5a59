import { useCallback, useId, useState } from 'react';
import type { PreviewLink } from '../../../../../contracts/post-previews';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { LocalDate } from '../../../components/ui/local-date';
import { SettingsSection } from '../../../components/ui/settings-section';
import { Skeleton } from '../../../components/ui/skeleton';
import { CopyField } from '../../../components/ui/copy-field';
import { useApiResource } from '../../../lib/use-api-resource';
import { createPreviewLink, listPreviewLinks, revokePreviewLink } from '../api/preview-links';

const LIFETIMES = [
  { value: '7', label: '7 days' },
  { value: '1', label: '1 day' },
  { value: '30', label: '30 days' },
  { value: '', label: 'Until I revoke it' },
] as const;

/**
 * "Share a preview" under an unpublished post's editor (docs/decisions/0075-preview-links.md):
 * secret links that show the post as it will look to whoever has one, until they expire, are
 * revoked, or the post is published. Outside the post's form: nothing here submits it.
 */
export function SharePreview({ postId }: { postId: string }) {
  const read = useCallback((signal: AbortSignal) => listPreviewLinks(postId, signal), [postId]);
  const { resource, reload, update } = useApiResource(read);
  const [lifetime, setLifetime] = useState<string>(LIFETIMES[0].value);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const lifetimeId = useId();

  const create = async () => {
    setPending(true);
    setError(null);
    const result = await createPreviewLink(postId, { expiresInDays: lifetime ? Number(lifetime) : null });
    setPending(false);
    if (!result.ok) {
      setError(result.error.fieldErrors.expiresInDays?.[0] ?? result.error.message);
      return;
    }
    update((links) => [result.data, ...links]);
    setStatus('Preview link created. Copy it and send it to whoever you ask for feedback.');
  };

  const revoke = async (link: PreviewLink) => {
    setError(null);
    const result = await revokePreviewLink(link.id);
    // Already gone (revoked in another tab): the list catches up all the same.
    if (!result.ok && result.error.status !== 404) {
      setError(result.error.message);
      return;
    }
    update((links) => links.filter((item) => item.id !== link.id));
    setStatus('Preview link revoked: it no longer opens the post.');
  };

  return (
    <SettingsSection
      title="Share a preview"
      lead="A private link that shows this post as readers will see it, before you publish. Search engines never see it, and it stops working when it expires, when you revoke it, or once the post is published."
    >
      <div className="share-preview__create">
        <label className="field__label" htmlFor={lifetimeId}>
          Link works for
        </label>
        <select
          id={lifetimeId}
          className="field__input share-preview__lifetime"
          value={lifetime}
          onChange={(event) => setLifetime(event.target.value)}
        >
          {LIFETIMES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={pending || undefined}
          onClick={() => {
            if (!pending) void create();
          }}
        >
          {pending ? 'Creating…' : 'Create a preview link'}
        </button>
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="settings-section__status" role="status">
        {status}
      </p>
      {resource.status === 'loading' ? (
        <div aria-busy="true" aria-label="Loading preview links">
          <Skeleton className="skeleton--text skeleton--w-70" />
        </div>
      ) : resource.status === 'failed' ? (
        <ErrorRetry message={resource.message} onRetry={() => void reload()} />
      ) : resource.value.length === 0 ? (
        <p className="share-preview__empty">No preview links yet.</p>
      ) : (
        <ul className="share-preview__links" aria-label="Preview links">
          {resource.value.map((link) => (
            <PreviewLinkItem key={link.id} link={link} onRevoke={() => void revoke(link)} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function PreviewLinkItem({ link, onRevoke }: { link: PreviewLink; onRevoke: () => void }) {
  return (
    <li className="share-preview__link">
      <CopyField label="Preview link" value={link.url} />
      <p className="share-preview__dates">
        Made <LocalDate iso={link.createdAt} />
        {' · '}
        {link.expiresAt ? (
          <>
            works until <LocalDate iso={link.expiresAt} />
          </>
        ) : (
          'works until revoked'
        )}
      </p>
      <button className="button button--secondary button--small" type="button" onClick={onRevoke}>
        Revoke<span className="visually-hidden"> this preview link</span>
      </button>
    </li>
  );
}
