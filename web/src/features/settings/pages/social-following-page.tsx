import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { RemoteActorSummary, SocialTimelineItem } from '../../../../../contracts/social-web';
import { AppLink } from '../../../components/ui/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { nameOf, RemoteAccountLink } from '../components/remote-account-link';
import { TimelinePost } from '../components/timeline-post';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { FormError } from '../../../components/ui/form-error';
import { LoadMore } from '../../../components/ui/load-more';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import type { ApiFailure } from '../../../lib/api-client';
import { PageHead } from '../../../lib/head/page-head';
import { useApiResource } from '../../../lib/use-api-resource';
import { useHydrated } from '../../../lib/use-hydrated';
import { followRemote, getSocialFollowing, getSocialTimeline, unfollowRemote } from '../api/social-web';
import '../social-followers.css';
import '../social-following.css';

/**
 * /social-web/following, behind RequireAccount (decision 0090): the reader follows an account on
 * Mastodon or another server by `@name@host`, sees whom they follow (waiting for the account's
 * server, or following) and stops following, and reads what those accounts posted, liking,
 * boosting and replying to it (decision 0094). The reader's own, so it is rendered in the browser.
 */
export function SocialFollowingPage() {
  const { resource, reload, update } = useApiResource(getSocialFollowing);
  const hydrated = useHydrated();
  const [account, setAccount] = useState('');
  const [sending, setSending] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listHeading = useRef<HTMLHeadingElement>(null);

  const follow = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setFieldError(undefined);
    setFailure(null);
    const result = await followRemote(account.trim());
    setSending(false);
    if (!result.ok) {
      setFieldError(result.error.fieldErrors.account?.[0] ?? result.error.message);
      return;
    }
    const followed = result.data.response;
    update((value) => [followed, ...value.filter((item) => item.actor !== followed.actor)]);
    setAccount('');
    setAnnouncement(`You asked to follow ${nameOf(followed)}; their server answers soon`);
  };

  const unfollow = async (actor: RemoteActorSummary) => {
    setPending(actor.actor);
    setFailure(null);
    const result = await unfollowRemote(actor.actor);
    setPending(null);
    if (!result.ok && result.error.status !== 404) {
      setFailure(result.error.message);
      return;
    }
    update((value) => value.filter((item) => item.actor !== actor.actor));
    setAnnouncement(`You no longer follow ${nameOf(actor)}`);
    // The pressed button is gone with its line: the focus goes to the top of the list.
    listHeading.current?.focus();
  };

  return (
    <div className="page page--narrow social-followers social-following">
      <PageHead title="Following on the social web" noindex />
      <h1>Following on the social web</h1>
      <p className="social-followers__lead">
        Follow people on Mastodon and other servers of the social web, and read what they post here.{' '}
        <AppLink to="/userupdate">Back to Settings</AppLink>
      </p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <form className="social-following__form" onSubmit={(event) => void follow(event)} noValidate>
        <TextField
          label="Account to follow"
          name="account"
          value={account}
          onValueChange={setAccount}
          hint="As @name@server, like @alice@mastodon.social, or its address"
          autoComplete="off"
          spellCheck={false}
          error={fieldError}
        />
        <button
          className="button button--primary"
          type="submit"
          disabled={!hydrated || sending}
          aria-busy={sending}
        >
          {sending ? 'Following…' : 'Follow'}
        </button>
      </form>
      <FormError message={failure} />
      <section className="social-followers__section" aria-labelledby="social-following-heading">
        <h2
          className="social-followers__heading"
          id="social-following-heading"
          ref={listHeading}
          tabIndex={-1}
        >
          You follow
          {resource.status === 'ready' && resource.value.length > 0 ? (
            <span className="social-followers__count"> ({resource.value.length})</span>
          ) : null}
        </h2>
        {resource.status === 'loading' ? (
          <div aria-busy="true" aria-label="Loading whom you follow">
            <Skeleton className="social-followers__skeleton-row" />
          </div>
        ) : resource.status === 'failed' ? (
          <ErrorRetry message={resource.message} onRetry={() => void reload()} />
        ) : resource.value.length === 0 ? (
          <p className="social-followers__empty">You follow nobody on other servers yet.</p>
        ) : (
          <ul className="social-followers__list">
            {resource.value.map((item) => (
              <li key={item.actor} className="social-follower">
                <Avatar name={nameOf(item)} image={item.pictureUrl} size="md" />
                <div className="social-follower__text">
                  <p className="social-follower__name">
                    <RemoteAccountLink account={item} />
                  </p>
                  <p className="social-follower__meta">
                    {item.handle && item.handle !== nameOf(item) ? (
                      <span className="social-follower__handle">{item.handle}</span>
                    ) : null}
                    <span>{item.state === 'pending' ? 'Waiting for their server' : 'Following'}</span>
                  </p>
                </div>
                <div className="social-follower__actions">
                  <button
                    className="button button--small button--secondary"
                    type="button"
                    disabled={pending === item.actor}
                    aria-label={`Unfollow ${nameOf(item)}`}
                    onClick={() => void unfollow(item)}
                  >
                    Unfollow
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Timeline />
    </div>
  );
}

/** What the accounts the reader follows posted, newest first, a page at a time. */
function Timeline() {
  const [items, setItems] = useState<SocialTimelineItem[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<ApiFailure | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const replace = useCallback((changed: SocialTimelineItem) => {
    setItems((current) => current?.map((item) => (item.id === changed.id ? changed : item)) ?? null);
  }, []);

  const first = useCallback(async (signal?: AbortSignal) => {
    setLoadFailure(null);
    const result = await getSocialTimeline(null, signal);
    if (signal?.aborted) return;
    if (!result.ok) {
      setLoadFailure(result.error.message);
      return;
    }
    setItems(result.data.response);
    setCursor(result.data.nextCursor);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void first(controller.signal);
    return () => controller.abort();
  }, [first]);

  const loadMore = async () => {
    if (cursor === null || loadingMore) return;
    setLoadingMore(true);
    setMoreError(null);
    const result = await getSocialTimeline(cursor);
    setLoadingMore(false);
    if (!result.ok) {
      setMoreError(result.error);
      return;
    }
    setItems((current) => {
      const seen = new Set((current ?? []).map((item) => item.entryId));
      return [...(current ?? []), ...result.data.response.filter((item) => !seen.has(item.entryId))];
    });
    setCursor(result.data.nextCursor);
  };

  return (
    <section className="social-followers__section" aria-labelledby="social-timeline-heading">
      <h2 className="social-followers__heading" id="social-timeline-heading">
        Their posts
      </h2>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {loadFailure !== null ? (
        <ErrorRetry message={loadFailure} onRetry={() => void first()} />
      ) : items === null ? (
        <div aria-busy="true" aria-label="Loading their posts">
          <Skeleton className="social-followers__skeleton-row" />
        </div>
      ) : items.length === 0 ? (
        <p className="social-followers__empty">
          Nothing yet. What the people you follow post from now on shows here.
        </p>
      ) : (
        <>
          <ol className="social-timeline">
            {items.map((item) => (
              <li key={item.entryId}>
                <TimelinePost item={item} onChange={replace} announce={setAnnouncement} />
              </li>
            ))}
          </ol>
          <LoadMore
            hasMore={cursor !== null}
            loadingMore={loadingMore}
            moreError={moreError}
            loadMore={() => void loadMore()}
            label="Load more posts"
          />
        </>
      )}
    </section>
  );
}
