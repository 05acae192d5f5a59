import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  PAGE_NOT_FOUND_MESSAGE,
  pageInputSchema,
  type PageStatus,
  type PublicationPage,
} from '../../../../../contracts/publication-pages';
import { slugFromTitle } from '../../../../../contracts/post-settings-rules';
import { AppLink } from '../../../components/ui/app-link';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { FormError } from '../../../components/ui/form-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { PageHead } from '../../../lib/head/page-head';
import { useApiResource } from '../../../lib/use-api-resource';
import { firstMessages, validate, type FormErrors } from '../../../lib/validate';
import { BlockEditor, BodyField, usePictureUploads, type BlockEditorHandle } from '../../editor';
import { deletePage, getPage, savePage } from '../api/pages';
import { managePublicationPath } from '../paths';
import '../publications.css';

const BODY_HINT =
  'The same Markdown as posts. Type / for blocks, or ## heading, - list, > quote. Alt+F10: toolbar.';

/**
 * /publication/page?slug=&id=, behind RequireAccount: one of a publication's pages (decision 83),
 * written by its owner or an editor in the posts' block editor. Without `id`, a new page.
 */
export function PageEditorPage() {
  const [params] = useSearchParams();
  const slug = (params.get('slug') ?? '').trim().toLowerCase();
  const id = params.get('id');
  const read = useCallback((signal: AbortSignal) => getPage(slug, id ?? '', signal), [slug, id]);
  const { resource, reload } = useApiResource(read, id !== null);
  const title = id ? 'Edit page' : 'New page';

  let body;
  if (id === null) body = <PageForm slug={slug} page={null} />;
  else if (resource.status === 'ready') body = <PageForm slug={slug} page={resource.value} />;
  else if (resource.status === 'failed')
    body =
      resource.httpStatus === 404 ? (
        <p>{PAGE_NOT_FOUND_MESSAGE}.</p>
      ) : (
        <ErrorRetry message={resource.message} onRetry={() => void reload()} />
      );
  else
    body = (
      <div aria-busy="true">
        <Skeleton className="skeleton--text skeleton--w-60" />
      </div>
    );
  return (
    <div className="page page--narrow publication-page">
      <PageHead title={title} noindex />
      <h1 className="publications-heading">{title}</h1>
      <p className="publication-page__back">
        <AppLink to={managePublicationPath(slug)}>Back to the publication</AppLink>
      </p>
      {body}
    </div>
  );
}

function PageForm({ slug, page }: { slug: string; page: PublicationPage | null }) {
  const navigate = useNavigate();
  const editorRef = useRef<BlockEditorHandle>(null);
  const pictures = usePictureUploads();
  const [title, setTitle] = useState(page?.title ?? '');
  const [address, setAddress] = useState(page?.slug ?? '');
  // Until the writer types an address, it follows the title.
  const [addressTyped, setAddressTyped] = useState(page !== null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<PageStatus | 'delete' | null>(null);
  const status = useRef<PageStatus>(page?.status ?? 'published');

  const clear = (field: string) => setErrors(({ [field]: _fixed, ...rest }) => rest);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const input = {
      title,
      slug: address,
      body: editorRef.current?.getMarkdown() ?? page?.body ?? '',
      status: status.current,
    };
    const checked = validate(pageInputSchema, input);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirst(form, checked.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    setPending(status.current);
    void savePage(slug, page?.id ?? null, checked.data).then((result) => {
      if (result.ok) {
        void navigate(managePublicationPath(slug), {
          state: {
            notice:
              result.data.status === 'published'
                ? `“${result.data.title}” is published.`
                : `“${result.data.title}” is saved as a draft.`,
          },
        });
        return;
      }
      setPending(null);
      const fields = firstMessages(result.error.fieldErrors);
      setErrors(fields);
      setFormError(result.error.message);
      focusFirst(form, fields);
    });
  };

  const remove = async () => {
    if (!page) return;
    setPending('delete');
    const result = await deletePage(slug, page.id);
    if (!result.ok) {
      setPending(null);
      setFormError(result.error.message);
      return;
    }
    void navigate(managePublicationPath(slug), { state: { notice: `“${page.title}” is deleted.` } });
  };

  return (
    <form className="form page-editor" noValidate onSubmit={onSubmit}>
      <TextField
        label="Title"
        name="title"
        value={title}
        error={errors.title}
        maxLength={120}
        onValueChange={(value) => {
          setTitle(value);
          clear('title');
          if (!addressTyped) setAddress(slugFromTitle(value)?.slice(0, 60).replace(/-+$/, '') ?? '');
        }}
      />
      <TextField
        label="Address"
        name="slug"
        hint="Read at /p/ followed by this, on the site: lower-case letters, digits and hyphens."
        value={address}
        error={errors.slug}
        maxLength={60}
        autoCapitalize="none"
        spellCheck={false}
        onValueChange={(value) => {
          setAddress(value);
          setAddressTyped(true);
          clear('slug');
        }}
      />
      <BodyField label="Body" hint={BODY_HINT} error={errors.body}>
        {({ labelId, describedBy, invalid }) => (
          <BlockEditor
            ref={editorRef}
            initialMarkdown={page?.body ?? ''}
            labelledBy={labelId}
            describedBy={describedBy}
            invalid={invalid}
            placeholder="What this page says…"
            onChange={() => clear('body')}
            onReady={() => undefined}
            upload={pictures.upload}
            copyRemote={pictures.copyRemote}
          />
        )}
      </BodyField>
      {pictures.message ? <p aria-live="polite">{pictures.message}</p> : null}
      <div className="page-editor__actions">
        <button
          className="button button--primary"
          type="submit"
          disabled={pending !== null}
          aria-busy={pending === 'published' || undefined}
          onClick={() => (status.current = 'published')}
        >
          {pending === 'published' ? 'Publishing…' : page?.status === 'published' ? 'Save' : 'Publish'}
        </button>
        <button
          className="button button--secondary"
          type="submit"
          disabled={pending !== null}
          aria-busy={pending === 'draft' || undefined}
          onClick={() => (status.current = 'draft')}
        >
          {page?.status === 'published' ? 'Unpublish' : 'Save as draft'}
        </button>
        {page ? (
          <button
            className="button button--secondary"
            type="button"
            disabled={pending !== null}
            onClick={() => void remove()}
          >
            Delete page
          </button>
        ) : null}
      </div>
      <FormError message={formError} />
    </form>
  );
}

/** Keyboard and screen-reader users land on the first field to fix. */
function focusFirst(form: HTMLFormElement, errors: FormErrors): void {
  for (const name of ['title', 'slug']) {
    const element = form.elements.namedItem(name);
    if (errors[name] !== undefined && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
  if (errors.body !== undefined) form.querySelector<HTMLElement>('[contenteditable="true"]')?.focus();
}
