import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import type { PostInput } from '../../../../../contracts/posts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/form-error';
import type { NewsletterChoice, PostDraftInput, PostSettingsKey, StudioPost } from '../../drafts';
import { useDraft, type PostAction, type SubmitPost } from '../hooks/use-draft';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { usePictureUploads } from '../hooks/use-picture-uploads';
import { BlockEditor } from './block-editor';
import { BodyField } from './body-field';
import { ConflictBanner } from './conflict-banner';
import { EditorActions } from './editor-actions';
import { LocalCopyBanner } from './local-copy-banner';
import { SaveStatus } from './save-status';
import { TitleField } from './title-field';
import '../editor.css';

const EditorPreview = lazy(() =>
  import('./editor-preview').then((module) => ({ default: module.EditorPreview })),
);
// Opened now and then: fetched when the writer asks for it, never with the page.
const VersionHistory = lazy(() =>
  import('./version-history').then((module) => ({ default: module.VersionHistory })),
);

export type { PostAction };

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
  submit: SubmitPost;
  /** Where the topics field of issue 9 sits, between the title and the body. */
  tagsSlot?: ReactNode;
  /** The cover picture of issue 10 §4, after the topics. */
  coverSlot?: ReactNode;
  /**
   * The page's own fields that autosave keeps with the words (the topics, a changed cover), so a
   * draft left without pressing a button keeps them too. A change to them is a change to save.
   */
  draftFields?: Pick<PostDraftInput, 'tags' | 'coverId' | 'seriesId' | PostSettingsKey>;
  /** A save reached the server (autosave or a button that stays on the page): what it sent, the post. */
  onSaved?: (sent: PostDraftInput, post: StudioPost) => void;
  /** The "Publish in" choice of issue 11, just above the buttons that send the post. */
  publicationSlot?: ReactNode;
  /** The newsletter list the post goes to, whose default choice the form starts at (decision 65). */
  newsletterList: string | null;
}

const BODY_HINT =
  'Type / for blocks, or Markdown: ## heading, - list, > quote, ``` code. Alt+F10: toolbar. Alt+Shift+↑/↓: move a block.';

/**
 * The writing page's form (issue 10): the plain one-line title, the block editor, live counts,
 * autosave with its status, and Publish / Schedule / Save draft / Unpublish. SPEC §5's 'Blog content
 * is required' under each empty field and SPEC §8's line under the form stay as they were. The
 * post's state lives in useDraft; each part of the form here only shows it.
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
  onSaved,
  publicationSlot,
  newsletterList,
}: PostFormProps) {
  // The writer's newsletter pick is kept with the draft like its topics: a scheduled post's
  // changed choice is saved at the next pause, without pressing Schedule again.
  const [newsletter, setNewsletter] = useState<NewsletterChoice | null>(null);
  const draft = useDraft({
    initialValues,
    post,
    submit,
    draftFields: { ...draftFields, ...(newsletter ? { newsletter } : {}) },
    onSaved,
  });
  const { autosave, stats, editorRef } = draft;
  const leave = useLeaveGuard(autosave, draft.isPublished, draft.leaving);
  const pictures = usePictureUploads();
  const [previewMarkdown, setPreviewMarkdown] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);

  // Enter in a field of the form (the link address, a picture's alt text, the schedule's date…)
  // asks the browser to send the form. Only the Publish button publishes: it is not a submit button,
  // and a submission is never sent anywhere.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

  return (
    <div className="post-form">
      <LocalCopyBanner postId={post?.id ?? null} initialValues={initialValues} onRestore={draft.restore} />
      {autosave.state.kind === 'conflict' ? (
        <ConflictBanner
          onTakeTheirs={() => void draft.takeTheirs()}
          onKeepMine={() => void autosave.keepMine()}
        />
      ) : null}
      <form ref={draft.formRef} className="post-form__form" noValidate onSubmit={onSubmit}>
        <TitleField
          value={draft.title}
          error={draft.errors.title}
          onValueChange={draft.setTitle}
          onEnter={() => editorRef.current?.focus()}
        />
        {tagsSlot}
        {coverSlot}
        <BodyField label="Content" hint={BODY_HINT} error={draft.errors.content}>
          {({ labelId, describedBy, invalid }) => (
            <BlockEditor
              ref={editorRef}
              initialMarkdown={initialValues.content}
              labelledBy={labelId}
              describedBy={describedBy}
              invalid={invalid}
              placeholder="Tell your story…"
              onChange={draft.onBodyChange}
              onReady={stats.recount}
              upload={pictures.upload}
              copyRemote={pictures.copyRemote}
            />
          )}
        </BodyField>
        <div className="editor-status">
          <p aria-live="polite">
            {stats.stats.words.toLocaleString('en-US')} {stats.stats.words === 1 ? 'word' : 'words'} ·{' '}
            {stats.stats.minutes} min read
          </p>
          <SaveStatus state={autosave.state} isPublished={draft.isPublished} />
          {autosave.postId ? (
            <button
              className="button button--secondary editor-status__history"
              type="button"
              aria-haspopup="dialog"
              onClick={() => setHistoryOpen(true)}
            >
              Version history
            </button>
          ) : null}
        </div>
        <p className="visually-hidden" role="status">
          {pictures.message}
        </p>
        {pictures.message ? (
          <p className="editor-help" aria-hidden="true">
            {pictures.message}
          </p>
        ) : null}
        {previewMarkdown !== null ? (
          <Suspense fallback={<p role="status">Rendering the preview…</p>}>
            <EditorPreview title={draft.title} markdown={previewMarkdown} />
          </Suspense>
        ) : null}
        {draft.notice ? (
          <p className="notice" role="status">
            {draft.notice}
          </p>
        ) : null}
        {publicationSlot}
        <EditorActions
          isPublished={draft.isPublished}
          canUnpublish={post !== null}
          pending={draft.pending}
          scheduledAt={draft.status === 'scheduled' ? (post?.publishedAt ?? null) : null}
          previewShown={previewMarkdown !== null}
          onTogglePreview={() =>
            setPreviewMarkdown(previewMarkdown === null ? draft.readValues().content || '' : null)
          }
          submitLabel={submitLabel}
          pendingLabel={pendingLabel}
          newsletterList={newsletterList}
          newsletter={{ saved: post?.newsletter ?? null, picked: newsletter, pick: setNewsletter }}
          readDraft={draft.readValues}
          run={(action) => void draft.run(action)}
        />
      </form>
      <FormError message={draft.formError} />
      {historyOpen && autosave.postId ? (
        <Suspense fallback={<p role="status">Opening the version history…</p>}>
          <VersionHistory
            postId={autosave.postId}
            readCurrent={draft.readValues}
            beforeRestore={autosave.flush}
            onRestored={(restored, notice) => {
              setHistoryOpen(false);
              void draft.restored(restored, notice);
            }}
            onClose={() => setHistoryOpen(false)}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={leave.asking}
        title="Leave this page?"
        confirmLabel="Leave"
        pendingLabel="Leaving…"
        pending={false}
        error={null}
        onConfirm={leave.leave}
        onCancel={leave.stay}
      >
        {draft.isPublished
          ? 'Your changes are not published yet. They stay on this device and are offered back when you return.'
          : 'Your latest changes could not be saved on the server. They stay on this device and are offered back when you return.'}
      </ConfirmDialog>
    </div>
  );
}
