import { useCallback, type ReactNode } from 'react';
import type { NewsletterChoice } from '../../drafts';
import { EmailPreviewActions } from '../../newsletters';
import { Spinner } from '../../../components/ui/spinner';
import { useApiResource } from '../../../lib/use-api-resource';
import { useHydrated } from '../../../lib/use-hydrated';
import { readDefaultDelivery } from '../api/default-delivery';
import type { PostAction } from '../hooks/use-draft';
import { NewsletterChoiceControl } from './newsletter-choice';
import { ScheduleControl } from './schedule-control';

/**
 * The form's buttons: Preview, then Unpublish for a published post or Save draft and Schedule for
 * the others, then Publish (or Update). None is a submit button (see the form's onSubmit).
 */
export function EditorActions({
  isPublished,
  canUnpublish,
  pending,
  scheduledAt,
  previewShown,
  onTogglePreview,
  submitLabel,
  pendingLabel,
  newsletterList,
  newsletter: choice,
  readDraft,
  run,
}: {
  isPublished: boolean;
  canUnpublish: boolean;
  pending: PostAction['kind'] | null;
  /** The time a scheduled post goes out, shown in the schedule control. */
  scheduledAt: string | null;
  previewShown: boolean;
  onTogglePreview: () => void;
  submitLabel: string;
  pendingLabel: string;
  /** The list the post goes to (a publication's address, or the writer's id for their blog). */
  newsletterList: string | null;
  /** The choice the post was saved with, the writer's pick since, and how to pick. */
  newsletter: {
    saved: NewsletterChoice | null;
    picked: NewsletterChoice | null;
    pick: (choice: NewsletterChoice) => void;
  };
  /** The title and Markdown as they are now, for the email's preview and test. */
  readDraft: () => { title: string; content: string };
  run: (action: PostAction) => void;
}) {
  const busy = pending !== null;
  const newsletter = useNewsletterChoice(newsletterList, !isPublished && choice.saved === null, choice);
  return (
    <>
      {isPublished ? null : (
        <NewsletterChoiceControl value={newsletter.value} disabled={busy} onChange={choice.pick} />
      )}
      {isPublished || newsletterList === null ? null : (
        <EmailPreviewActions list={newsletterList} readDraft={readDraft} disabled={busy} />
      )}
      <div className="editor-actions">
        <button
          type="button"
          className="button button--secondary"
          aria-pressed={previewShown}
          onClick={onTogglePreview}
        >
          {previewShown ? 'Hide preview' : 'Preview'}
        </button>
        {isPublished && canUnpublish ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => run({ kind: 'unpublish' })}
          >
            {pending === 'unpublish' ? 'Unpublishing…' : 'Unpublish'}
          </button>
        ) : (
          <>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => run({ kind: 'draft' })}
            >
              {pending === 'draft' ? 'Saving…' : 'Save draft'}
            </button>
            <ScheduleControl
              disabled={busy}
              pending={pending === 'schedule'}
              initial={scheduledAt}
              onSchedule={(publishAt) => run({ kind: 'schedule', publishAt, ...newsletter.toSend })}
            />
          </>
        )}
        <PublishButton
          pending={pending === 'publish'}
          pendingLabel={isPublished ? pendingLabel : 'Publishing…'}
          onPress={() => run(isPublished ? { kind: 'publish' } : { kind: 'publish', ...newsletter.toSend })}
        >
          {isPublished ? submitLabel : 'Publish'}
        </PublishButton>
      </div>
    </>
  );
}

/**
 * The choice shown: the writer's pick, else the one the post was saved with (a scheduled post),
 * else their list's default once read (decision 65). Until the default is known no radio is
 * checked and nothing is sent, so the server applies the same default; a list the default cannot
 * be read for (a post's publication the writer left) does too.
 */
function useNewsletterChoice(
  list: string | null,
  readDefault: boolean,
  { saved, picked }: { saved: NewsletterChoice | null; picked: NewsletterChoice | null },
) {
  const read = useCallback(
    (signal: AbortSignal) =>
      list === null ? Promise.resolve({ ok: true as const, data: null }) : readDefaultDelivery(list, signal),
    [list],
  );
  const { resource } = useApiResource(read, readDefault);
  // A pick outlives a move to another list: what the writer chose stays what they see.
  const value = picked ?? saved ?? (resource.status === 'ready' ? resource.value : null);
  return {
    value,
    toSend: value === null ? {} : { newsletter: value },
  };
}

/**
 * Publish (or Update): a plain button, so that no key pressed in a field can publish a draft. It
 * waits for the page's script like the other forms' submit buttons, and shows its progress.
 */
function PublishButton({
  children,
  pending,
  pendingLabel,
  onPress,
}: {
  children: ReactNode;
  pending: boolean;
  pendingLabel: string;
  onPress: () => void;
}) {
  const hydrated = useHydrated();
  if (pending) {
    return (
      <button
        className="button button--primary editor-actions__publish"
        type="button"
        disabled
        aria-busy="true"
      >
        <Spinner />
        <span>{pendingLabel}</span>
      </button>
    );
  }
  return (
    <button
      className="button button--primary editor-actions__publish"
      type="button"
      disabled={!hydrated}
      onClick={onPress}
    >
      {children}
    </button>
  );
}
