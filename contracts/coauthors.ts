import type { Author, PostStatus } from './posts';

/*
 * Co-authors (docs/decisions/0085-co-authors.md): a post has up to four authors. The first wrote
 * it (`authorId`, `author`) and alone deletes it, moves it or changes its authors; the others are
 * writers it invited who accepted, and edit it like the first. No Zod here: the writing page's
 * Authors section imports these words and types without it (the routes hold the input schema).
 */

/** A post's authors, the first included. */
export const MAX_AUTHORS = 4;

export const WHO_REQUIRED_MESSAGE = 'A handle or name is required';
export const WHO_TOO_LONG_MESSAGE = 'A handle or name must be at most 80 characters';
export const WRITER_NOT_FOUND_MESSAGE = 'No writer has this handle or name';
export const ALREADY_AUTHOR_MESSAGE = 'This writer is already an author of this post';
export const ALREADY_INVITED_MESSAGE = 'This writer is already invited to co-write this post';
export const TOO_MANY_AUTHORS_MESSAGE = `A post has at most ${MAX_AUTHORS} authors, invitations waiting included`;
export const FIRST_AUTHOR_ONLY_MESSAGE = 'Only the first author can change who writes this post';
export const COAUTHOR_NOT_FOUND_MESSAGE = 'This writer is not an author of this post, nor invited';
export const COAUTHOR_INVITATION_NOT_FOUND_MESSAGE = 'Invitation not found';
export const FIRST_AUTHOR_CANNOT_LEAVE_MESSAGE = 'The first author cannot leave their own post';
export const NOT_A_COAUTHOR_MESSAGE = 'You are not a co-author of this post';
export const COAUTHOR_DELETE_MESSAGE = 'Only the first author can delete this post';
export const COAUTHOR_MOVE_MESSAGE = 'Only the first author can move this post to another publication';
export const TOO_MANY_COAUTHOR_INVITATIONS_MESSAGE =
  'You are sending invitations too fast. Please try again later.';

/** POST /api/post/authors?id= — whom to invite: a handle (with or without @) or a name. */
export interface CoauthorInviteInput {
  who: string;
}

/** An invitation the first author sent, as the post's Authors section lists it. */
export interface CoauthorInvitation {
  writer: Author;
  /** `declined` stays listed so the first author knows; inviting them again asks once more. */
  state: 'pending' | 'declined';
  invitedAt: string;
}

/** GET /api/post/authors?id=: who writes the post, and who is asked to. */
export interface PostAuthors {
  /** In byline order; the first is the post's author. */
  authors: Author[];
  invitations: CoauthorInvitation[];
}

/** GET /api/user/coauthor-invitations: a post the signed-in writer is asked to co-write. */
export interface PendingCoauthorInvitation {
  post: { id: string; title: string; status: PostStatus; author: Author };
  invitedAt: string;
}

/** "Ada", "Ada and Bo", "Ada, Bo and Cy": a byline's names in one phrase. */
export function authorNames(authors: readonly Pick<Author, 'username'>[]): string {
  const names = authors.map((author) => author.username);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
