import { useCallback, useEffect, useRef, useState } from 'react';
import type { PostInput } from '../../../../../contracts/posts';
import { NO_RESPONSE_MESSAGE, type ApiFailure } from '../../../lib/api-client';
import type { FormErrors, Validation } from '../../../lib/validate';
import {
  editPostPath,
  type PostDraftInput,
  type PostSettingsKey,
  type PostStatus,
  type SaveAction,
  type StudioPost,
} from '../../drafts';
import { importPostRules } from '../../posts';
import type { BlockEditorHandle } from '../components/block-editor';
import { writeLastNewDraft, type LocalCopy } from '../lib/local-copy';
import { useAutosave } from './use-autosave';
import { useWritingStats } from './use-writing-stats';

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

/** What a button of the form asks the page to do with the post. */
export type PostAction = SaveAction;

export type SubmitPost = (
  input: PostInput,
  action: PostAction,
  current: { postId: string | null; version: number | null },
) => Promise<ApiFailure | { ok: true; post: StudioPost | null; leaving: boolean }>;

export interface DraftOptions {
  initialValues: PostInput;
  /** The post on /updateblog; null on /addblog. */
  post: StudioPost | null;
  submit: SubmitPost;
  /** The page's own fields that autosave keeps with the words (the topics, a changed cover). */
  draftFields?: Pick<PostDraftInput, 'tags' | 'coverId' | 'newsletter' | 'seriesId' | PostSettingsKey>;
  /** A save reached the server, by autosave or a button: what it sent with the words, and the post. */
  onSaved?: (sent: PostDraftInput, post: StudioPost) => void;
}

function errorsOf(failure: ApiFailure): FormErrors {
  const errors: FormErrors = {};
  for (const [field, messages] of Object.entries(failure.fieldErrors))
    if (messages[0]) errors[field] = messages[0];
  return errors;
}

/**
 * The state of the post being written: its title and body, autosave, the checks of SPEC §5 and the
 * publish / schedule / save / unpublish actions with what they answered. The form's fields only
 * show it and report changes.
 */
export function useDraft({ initialValues, post, submit, draftFields, onSaved }: DraftOptions) {
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
    onSaved,
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

  const onBodyChange = useCallback(() => {
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
    // What the page sends with the words is what it gives autosave (the page's submit reads the same).
    const sent = readDraft();
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
    if (outcome.post) {
      autosave.settled(outcome.post);
      if (!outcome.leaving) onSaved?.(sent, outcome.post);
    }
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

  /** Brings back the copy kept on this device (the banner's "Restore them"). */
  const restore = async (copy: LocalCopy) => {
    setTitleValue(copy.title);
    await editorRef.current?.setMarkdown(copy.content);
    if (copy.postId && !post) autosave.adopt(copy.postId, copy.version);
    autosave.changed();
    stats.schedule();
  };

  /** The post as the server now has it, in place of the writer's text (a newer one, a restore). */
  const show = async (newest: StudioPost) => {
    setTitle(newest.title);
    titleRef.current = newest.title;
    await editorRef.current?.setMarkdown(newest.content);
    setStatus(newest.status ?? 'draft');
    setFormError(null);
    autosave.settled(newest);
    stats.schedule();
  };

  /** Another tab saved a newer version: load it in place of the writer's. */
  const takeTheirs = async () => {
    const newest = await autosave.takeTheirs();
    if (newest) await show(newest);
  };

  /** A version restored from the history: the editor shows it, and says so. */
  const restored = async (post: StudioPost, notice: string) => {
    await show(post);
    setNotice(notice);
  };

  return {
    formRef,
    editorRef,
    title,
    setTitle: setTitleValue,
    status,
    isPublished: status === 'published',
    errors,
    formError,
    pending,
    notice,
    autosave,
    stats,
    leaving,
    readValues,
    onBodyChange,
    run,
    restore,
    takeTheirs,
    restored,
  };
}
