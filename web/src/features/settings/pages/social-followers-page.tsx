import { useId, useRef, useState, type RefObject } from 'react';
import type { SocialFollowers } from '../../../../../contracts/social-web';
import { AppLink } from '../../../components/ui/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { FormError } from '../../../components/ui/form-error';
import { LocalDate } from '../../../components/ui/local-date';
import { Skeleton } from '../../../components/ui/skeleton';
import { PageHead } from '../../../lib/head/page-head';
import { useApiResource } from '../../../lib/use-api-resource';
import { answerFollower, blockAccount, getSocialFollowers, setApproveFollowers } from '../api/social-web';
import '../../../components/ui/choice-group.css';
import '../social-followers.css';

type Follower = SocialFollowers['followers'][number];
type Action = 'accept' | 'reject' | 'remove' | 'block';

/** What each action says once done, naming whom it was done to. */
const DONE: Record<Action, (who: string) => string> = {
  accept: (who) => `${who} now follows you`,
  reject: (who) => `${who}’s request is rejected`,
  remove: (who) => `${who} no longer follows you`,
  block: (who) => `${who} is blocked`,
};

/** The name a person goes by here: their name on their server, else their handle, else their address. */
const nameOf = (follower: Follower) => follower.name?.trim() || follower.handle || follower.actor;

/**
 * /social-web/followers, behind RequireAccount (decisions 0084 and 0086): whether follows from
 * Mastodon and other servers wait for the writer's approval, the requests waiting (Accept or
 * Reject), and the followers there (Remove, or Block, which also keeps their replies off the
 * writer's posts). The writer's own, so it is rendered in the browser.
 */
export function SocialFollowersPage() {
  const { resource, reload, update } = useApiResource(getSocialFollowers);
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [blocking, setBlocking] = useState<Follower | null>(null);
  const [blockError, setBlockError] = useState<string | null>(null);
  const requestsHeading = useRef<HTMLHeadingElement>(null);
  const followersHeading = useRef<HTMLHeadingElement>(null);

  const act = async (follower: Follower, action: Action): Promise<boolean> => {
    setPending(follower.actor);
    setFailure(null);
    const result =
      action === 'block'
        ? await blockAccount(follower.accountId ?? '')
        : await answerFollower(follower.actor, action === 'accept' ? 'accept' : 'reject');
    setPending(null);
    if (!result.ok) {
      if (action === 'block') setBlockError(result.error.message);
      else setFailure(result.error.message);
      // Gone already (answered in another tab): the list is read again to say how things are.
      if (result.error.status === 404) void reload();
      return false;
    }
    update((value) => ({
      ...value,
      followers:
        action === 'accept'
          ? [
              // Requests stay first; a new follower leads the followers, as the newest.
              ...value.followers.filter((item) => item.state === 'pending' && item.actor !== follower.actor),
              { ...follower, state: 'accepted' as const },
              ...value.followers.filter((item) => item.state === 'accepted'),
            ]
          : value.followers.filter((item) => item.actor !== follower.actor),
    }));
    setAnnouncement(DONE[action](nameOf(follower)));
    // The pressed button is gone with its line: the focus goes to the top of its list.
    (follower.state === 'pending' ? requestsHeading : followersHeading).current?.focus();
    return true;
  };

  const confirmBlock = async () => {
    if (!blocking) return;
    setBlockError(null);
    if (await act(blocking, 'block')) setBlocking(null);
  };

  return (
    <div className="page page--narrow social-followers">
      <PageHead title="Followers on the social web" noindex />
      <h1>Followers on the social web</h1>
      <p className="social-followers__lead">
        People on Mastodon and other servers of the social web who follow you get your posts in their
        timelines. Choose here who does. <AppLink to="/userupdate">Back to Settings</AppLink>
      </p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <FormError message={failure} />
      {resource.status === 'loading' ? (
        <div className="social-followers__skeleton" aria-busy="true" aria-label="Loading your followers">
          <Skeleton className="social-followers__skeleton-setting" />
          <Skeleton className="social-followers__skeleton-row" />
          <Skeleton className="social-followers__skeleton-row" />
        </div>
      ) : resource.status === 'failed' ? (
        <ErrorRetry message={resource.message} onRetry={() => void reload()} />
      ) : (
        <>
          <ApprovalSetting
            on={resource.value.approveFollowers}
            onSaved={(approveFollowers) => update((value) => ({ ...value, approveFollowers }))}
          />
          <FollowerList
            headingRef={requestsHeading}
            title="Follow requests"
            items={resource.value.followers.filter((item) => item.state === 'pending')}
            pending={pending}
            empty={
              resource.value.approveFollowers
                ? 'No requests wait for you. New ones show here.'
                : 'No requests wait for you. With approval off, follows are accepted as they come.'
            }
            actions={(follower) => [
              {
                label: 'Accept',
                name: `Accept ${nameOf(follower)}`,
                primary: true,
                run: () => act(follower, 'accept'),
              },
              { label: 'Reject', name: `Reject ${nameOf(follower)}`, run: () => act(follower, 'reject') },
            ]}
          />
          <FollowerList
            headingRef={followersHeading}
            title="Followers"
            items={resource.value.followers.filter((item) => item.state === 'accepted')}
            pending={pending}
            empty="Nobody on another server follows you yet."
            actions={(follower) => [
              { label: 'Remove', name: `Remove ${nameOf(follower)}`, run: () => act(follower, 'remove') },
              ...(follower.accountId
                ? [
                    {
                      label: 'Block',
                      name: `Block ${nameOf(follower)}`,
                      danger: true,
                      run: () => {
                        setBlockError(null);
                        setBlocking(follower);
                      },
                    },
                  ]
                : []),
            ]}
          />
        </>
      )}
      <ConfirmDialog
        open={blocking !== null}
        title={`Block ${blocking ? nameOf(blocking) : ''}?`}
        confirmLabel="Block"
        pendingLabel="Blocking…"
        pending={blocking !== null && pending === blocking.actor}
        error={blockError}
        onConfirm={() => void confirmBlock()}
        onCancel={() => setBlocking(null)}
      >
        They stop following you, cannot follow you again, and their replies to your posts are refused; those
        already here are hidden from you.
      </ConfirmDialog>
    </div>
  );
}

/** The setting, saved as it is ticked; a failure puts the box back and says why. */
function ApprovalSetting({ on, onSaved }: { on: boolean; onSaved: (on: boolean) => void }) {
  const id = useId();
  const hintId = useId();
  const [checked, setChecked] = useState(on);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState('');

  const change = async (next: boolean) => {
    setChecked(next);
    setSaving(true);
    setError(null);
    setSaved('');
    const result = await setApproveFollowers(next);
    setSaving(false);
    if (!result.ok) {
      setChecked(!next);
      setError(result.error.message);
      return;
    }
    onSaved(result.data.response.approveFollowers);
    setSaved(
      next ? 'New followers now wait for your approval' : 'New followers are now accepted as they come',
    );
  };

  return (
    <section className="social-followers__setting" aria-label="Approval">
      <div className="field">
        <label className="choice" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={checked}
            disabled={saving}
            aria-describedby={hintId}
            onChange={(event) => void change(event.target.checked)}
          />
          <span>Approve new followers by hand</span>
        </label>
        <p className="field__hint" id={hintId}>
          Their follow waits here until you accept it, and other servers show your account as locked. Requests
          already waiting stay when you turn this off.
        </p>
      </div>
      <p className="visually-hidden" role="status">
        {saved}
      </p>
      <FormError message={error} />
    </section>
  );
}

interface LineAction {
  label: string;
  /** The button's full name, naming the person: "Accept Ada". */
  name: string;
  primary?: boolean;
  danger?: boolean;
  run: () => unknown;
}

function FollowerList({
  headingRef,
  title,
  items,
  pending,
  empty,
  actions,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  title: string;
  items: Follower[];
  pending: string | null;
  empty: string;
  actions: (follower: Follower) => LineAction[];
}) {
  const headingId = useId();
  return (
    <section className="social-followers__section" aria-labelledby={headingId}>
      <h2 className="social-followers__heading" id={headingId} ref={headingRef} tabIndex={-1}>
        {title}
        {items.length > 0 ? <span className="social-followers__count"> ({items.length})</span> : null}
      </h2>
      {items.length === 0 ? (
        <p className="social-followers__empty">{empty}</p>
      ) : (
        <ul className="social-followers__list">
          {items.map((follower) => (
            <li key={follower.actor} className="social-follower">
              <Avatar name={nameOf(follower)} image={follower.pictureUrl} size="md" />
              <div className="social-follower__text">
                <p className="social-follower__name">
                  {follower.profileUrl ? (
                    <a href={follower.profileUrl} rel="nofollow noopener ugc">
                      {nameOf(follower)}
                    </a>
                  ) : (
                    nameOf(follower)
                  )}
                </p>
                <p className="social-follower__meta">
                  {follower.handle && follower.handle !== nameOf(follower) ? (
                    <span className="social-follower__handle">{follower.handle}</span>
                  ) : null}
                  <span>
                    {follower.state === 'pending' ? 'Asked' : 'Since'} <LocalDate iso={follower.since} />
                  </span>
                </p>
              </div>
              <div className="social-follower__actions">
                {actions(follower).map((action) => (
                  <button
                    key={action.label}
                    className={`button button--small ${
                      action.primary ? 'button--primary' : 'button--secondary'
                    }${action.danger ? ' social-follower__danger' : ''}`}
                    type="button"
                    disabled={pending === follower.actor}
                    aria-label={action.name}
                    onClick={() => void action.run()}
                  >
                    {action.label}
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
