import { useId, useState, type FormEvent } from 'react';
import type { Comment } from '../../../../../contracts/comments';
import {
  TESTIMONIAL_QUOTE_MAX,
  TESTIMONIALS_MAX,
  type TargetKind,
  type Testimonial,
} from '../../../../../contracts/moderation';
import { markdownToPlainText } from '../../../../../contracts/plain-text';
import type { ReadablePost } from '../../../../../contracts/posts';
import { AppLink } from '../../../components/ui/app-link';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useApiResource } from '../../../lib/use-api-resource';
import { getComments } from '../../comments';
import { canonicalPostPath } from '../../../lib/paths';
import { getPost } from '../../posts';
import { getTestimonials, setTestimonials } from '../api/admin';
import { postIdFrom } from '../target-reference';
import { AdminResource } from './admin-resource';
import { AdminStatus } from './admin-status';
import { OrderedList } from './ordered-list';

interface Source {
  kind: TargetKind;
  id: string;
  author: string;
  /** What readers see of it: the quote must be words from here. */
  text: string;
}

/** The opening of a text, cut at a word within the quote's limit: a first suggestion to edit. */
function openingOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= TESTIMONIAL_QUOTE_MAX) return flat;
  const cut = flat.slice(0, TESTIMONIAL_QUOTE_MAX);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trim();
}

const toInput = (items: Testimonial[]) =>
  items.map((item) => ({ source: { kind: item.source.kind, id: item.source.id }, quote: item.quote }));

/**
 * The landing page's wall of testimonials: quotes from real posts and comments of this instance,
 * each linked to its source and naming its author. Nothing is shown until an operator chooses one.
 * To add one: find the post, choose the post itself or one of its comments, keep the words to quote.
 */
export function TestimonialsSection() {
  const headingId = useId();
  const { resource, reload, update } = useApiResource(getTestimonials);
  const [reference, setReference] = useState('');
  const [lookupError, setLookupError] = useState<string | undefined>(undefined);
  const [looking, setLooking] = useState(false);
  const [found, setFound] = useState<{ post: ReadablePost; sources: Source[] } | null>(null);
  const [chosen, setChosen] = useState<Source | null>(null);
  const [quote, setQuote] = useState('');
  const [quoteError, setQuoteError] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const items = resource.status === 'ready' ? resource.value : [];

  const save = async (next: ReturnType<typeof toInput>, said: string): Promise<boolean> => {
    setSaving(true);
    setError(null);
    setMessage('');
    const result = await setTestimonials({ testimonials: next });
    setSaving(false);
    if (!result.ok) {
      const fieldError = Object.values(result.error.fieldErrors)[0]?.[0];
      setError(fieldError ? `Error: ${fieldError}` : result.error.message);
      return false;
    }
    update(() => result.data);
    setMessage(said);
    return true;
  };

  const lookUp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = postIdFrom(reference);
    if (id === null) {
      setLookupError("Paste a post's link or id");
      return;
    }
    setLookupError(undefined);
    setLooking(true);
    const [post, comments] = await Promise.all([getPost(id), getComments(id, null)]);
    setLooking(false);
    if (!post.ok) {
      setLookupError(post.error.status === 404 ? 'No public post has that link' : post.error.message);
      return;
    }
    const listed: Comment[] = comments.ok
      ? comments.data.response.flatMap((comment) => [comment, ...(comment.replies ?? [])])
      : [];
    const sources: Source[] = [
      {
        kind: 'post',
        id: post.data.id,
        author: post.data.author.username,
        text: markdownToPlainText(post.data.content),
      },
      ...listed
        .filter((comment) => !comment.deleted && comment.author !== null)
        .map((comment) => ({
          kind: 'comment' as const,
          id: comment.id,
          author: comment.author?.username ?? '',
          text: markdownToPlainText(comment.body),
        })),
    ];
    setFound({ post: post.data, sources });
    setChosen(null);
    setQuote('');
  };

  const choose = (source: Source) => {
    setChosen(source);
    setQuote(openingOf(source.text));
    setQuoteError(undefined);
  };

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) return;
    if (quote.trim() === '') {
      setQuoteError('Quote is required');
      return;
    }
    const next = [...toInput(items), { source: { kind: chosen.kind, id: chosen.id }, quote: quote.trim() }];
    if (await save(next, 'Testimonial added to the landing page')) {
      setFound(null);
      setChosen(null);
      setReference('');
      setQuote('');
    }
  };

  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 className="admin-section__title" id={headingId}>
        Testimonials
      </h2>
      <p className="admin-section__lead">
        Up to {TESTIMONIALS_MAX} quotes on the <AppLink to="/">landing page</AppLink>, each from a public post
        or comment here, linked to it and signed by its writer. With none, the landing page has no
        testimonials.
      </p>
      <AdminStatus message={message} error={error} />
      <AdminResource resource={resource} reload={reload} loadingLabel="Loading the testimonials">
        {() =>
          items.length === 0 ? (
            <p className="admin__empty">No testimonials chosen: the landing page shows none.</p>
          ) : (
            <OrderedList
              items={items}
              keyOf={(item) => item.id}
              nameOf={(item) => item.quote.slice(0, 40)}
              busy={saving}
              onChange={(next) => void save(toInput(next), 'Testimonials saved')}
              renderItem={(item) => (
                <figure className="admin-quote">
                  <blockquote>“{item.quote}”</blockquote>
                  <figcaption className="admin-card__meta">
                    {item.author.username}, {item.source.kind === 'post' ? 'in' : 'commenting on'}{' '}
                    <AppLink to={canonicalPostPath(item.source.postId)}>{item.source.postTitle}</AppLink>
                  </figcaption>
                </figure>
              )}
            />
          )
        }
      </AdminResource>
      {items.length < TESTIMONIALS_MAX && resource.status === 'ready' ? (
        <div className="admin-subsection">
          <h3 className="admin-subsection__title">Add a testimonial</h3>
          <form className="admin-search" noValidate onSubmit={(event) => void lookUp(event)}>
            <TextField
              label="The post it comes from"
              name="post"
              hint="Paste its link (…/readblog?id=…) or its id; then choose the post or one of its comments."
              value={reference}
              onValueChange={setReference}
              error={lookupError}
              autoComplete="off"
            />
            <button className="button button--secondary" type="submit" disabled={looking}>
              {looking ? 'Finding…' : 'Find'}
            </button>
          </form>
          {found ? (
            <form className="form admin-form" noValidate onSubmit={(event) => void add(event)}>
              <fieldset className="choice-group">
                <legend className="choice-group__legend">Quote from “{found.post.title}”</legend>
                {found.sources.map((source) => (
                  <label className="choice" key={source.id}>
                    <input
                      type="radio"
                      name="source"
                      value={source.id}
                      checked={chosen?.id === source.id}
                      onChange={() => choose(source)}
                    />
                    <span>
                      <strong>
                        {source.kind === 'post'
                          ? `The post, by ${source.author}`
                          : `${source.author}'s comment`}
                      </strong>
                      <span className="choice__detail">{openingOf(source.text).slice(0, 140)}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
              {chosen ? (
                <>
                  <TextAreaField
                    label="The words to quote"
                    name="quote"
                    hint={`Words ${chosen.author} wrote, as they wrote them; at most ${TESTIMONIAL_QUOTE_MAX} characters.`}
                    rows={3}
                    maxLength={TESTIMONIAL_QUOTE_MAX}
                    value={quote}
                    onValueChange={(value) => {
                      setQuote(value);
                      setQuoteError(undefined);
                    }}
                    error={quoteError}
                  />
                  <button className="button button--primary" type="submit" disabled={saving}>
                    {saving ? 'Adding…' : 'Add to the landing page'}
                  </button>
                </>
              ) : null}
            </form>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
