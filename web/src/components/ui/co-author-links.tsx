import { Fragment } from 'react';
import type { Author } from '../../../../contracts/posts';
import { profilePath } from '../../lib/paths';
import { AppLink } from './app-link';

/**
 * The co-authors after a byline's first author (docs/decisions/0085-co-authors.md), each a link to
 * their profile, joined as words are: "Ada and Bo", "Ada, Bo and Cy". Nothing for a post with one
 * author, so every byline keeps its shape.
 */
export function CoAuthorLinks({ coAuthors, className }: { coAuthors?: Author[]; className?: string }) {
  if (!coAuthors || coAuthors.length === 0) return null;
  return (
    <>
      {coAuthors.map((author, index) => (
        <Fragment key={author.id}>
          {index === coAuthors.length - 1 ? ' and ' : ', '}
          <AppLink className={className} to={profilePath(author)}>
            {author.username}
          </AppLink>
        </Fragment>
      ))}
    </>
  );
}

/** A post's authors after its first; absent when it has one, so lists' data stay as small as before. */
export function coAuthorsOf(post: { authors?: Author[] }): Author[] | undefined {
  return post.authors && post.authors.length > 1 ? post.authors.slice(1) : undefined;
}
