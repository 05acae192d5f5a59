import { useId, useRef, useState, type FormEvent } from 'react';
import type { SocialTimelineItem, SocialTimelineReply } from '../../../../../contracts/social-web';
import { Avatar } from '../../../components/ui/avatar';
import { FormError } from '../../../components/ui/form-error';
import { LocalDate } from '../../../components/ui/local-date';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useHydrated } from '../../../lib/use-hydrated';
import { deleteTimelineReply, reactToTimelinePost, replyToTimelinePost } from '../api/social-web';
import { nameOf, RemoteAccountLink } from './remote-account-link';

type Busy = 'like' | 'boost' | 'reply' | `delete:${string}` | null;

/**
 * One post of the reader's social-web timeline (decisions 0090 and 0094): who boosted it, if that
 * is why it is here, who posted it and when,
 * its kept content, and what the reader can do with it from here: like it and boost it (toggles
 * that say their state with aria-pressed), reply to it (a form opened by its button), and see
 * their replies and the answers that came back, deleting their own.
 */
export function TimelinePost({
  item,
  onChange,
  announce,
}: {
  item: SocialTimelineItem;
  onChange: (item: SocialTimelineItem) => void;
  announce: (message: string) => void;
}) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [replying, setReplying] = useState(false);
  const [body, setBody] = useState('');
  const [bodyError, setBodyError] = useState<string | undefined>(undefined);
  const replyButton = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const label = item.title ?? `the post by ${nameOf(item.author)}`;

  const toggle = async (which: 'like' | 'boost') => {
    if (busy !== null) return;
    const on = which === 'like' ? !item.liked : !item.boosted;
    setBusy(which);
    setFailure(null);
    const result = await reactToTimelinePost(which, item.id, on);
    setBusy(null);
    if (result.ok) {
      onChange({ ...item, ...result.data.response });
    } else if (result.error.status === 409 || (result.error.status === 404 && !on)) {
      // Done (or undone) already, from another tab: the server's state is the one asked for.
      onChange({ ...item, [which === 'like' ? 'liked' : 'boosted']: on });
    } else {
      setFailure(result.error.message);
      return;
    }
    const verb = which === 'like' ? (on ? 'liked' : 'no longer like') : on ? 'boosted' : 'no longer boost';
    announce(`You ${verb} ${label}`);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy !== null) return;
    setBusy('reply');
    setBodyError(undefined);
    const result = await replyToTimelinePost(item.id, body);
    setBusy(null);
    if (!result.ok) {
      setBodyError(result.error.fieldErrors.body?.[0] ?? result.error.message);
      return;
    }
    onChange({ ...item, replies: [...item.replies, result.data.response] });
    setBody('');
    setReplying(false);
    announce(`Your reply to ${label} was sent`);
    replyButton.current?.focus();
  };

  const remove = async (reply: SocialTimelineReply) => {
    if (busy !== null) return;
    setBusy(`delete:${reply.id}`);
    setFailure(null);
    const result = await deleteTimelineReply(reply.id);
    setBusy(null);
    if (!result.ok && result.error.status !== 404) {
      setFailure(result.error.message);
      return;
    }
    // The answers to it go with it, as on the server.
    onChange({
      ...item,
      replies: item.replies.filter((row) => row.id !== reply.id && row.inReplyTo !== reply.noteId),
    });
    announce('Your reply was deleted');
    // The pressed button is gone with its reply: the focus goes to the post's Reply button.
    replyButton.current?.focus();
  };

  return (
    <article className="social-timeline__item" aria-label={item.title ?? `Post by ${nameOf(item.author)}`}>
      {item.boostedBy ? (
        <p className="social-timeline__boosted">
          Boosted by <RemoteAccountLink account={item.boostedBy} />
          {item.boostedAt ? (
            <span className="social-timeline__date">
              {' · '}
              <LocalDate iso={item.boostedAt} />
            </span>
          ) : null}
        </p>
      ) : null}
      <header className="social-timeline__author">
        <Avatar name={nameOf(item.author)} image={item.author.pictureUrl} size="sm" />
        <p className="social-timeline__byline">
          <RemoteAccountLink account={item.author} />
          {item.author.handle ? <span className="social-follower__handle"> {item.author.handle}</span> : null}
          <span className="social-timeline__date">
            {' · '}
            <LocalDate iso={item.publishedAt} />
          </span>
        </p>
      </header>
      {item.title ? <h3 className="social-timeline__title">{item.title}</h3> : null}
      {item.summary && item.kind === 'Article' ? (
        <p className="social-timeline__summary">{item.summary}</p>
      ) : null}
      <div
        className="markdown prose social-timeline__content"
        dangerouslySetInnerHTML={{ __html: item.contentHtml }}
      />
      {item.url ? (
        <p className="social-timeline__link">
          <a href={item.url} rel="nofollow noopener ugc">
            Read it on its server
            <span className="visually-hidden">: {item.title ?? nameOf(item.author)}</span>
          </a>
        </p>
      ) : null}
      <div className="social-timeline__actions" role="group" aria-label={`What to do with ${label}`}>
        <button
          className="button button--small button--secondary social-timeline__toggle"
          type="button"
          aria-pressed={item.liked}
          aria-busy={busy === 'like' || undefined}
          disabled={!hydrated || busy === 'like'}
          onClick={() => void toggle('like')}
        >
          Like
        </button>
        <button
          className="button button--small button--secondary social-timeline__toggle"
          type="button"
          aria-pressed={item.boosted}
          aria-busy={busy === 'boost' || undefined}
          disabled={!hydrated || busy === 'boost'}
          onClick={() => void toggle('boost')}
        >
          Boost
        </button>
        <button
          ref={replyButton}
          className="button button--small button--secondary"
          type="button"
          aria-expanded={replying}
          aria-controls={replying ? formId : undefined}
          disabled={!hydrated}
          onClick={() => setReplying((open) => !open)}
        >
          Reply
        </button>
      </div>
      <FormError message={failure} />
      {replying ? (
        <form
          id={formId}
          className="social-timeline__reply-form"
          onSubmit={(event) => void send(event)}
          noValidate
        >
          <TextAreaField
            label={`Your reply to ${nameOf(item.author)}`}
            name="reply"
            value={body}
            onValueChange={setBody}
            hint="Public on the social web, mentioning them"
            rows={3}
            autoFocus
            error={bodyError}
          />
          <div className="social-timeline__reply-buttons">
            <button
              className="button button--small button--primary"
              type="submit"
              disabled={busy === 'reply'}
              aria-busy={busy === 'reply' || undefined}
            >
              {busy === 'reply' ? 'Sending…' : 'Send reply'}
            </button>
            <button
              className="button button--small button--secondary"
              type="button"
              onClick={() => {
                setReplying(false);
                replyButton.current?.focus();
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      {item.replies.length > 0 ? (
        <ul className="social-timeline__replies" aria-label={`Replies to ${label}`}>
          {item.replies.map((reply) => (
            <li key={reply.id} className="social-timeline__reply">
              <p className="social-timeline__byline">
                {reply.author === null ? <strong>You</strong> : <RemoteAccountLink account={reply.author} />}
                <span className="social-timeline__date">
                  {' · '}
                  <LocalDate iso={reply.publishedAt} />
                </span>
              </p>
              <div
                className="markdown prose social-timeline__content"
                dangerouslySetInnerHTML={{ __html: reply.contentHtml }}
              />
              {reply.mine ? (
                <button
                  className="button button--small button--secondary"
                  type="button"
                  disabled={busy === `delete:${reply.id}`}
                  onClick={() => void remove(reply)}
                >
                  Delete reply
                </button>
              ) : reply.url ? (
                <p className="social-timeline__link">
                  <a href={reply.url} rel="nofollow noopener ugc">
                    View on their server
                  </a>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
