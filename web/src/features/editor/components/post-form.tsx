import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useBlocker } from 'react-router';
import type { PostInput } from '../../../../../contracts/posts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { NO_RESPONSE_MESSAGE, type ApiFailure } from '../../../lib/api-client';
import { useHydrated } from '../../../lib/use-hydrated';
import type { FormErrors, Validation } from '../../../lib/validate';
import { AppLink } from '../../../components/ui/app-link';
import type { PostDraftInput, SaveAction } from '../../drafts';
import type { PostStatus, StudioPost } from '../../drafts';
import { copyRemoteMedia, uploadMedia } from '../../../lib/upload-media';
import { BlockEditor, type BlockEditorHandle } from './block-editor';
import { BodyField } from './body-field';
import { SaveStatus } from './save-status';
import { ScheduleControl } from './schedule-control';
import { useAutosave } from '../hooks/use-autosave';
import { useWritingStats } from '../hooks/use-writing-stats';
import {
  localCopyKey,
  readLastNewDraft,
  readLocalCopy,
  removeLocalCopy,
  writeLastNewDraft,
  type LocalCopy,
} from '../lib/local-copy';
import { editPostPath } from '../../drafts';
import '../editor.css';
import { importPostRules } from '../../posts';

type PostRules = Awaited<ReturnType<typeof importPostRules>>;
/**
 * The post's checks and Zod under them (post-rules.ts, about 21 KB on the wire), fetched at the
 * writer's first change or at Publish rather than with the page; once here they run synchronously.
 */
let postRules: PostRules | undefined;
let postRulesLoading: Promise<PostRules> | undefined;
function loadPostRules(): Promise<PostRules> {
  postRulesLoading ??= importPostRules().then(
    (module) => (postRules = module),
    (error: unknown) => {
      // Offline: the next change or Publish asks again.
      postRulesLoading = undefined;
      throw error;
    },
  );
  return postRulesLoading;
}
const prefetchPostRules = () => void loadPostRules().catch(() => undefined);

const EditorPreview = lazy(() =>
  import('./editor-preview').then((module) => ({ default: module.EditorPreview })),
);

/** What a button of the form asks the page to do with the post. */
export type PostAction = SaveAction;

export interface PostFormProps {
  initialValues: PostInput;
  /** The post on /updateblog; null on /addblog. */
  post: StudioPost | null;
  /** 'Publish' or 'Update' (SPEC §2, with PRODUCT fix 1's spelling); a draft's button always says Publish. */
  submitLabel: string;
  pendingLabel: string;
  /**
   * Sends the post with what the writer asked for, given its current id and version (a draft may
   * have been saved on the way). Resolves with a failure to show, or null once it is navigating away
   * or done.
   */
  submit: (
    input: PostInput,
    action: PostAction,
    current: { postId: string | null; version: number | null },
  ) => Promise<ApiFailure | { ok: true; post: StudioPost | null; leaving: boolean }>;
  /** Where the topics field of issue 9 sits, between the title and the body. */
  tagsSlot?: ReactNode;
  /** The cover picture of issue 10 §4, after the topics. */
  coverSlot?: ReactNode;
  /**
   * The page's own fields that autosave keeps with the words (the topics, a changed cover), so a
   * draft left without pressing a button keeps them too. A change to them is a change to save.
   */
  draftFields?: Pick<PostDraftInput, 'tags' | 'coverId'>;
  /** The "Publish in" choice of issue 11, just above the buttons that send the post. */
  publicationSlot?: ReactNode;
}

const BODY_HINT =
  'Type / for blocks, or Markdown: ## heading, - list, > quote, ``` code. Alt+F10: toolbar. Alt+Shift+↑/↓: move a block.';

function errorsOf(failure: ApiFailure): FormErrors {
  const errors: FormErrors = {};
  for (const [field, messages] of Object.entries(failure.fieldErrors))
    if (messages[0]) errors[field] = messages[0];
  return errors;
}

/**
 * The writing page's form (issue 10): the plain one-line title, the block editor, live counts,
 * autosave with its status, and Publish / Schedule / Save draft / Unpublish. SPEC §5's 'Blog content
 * is required' under each empty field and SPEC §8's line under the form stay as they were.
 */
export function PostForm({
  initialValues,
  post,
  submitLabel,
  pendingLabel,
  submit,
  tagsSlot,
  coverSlot,
  draftFields,
  publicationSlot,
}: PostFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const editorRef = useRef<BlockEditorHandle>(null);
  const [title, setTitle] = useState(initialValues.title);
  const titleRef = useRef(title);
  titleRef.current = title;
  const [status, setStatus] = useState<PostStatus>(post?.status ?? 'draft');
  const [attempted, setAttempted] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<PostAction['kind'] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [uploadMessage, setUploadMessage] = useState<string | null>(null);
  const [previewMarkdown, setPreviewMarkdown] = useState<string | null>(null);
  const leaving = useRef(false);
  const checking = useRef(false);

  const readValues = useCallback(
    (): PostInput => ({
      title: titleRef.current,
      content: editorRef.current?.getMarkdown() ?? initialValues.content,
    }),
    [initialValues.content],
  );

  const draftFieldsRef = useRef(draftFields);
  draftFieldsRef.current = draftFields;
  const readDraft = useCallback(
    (): PostDraftInput => ({ ...readValues(), ...draftFieldsRef.current }),
    [readValues],
  );

  const autosave = useAutosave({
    postId: post?.id ?? null,
    version: post?.version ?? null,
    serverSaves: status !== 'published',
    read: readDraft,
  });

  // A new post's first save makes it a draft with an address of its own: the page's address becomes
  // it in place (the same history entry), so a reload or a bookmark opens the draft, not an empty
  // form. The page is not navigated: the writer goes on typing in the same editor.
  const newDraftId = post ? null : autosave.postId;
  useEffect(() => {
    if (!newDraftId || leaving.current) return;
    const address = editPostPath(newDraftId);
    if (window.location.pathname + window.location.search === address) return;
    // The router's own entry state is kept, so Back and Forward still find their pages.
    window.history.replaceState(window.history.state, '', address);
  }, [newDraftId]);

  // The topics or the cover changed: saved at the next pause, like a keystroke.
  const draftFieldsKey = JSON.stringify(draftFields ?? {});
  const savedFieldsKey = useRef(draftFieldsKey);
  const { changed } = autosave;
  useEffect(() => {
    if (savedFieldsKey.current === draftFieldsKey) return;
    savedFieldsKey.current = draftFieldsKey;
    changed();
  }, [draftFieldsKey, changed]);
  const stats = useWritingStats(() => editorRef.current?.getText() ?? '');

  // The copy kept on this device last time, offered back when it differs from the server's.
  const [offer, setOffer] = useState<LocalCopy | null>(null);
  const [continueDraft, setContinueDraft] = useState(() => (post ? null : readLastNewDraft()));
  useEffect(() => {
    const copy = readLocalCopy(localCopyKey(post?.id ?? null));
    if (copy && (copy.title !== initialValues.title || copy.content !== initialValues.content))
      setOffer(copy);
    if (copy) setContinueDraft(null);
  }, [post?.id, initialValues.title, initialValues.content]);

  const onChange = useCallback(() => {
    autosave.changed();
    stats.schedule();
    prefetchPostRules();
    // Only the first keystroke after an error changes anything: the others leave the form as it is.
    if (attempted)
      setErrors((current) =>
        current.content === undefined ? current : { ...current, content: undefined as unknown as string },
      );
  }, [autosave, stats, attempted]);

  const setTitleValue = (value: string) => {
    const next = value.replace(/\r?\n/g, ' ');
    setTitle(next);
    titleRef.current = next;
    autosave.changed();
    prefetchPostRules();
    // A failed Publish loaded the checks, so they are here whenever `attempted` is.
    if (attempted && postRules) {
      const result = postRules.validatePost(readValues());
      setErrors(result.ok ? {} : result.errors);
    }
  };

  // A title is one line: Enter moves on to the body instead of breaking it.
  const onTitleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    editorRef.current?.focus();
  };

  const run = async (action: PostAction) => {
    // `checking`: a second click while the checks are still being fetched must not send twice.
    if (pending || checking.current) return;
    const values = readValues();
    // A draft may be saved unfinished; what goes out to readers needs a title and content (SPEC §5).
    const needsBoth = action.kind === 'publish' || action.kind === 'schedule';
    if (needsBoth) setAttempted(true);
    let result: Validation<PostInput> = { ok: true, data: values };
    if (needsBoth) {
      checking.current = true;
      try {
        result = (postRules ?? (await loadPostRules())).validatePost(values);
      } catch {
        // The checks could not be fetched: nor could the post be sent.
        setFormError(NO_RESPONSE_MESSAGE);
        return;
      } finally {
        checking.current = false;
      }
    }
    if (!result.ok) {
      setErrors(result.errors);
      setFormError(result.errors.form ?? null);
      if (result.errors.title) formRef.current?.querySelector<HTMLElement>('[name="title"]')?.focus();
      else if (result.errors.content) editorRef.current?.focus();
      return;
    }
    setErrors({});
    setFormError(null);
    setNotice(null);
    setPending(action.kind);
    const outcome = await submit(result.data, action, { postId: autosave.postId, version: autosave.version });
    if ('kind' in outcome) {
      setPending(null);
      if (outcome.status === 409) {
        setFormError(
          'This post was changed in another tab or on another device. Choose below which version to keep.',
        );
        await autosave.flush();
      } else {
        setFormError(outcome.message);
        setErrors(errorsOf(outcome));
      }
      return;
    }
    if (outcome.post) autosave.settled(outcome.post);
    if (action.kind === 'publish' || action.kind === 'schedule') writeLastNewDraft(null);
    if (outcome.leaving) {
      leaving.current = true;
      autosave.stop();
      return;
    }
    setPending(null);
    if (outcome.post) setStatus(outcome.post.status);
    if (action.kind === 'unpublish') setNotice('Unpublished: the post is a draft again, seen only by you.');
    if (action.kind === 'draft') setNotice('Draft saved.');
  };

  // Enter in a field of the form (the link address, a picture's alt text, the schedule's date…)
  // asks the browser to send the form. Only the Publish button publishes: it is not a submit button,
  // and a submission is never sent anywhere.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

  // Issue 10 §2: leaving with unsaved changes asks first. In-app navigation saves on the way out and
  // goes on by itself once the server has everything.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current &&
      autosave.dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const [leaveSaving, setLeaveSaving] = useState(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || status === 'published') return;
    setLeaveSaving(true);
    void autosave.flush().then(() => setLeaveSaving(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per blocked navigation
  }, [blocker.state]);
  useEffect(() => {
    if (blocker.state === 'blocked' && !leaveSaving && !autosave.dirty) blocker.proceed();
  }, [blocker, leaveSaving, autosave.dirty]);

  useEffect(() => {
    if (!autosave.dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers need a returnValue to show their own question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [autosave.dirty]);

  const upload = useCallback(async (file: File) => {
    setUploadMessage(`Uploading ${file.name || 'image'}…`);
    const result = await uploadMedia(file);
    setUploadMessage(
      result.ok
        ? 'Image added. Select it to give it alt text and a caption.'
        : `Image not added: ${result.message}`,
    );
    return result.ok ? { url: result.media.url } : null;
  }, []);

  // The pictures of a paste from a web page are copied in; one that cannot be becomes a link, and
  // the note says which and why (it stays until the next picture is added).
  const copyRemote = useCallback(async (addresses: string[]) => {
    const count = addresses.length;
    setUploadMessage(`Copying ${count === 1 ? 'a picture' : `${count} pictures`} from the pasted page…`);
    const results = await Promise.all(addresses.map((address) => copyRemoteMedia(address)));
    const failures = results.flatMap((result, index) =>
      result.ok ? [] : [`${addresses[index]} (${result.message})`],
    );
    setUploadMessage(
      failures.length === 0
        ? `${count === 1 ? 'Picture' : 'Pictures'} copied from the pasted page. Select one to give it alt text and a caption.`
        : `${failures.length === 1 ? 'A picture was' : `${failures.length} pictures were`} not copied and ${failures.length === 1 ? 'is' : 'are'} kept as a link: ${failures.join('; ')}.`,
    );
    return results.map((result) => (result.ok ? { url: result.media.url } : null));
  }, []);

  const restore = async (copy: LocalCopy) => {
    setTitleValue(copy.title);
    await editorRef.current?.setMarkdown(copy.content);
    if (copy.postId && !post) autosave.adopt(copy.postId, copy.version);
    setOffer(null);
    autosave.changed();
    stats.schedule();
  };

  const takeTheirs = async () => {
    const newest = await autosave.takeTheirs();
    if (!newest) return;
    setTitle(newest.title);
    titleRef.current = newest.title;
    await editorRef.current?.setMarkdown(newest.content);
    setStatus(newest.status ?? 'draft');
    setFormError(null);
    autosave.settled(newest);
  };

  const editorBusy = pending !== null;
  const isPublished = status === 'published';

  return (
    <div className="post-form">
      {offer ? (
        <div className="editor-banner" role="region" aria-label="Unsaved changes">
          <p>
            Changes from {new Date(offer.savedAt).toLocaleString()} were kept on this device and never reached
            the server.
          </p>
          <div className="editor-banner__actions">
            <button type="button" className="button button--primary" onClick={() => void restore(offer)}>
              Restore them
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                removeLocalCopy(localCopyKey(post?.id ?? null));
                setOffer(null);
              }}
            >
              Discard them
            </button>
          </div>
        </div>
      ) : continueDraft ? (
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
      ) : null}
      {autosave.state.kind === 'conflict' ? (
        <div className="editor-banner" role="alert">
          <p>
            This post was changed in another tab or on another device since you opened it. Your version is
            kept on this device; nothing was overwritten.
          </p>
          <div className="editor-banner__actions">
            <button type="button" className="button button--secondary" onClick={() => void takeTheirs()}>
              Load the newer version
            </button>
            <button type="button" className="button button--primary" onClick={() => void autosave.keepMine()}>
              Keep mine and save over it
            </button>
          </div>
        </div>
      ) : null}
      <form ref={formRef} className="post-form__form" noValidate onSubmit={onSubmit}>
        <TextAreaField
          label="Title"
          name="title"
          rows={1}
          placeholder="Title"
          inputClassName="post-form__title"
          value={title}
          onValueChange={setTitleValue}
          onKeyDown={onTitleKeyDown}
          error={errors.title}
        />
        {tagsSlot}
        {coverSlot}
        <BodyField label="Content" hint={BODY_HINT} error={errors.content}>
          {({ labelId, describedBy, invalid }) => (
            <BlockEditor
              ref={editorRef}
              initialMarkdown={initialValues.content}
              labelledBy={labelId}
              describedBy={describedBy}
              invalid={invalid}
              placeholder="Tell your story…"
              onChange={onChange}
              onReady={stats.recount}
              upload={upload}
              copyRemote={copyRemote}
            />
          )}
        </BodyField>
        <div className="editor-status">
          <p aria-live="polite">
            {stats.stats.words.toLocaleString('en-US')} {stats.stats.words === 1 ? 'word' : 'words'} ·{' '}
            {stats.stats.minutes} min read
          </p>
          <SaveStatus state={autosave.state} isPublished={isPublished} />
        </div>
        <p className="visually-hidden" role="status">
          {uploadMessage}
        </p>
        {uploadMessage ? (
          <p className="editor-help" aria-hidden="true">
            {uploadMessage}
          </p>
        ) : null}
        {previewMarkdown !== null ? (
          <Suspense fallback={<p role="status">Rendering the preview…</p>}>
            <EditorPreview title={title} markdown={previewMarkdown} />
          </Suspense>
        ) : null}
        {notice ? (
          <p className="notice" role="status">
            {notice}
          </p>
        ) : null}
        {publicationSlot}
        <div className="editor-actions">
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={previewMarkdown !== null}
            onClick={() => setPreviewMarkdown(previewMarkdown === null ? readValues().content || '' : null)}
          >
            {previewMarkdown === null ? 'Preview' : 'Hide preview'}
          </button>
          {isPublished && post ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={editorBusy}
              onClick={() => void run({ kind: 'unpublish' })}
            >
              {pending === 'unpublish' ? 'Unpublishing…' : 'Unpublish'}
            </button>
          ) : (
            <>
              <button
                type="button"
                className="button button--secondary"
                disabled={editorBusy}
                onClick={() => void run({ kind: 'draft' })}
              >
                {pending === 'draft' ? 'Saving…' : 'Save draft'}
              </button>
              <ScheduleControl
                disabled={editorBusy}
                pending={pending === 'schedule'}
                initial={status === 'scheduled' ? (post?.publishedAt ?? null) : null}
                onSchedule={(publishAt) => void run({ kind: 'schedule', publishAt })}
              />
            </>
          )}
          <PublishButton
            pending={pending === 'publish'}
            pendingLabel={isPublished ? pendingLabel : 'Publishing…'}
            onPress={() => void run({ kind: 'publish' })}
          >
            {isPublished ? submitLabel : 'Publish'}
          </PublishButton>
        </div>
      </form>
      <FormError message={formError} />
      <ConfirmDialog
        open={blocker.state === 'blocked' && !leaveSaving && autosave.dirty}
        title="Leave this page?"
        confirmLabel="Leave"
        pendingLabel="Leaving…"
        pending={false}
        error={null}
        onConfirm={() => {
          leaving.current = true;
          autosave.stop();
          blocker.proceed?.();
        }}
        onCancel={() => blocker.reset?.()}
      >
        {isPublished
          ? 'Your changes are not published yet. They stay on this device and are offered back when you return.'
          : 'Your latest changes could not be saved on the server. They stay on this device and are offered back when you return.'}
      </ConfirmDialog>
    </div>
  );
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
