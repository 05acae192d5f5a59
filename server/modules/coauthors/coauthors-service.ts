import {
  ALREADY_AUTHOR_MESSAGE,
  ALREADY_INVITED_MESSAGE,
  COAUTHOR_INVITATION_NOT_FOUND_MESSAGE,
  COAUTHOR_NOT_FOUND_MESSAGE,
  FIRST_AUTHOR_CANNOT_LEAVE_MESSAGE,
  FIRST_AUTHOR_ONLY_MESSAGE,
  MAX_AUTHORS,
  NOT_A_COAUTHOR_MESSAGE,
  TOO_MANY_AUTHORS_MESSAGE,
  TOO_MANY_COAUTHOR_INVITATIONS_MESSAGE,
  WRITER_NOT_FOUND_MESSAGE,
  type CoauthorInvitation,
  type CoauthorInviteInput,
  type PendingCoauthorInvitation,
  type PostAuthors,
} from '../../../contracts/coauthors';
import { POST_NOT_FOUND_MESSAGE, type Post } from '../../../contracts/posts';
import { nowIso } from '../../lib/clock';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-errors';
import type { RateLimiter, RateLimiters } from '../../lib/rate-limiter';
import type { Viewer } from '../accounts/authenticator';
import type { NotificationsRepository } from '../notifications/notifications-repository';
import { isPublished } from '../posts/post-visibility';
import { coauthorGroupKey, type CoauthoredPost, type CoauthorsRepository } from './coauthors-repository';

/** The co-authors a post may have besides its first author. */
const MAX_OTHERS = MAX_AUTHORS - 1;

/**
 * Co-authors (docs/decisions/0085-co-authors.md). The first author invites a writer by handle or
 * name, sees who is asked, withdraws an invitation or removes a co-author; the invited writer
 * hears of it in the bell and accepts or declines; a co-author may leave. A post has at most four
 * authors, invitations waiting included. What a co-author may do to the post itself (edit, not
 * delete or move) is the posts service's rule.
 */
export class CoauthorsService {
  private readonly invitationsByUser: RateLimiter;

  constructor(
    private readonly repository: CoauthorsRepository,
    private readonly notifications: Pick<NotificationsRepository, 'add'> | undefined,
    /** The post as the viewer reads it (the posts service), for the answer to an acceptance. */
    private readonly readPost: (id: string, viewer: Viewer) => Promise<Post>,
    limiters: RateLimiters<'invitationsPerUser'>,
  ) {
    this.invitationsByUser = limiters.limiter('invitationsPerUser');
  }

  /** The post's authors and invitations: for its authors (the first sees the invitations too). */
  async list(viewer: Viewer, postId: string): Promise<PostAuthors> {
    const post = await this.findPost(postId);
    const rows = await this.repository.rowsOf(post.id);
    const coAuthors = rows.filter((row) => row.state === 'accepted').map((row) => row.writer);
    const first = await this.repository.findAuthor(post.authorId);
    if (!first) throw notFound(POST_NOT_FOUND_MESSAGE);
    const isFirst = post.authorId === viewer.id;
    if (!isFirst && !coAuthors.some((author) => author.id === viewer.id))
      throw refusal(post, NOT_A_COAUTHOR_MESSAGE);
    const invitations: CoauthorInvitation[] = isFirst
      ? rows.flatMap((row) =>
          row.state === 'accepted'
            ? []
            : [{ writer: row.writer, state: row.state, invitedAt: row.invitedAt }],
        )
      : [];
    return { authors: [first, ...coAuthors], invitations };
  }

  async invite(viewer: Viewer, postId: string, input: CoauthorInviteInput): Promise<CoauthorInvitation> {
    const post = await this.requireFirstAuthor(viewer, postId);
    const writer = await this.repository.findWriter(input.who);
    // Named by field, like the 409s, so the form shows it beside the name typed.
    if (!writer) throw new HttpError(404, WRITER_NOT_FOUND_MESSAGE, { who: [WRITER_NOT_FOUND_MESSAGE] });
    await this.invitationsByUser.spend(viewer.id, TOO_MANY_COAUTHOR_INVITATIONS_MESSAGE);
    const now = nowIso();
    const outcome = await this.repository.invite(post, writer.id, MAX_OTHERS, now);
    if (outcome === 'author') throw conflict(ALREADY_AUTHOR_MESSAGE, { who: [ALREADY_AUTHOR_MESSAGE] });
    if (outcome === 'invited-already')
      throw conflict(ALREADY_INVITED_MESSAGE, { who: [ALREADY_INVITED_MESSAGE] });
    if (outcome === 'full') throw conflict(TOO_MANY_AUTHORS_MESSAGE, { who: [TOO_MANY_AUTHORS_MESSAGE] });
    // The writer hears of it in the bell (their blocks apply, as to every notification).
    await this.notifications?.add([
      {
        recipientId: writer.id,
        actorId: viewer.id,
        kind: 'coauthor',
        postId: post.id,
        commentId: null,
        groupKey: coauthorGroupKey(post.id),
      },
    ]);
    return { writer, state: 'pending', invitedAt: now };
  }

  /** The first author takes a co-author off the post, or withdraws an invitation. */
  async remove(viewer: Viewer, postId: string, userId: string): Promise<void> {
    const post = await this.requireFirstAuthor(viewer, postId);
    if (userId === post.authorId) throw conflict(FIRST_AUTHOR_CANNOT_LEAVE_MESSAGE);
    if (!(await this.repository.remove(post.id, userId))) throw notFound(COAUTHOR_NOT_FOUND_MESSAGE);
  }

  /** A co-author takes themselves off the post; it stays its first author's. */
  async leave(viewer: Viewer, postId: string): Promise<void> {
    const post = await this.findPost(postId);
    if (post.authorId === viewer.id) throw conflict(FIRST_AUTHOR_CANNOT_LEAVE_MESSAGE);
    if (!(await this.repository.remove(post.id, viewer.id, 'accepted'))) {
      throw isPublished(post.publishedAt)
        ? forbidden(NOT_A_COAUTHOR_MESSAGE)
        : notFound(POST_NOT_FOUND_MESSAGE);
    }
  }

  async invitationsFor(viewer: Viewer): Promise<PendingCoauthorInvitation[]> {
    const now = nowIso();
    return (await this.repository.invitationsFor(viewer.id)).map((row) => ({
      post: {
        id: row.postId,
        title: row.title,
        status: row.publishedAt === null ? 'draft' : row.publishedAt > now ? 'scheduled' : 'published',
        author: row.author,
      },
      invitedAt: row.invitedAt,
    }));
  }

  /** Accepting makes the viewer a co-author: the answer is the post as they now see it. */
  async accept(viewer: Viewer, postId: string): Promise<Post> {
    const outcome = await this.repository.answer(postId, viewer.id, true, MAX_OTHERS, nowIso());
    if (outcome === 'none') throw notFound(COAUTHOR_INVITATION_NOT_FOUND_MESSAGE);
    if (outcome === 'full') throw conflict(TOO_MANY_AUTHORS_MESSAGE);
    return this.readPost(postId, viewer);
  }

  async decline(viewer: Viewer, postId: string): Promise<void> {
    const outcome = await this.repository.answer(postId, viewer.id, false, MAX_OTHERS, nowIso());
    if (outcome === 'none') throw notFound(COAUTHOR_INVITATION_NOT_FOUND_MESSAGE);
  }

  private async findPost(postId: string): Promise<CoauthoredPost> {
    const post = await this.repository.findPost(postId);
    if (!post) throw notFound(POST_NOT_FOUND_MESSAGE);
    return post;
  }

  /**
   * Only the first author changes who writes a post. Anyone else is refused as an edit is: a
   * co-author (who knows the post) with a 403; a stranger with a 404 for a post readers cannot see.
   */
  private async requireFirstAuthor(viewer: Viewer, postId: string): Promise<CoauthoredPost> {
    const post = await this.findPost(postId);
    if (post.authorId === viewer.id) return post;
    const rows = await this.repository.rowsOf(post.id);
    const knows = rows.some((row) => row.writer.id === viewer.id && row.state === 'accepted');
    throw knows ? forbidden(FIRST_AUTHOR_ONLY_MESSAGE) : refusal(post, FIRST_AUTHOR_ONLY_MESSAGE);
  }
}

/** A stranger to the post: 403 when readers see it, else the same 404 as no post at all. */
function refusal(post: CoauthoredPost, message: string) {
  return isPublished(post.publishedAt) ? forbidden(message) : notFound(POST_NOT_FOUND_MESSAGE);
}
