import {
  COMMENT_EDIT_FORBIDDEN_MESSAGE,
  COMMENT_NOT_FOUND_MESSAGE,
  COMMENT_REPLY_BLOCKED_MESSAGE,
  COMMENT_REPLY_DELETED_MESSAGE,
  PASSAGE_COMMENTS_MAX,
  PASSAGE_NOT_IN_POST_MESSAGE,
  type Comment,
  type CommentEdit,
  type CommentInput,
} from '../../../../contracts/comments';
import type { PassageAnchor } from '../../../../contracts/passage-anchor';
import { POST_NOT_FOUND_MESSAGE, type Page } from '../../../../contracts/posts';
import {
  COMMENT_AUTHOR_BLOCKED_MESSAGE,
  COMMENTS_CLOSED_MESSAGE,
} from '../../../../contracts/author-moderation';
import { MissingReference } from '../../../lib/constraint-violations';
import { nowIso } from '../../../lib/clock';
import type { Viewer } from '../../accounts/authenticator';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../../lib/http-errors';
import { uuidv7 } from '../../../lib/ids';
import type { MarkdownRenderer } from '../../posts/markdown/markdown-renderer';
import type { RateLimiter, RateLimiters } from '../../../lib/rate-limiter';
import {
  NotificationsRepository,
  type NotificationEvent,
} from '../../notifications/notifications-repository';
import { toPage, type PageRequest } from '../../posts/paging';
import { BlocksRepository } from '../blocks/blocks-repository';
import {
  CommentsRepository,
  type CommentFacts,
  type CommentRecord,
  type MentionedUser,
} from './comments-repository';
import { linkMentions, mentionedNames } from './mentions';
import { PostPassages } from './post-passages';
import type { CommentListener } from '../../webhooks/webhook-events';
import type { UnitOfWork } from '../../../lib/unit-of-work';

/** A comment sits under the discussion's h2, so its own headings start at h3. */
const COMMENT_HEADING_BASE = 2;

/** Whether an in-line comment's passage is still in its post, as it is now. */
type PassageFinder = (anchor: PassageAnchor) => boolean;

/**
 * Who may see a post: the posts service's rule (a public post, or a draft, scheduled or hidden one
 * for its author and a publication's editors). It throws a 404 for anyone else. A discussion is
 * read under its post's rule, so a post taken down takes its comments with it.
 */
export interface PostVisibility {
  get(postId: string, viewer: Viewer | null): Promise<unknown>;
}

export const COMMENT_DELETE_FORBIDDEN_MESSAGE =
  'You can only delete your own comments or comments on your posts';
export const COMMENT_DELETED_MESSAGE = 'Comment deleted';
export const TOO_MANY_COMMENTS_MESSAGE = 'You are commenting too fast. Please wait a moment.';
export const TOO_MANY_MENTIONS_MESSAGE = 'You have mentioned too many people lately. Please wait a moment.';

/**
 * Discussion rules: anyone reads, a signed-in user comments and replies (one level deep), the
 * comment's author edits, the comment's or post's author deletes. Notifications are written in the
 * same transaction as the comment, so there is never one without the other.
 */
/** The storage a comment touches: the discussion, who blocked whom, and the notifications. */
export interface CommentsStore {
  comments: CommentsRepository;
  blocks: BlocksRepository;
  notifications: NotificationsRepository;
}

export class CommentsService {
  private readonly commentsByUser: RateLimiter;
  private readonly mentionsByUser: RateLimiter;
  private readonly passages: PostPassages;

  constructor(
    private readonly store: UnitOfWork<CommentsStore>,
    private readonly markdown: MarkdownRenderer,
    /** The post's visibility, applied to every read of its comments. */
    private readonly posts: PostVisibility,
    limiters: RateLimiters<'commentsPerUser' | 'mentionsPerUser'>,
    /** Told of each new comment (webhooks), edit and deletion; never the commenter's failure. */
    private readonly listener?: CommentListener,
  ) {
    this.commentsByUser = limiters.limiter('commentsPerUser');
    this.mentionsByUser = limiters.limiter('mentionsPerUser');
    this.passages = new PostPassages(markdown);
  }

  /**
   * Top-level comments, oldest first, each with its replies; a reader's blocked users left out.
   * Only where the reader may see the post: 404 for an unpublished or hidden post, but for its author.
   */
  async list(postId: string, page: PageRequest, viewer: Viewer | null = null): Promise<Page<Comment>> {
    await this.posts.get(postId, viewer);
    const comments = this.store.repositories.comments;
    const hiddenFor = viewer?.id ?? null;
    const rows = await comments.listTopLevel(postId, page, hiddenFor);
    const shown = toPage(rows, page.limit);
    const replies = await comments.listReplies(
      shown.response.map((comment) => comment.id),
      hiddenFor,
    );
    const mentions = await comments.mentionsOf([...shown.response, ...replies].map((comment) => comment.id));
    const finds = await this.passageFinder(comments, postId, [...shown.response, ...replies]);
    const render = (comment: CommentRecord) => this.present(comment, mentions.get(comment.id) ?? [], finds);
    return {
      ...shown,
      response: shown.response.map((comment) => ({
        ...render(comment),
        replies: replies.filter((reply) => reply.parentId === comment.id).map(render),
      })),
    };
  }

  /** One comment, where the reader may see its post (else, to them, there is no such comment). */
  async get(id: string, viewer: Viewer | null): Promise<Comment> {
    const comments = this.store.repositories.comments;
    const comment = await comments.findShown(id, viewer?.id ?? null);
    if (!comment || comment.deleted || comment.hidden) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
    try {
      await this.posts.get(comment.postId, viewer);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
      throw error;
    }
    const finds = await this.passageFinder(comments, comment.postId, [comment]);
    return this.present(comment, (await comments.mentionsOf([id])).get(id) ?? [], finds);
  }

  /**
   * Every in-line comment of a post the reader may see (top level, not deleted),
   * oldest first, up to PASSAGE_COMMENTS_MAX, so the read page can mark each passage whatever page
   * of the discussion is open. Like a post, a draft or scheduled post's are nobody's to read.
   */
  async passageComments(postId: string, viewer: Viewer | null = null): Promise<Comment[]> {
    const comments = this.store.repositories.comments;
    const rows = await comments.listAnchored(postId, viewer?.id ?? null, PASSAGE_COMMENTS_MAX);
    if (rows.length === 0) {
      if (!(await comments.postExists(postId))) throw notFound(POST_NOT_FOUND_MESSAGE);
      return [];
    }
    const content = await comments.postContent(postId, { publishedOnly: true });
    if (content === undefined) throw notFound(POST_NOT_FOUND_MESSAGE);
    const mentions = await comments.mentionsOf(rows.map((comment) => comment.id));
    const finds: PassageFinder = (anchor) => this.passages.holds(content, anchor);
    return rows.map((comment) => this.present(comment, mentions.get(comment.id) ?? [], finds));
  }

  async create(viewer: Viewer, input: CommentInput): Promise<Comment> {
    const anchor = input.anchor ? wellFormedAnchor(input.anchor) : null;
    const posts = this.store.repositories.comments;
    // An in-line comment needs the post's words to find its passage in; any other, that it exists.
    const content = anchor ? await posts.postContent(input.postId, { publishedOnly: true }) : undefined;
    // A draft or scheduled post takes no comments: to readers it does not exist yet.
    if (anchor ? content === undefined : !(await posts.postExists(input.postId))) {
      throw notFound(POST_NOT_FOUND_MESSAGE);
    }
    await this.commentsByUser.spend(viewer.id, TOO_MANY_COMMENTS_MESSAGE);
    // Only what the post holds now, as readers see it, can be quoted. Checked once the allowance is
    // spent: looking for a passage that is not there is the costly search, not to be repeated at will.
    if (anchor && content !== undefined && !this.passages.holds(content, anchor)) {
      throw badRequest(PASSAGE_NOT_IN_POST_MESSAGE, { anchor: [PASSAGE_NOT_IN_POST_MESSAGE] });
    }
    const comment: CommentRecord = {
      id: uuidv7(),
      postId: input.postId,
      parentId: null,
      body: input.body,
      createdAt: nowIso(),
      editedAt: null,
      deleted: false,
      // The handle and picture are read with the rest, in the transaction below.
      author: { id: viewer.id, username: viewer.username, handle: null, picture: null },
      anchor,
    };
    const spendMentions = this.mentionSpender(viewer.id);
    try {
      const mentioned = await this.store.run(async ({ comments, blocks, notifications }) => {
        // The author's account before the post (its comment counter): see lockPostAuthor.
        await notifications.lockPostAuthor(comment.postId);
        comment.author = (await comments.authorOf(viewer.id)) ?? comment.author;
        // The post's author's say (decision 0077): closed, a blocked reader, a first comment held.
        const rules = await comments.postRules(comment.postId);
        if (rules && viewer.id !== rules.authorId) {
          if (rules.closed) throw forbidden(COMMENTS_CLOSED_MESSAGE);
          if (await blocks.isBlocked(rules.authorId, viewer.id))
            throw forbidden(COMMENT_AUTHOR_BLOCKED_MESSAGE);
          if (rules.holdFirst && !(await comments.hasCommentedOn(rules.authorId, viewer.id))) {
            comment.withheld = 'held';
          } else {
            delete comment.withheld;
          }
        }
        const events: NotificationEvent[] = [];
        let parent: CommentFacts | undefined;
        if (input.parentId !== undefined) {
          parent = await this.topLevelParent(comments, input.parentId, input.postId);
          if (await blocks.isBlocked(parent.authorId, viewer.id))
            throw forbidden(COMMENT_REPLY_BLOCKED_MESSAGE);
          comment.parentId = parent.id;
        }
        // Markdown is stored as given; the foreign key, not a prior read, decides whether the post
        // exists, so a post deleted at the same moment cannot gain an orphaned comment.
        await comments.insert({
          id: comment.id,
          post_id: comment.postId,
          author_id: viewer.id,
          body: comment.body,
          created_at: comment.createdAt,
          parent_id: comment.parentId,
          edited_at: null,
          deleted_at: null,
          anchor_quote: anchor?.quote ?? null,
          anchor_prefix: anchor?.prefix ?? null,
          anchor_suffix: anchor?.suffix ?? null,
          withheld: comment.withheld ?? null,
        });
        const postAuthorId = await comments.postAuthorOf(comment.postId);
        // A reply tells its comment's author that it is a reply, the more telling of the two.
        if (postAuthorId !== undefined && postAuthorId !== parent?.authorId) {
          // An in-line comment says which passage it is about: a line of its own.
          const kind = anchor ? 'passage' : 'comment';
          events.push({
            recipientId: postAuthorId,
            actorId: viewer.id,
            kind,
            postId: comment.postId,
            commentId: comment.id,
            groupKey: `${kind}:${comment.postId}`,
          });
        }
        if (parent) {
          events.push({
            recipientId: parent.authorId,
            actorId: viewer.id,
            kind: 'reply',
            postId: comment.postId,
            commentId: comment.id,
            groupKey: `reply:${parent.id}`,
          });
        }
        const users = await this.resolveMentions(comments, blocks, comment, viewer, spendMentions);
        const added = await comments.setMentions(
          comment.id,
          users.map((user) => user.id),
        );
        const notified = new Set(events.map((event) => event.recipientId));
        for (const userId of added) {
          // Someone already told about this comment is not told twice.
          if (notified.has(userId)) continue;
          events.push(this.mentionEvent(userId, viewer, comment));
        }
        // A held comment tells only the post's author that it waits; the rest hear of it on approval.
        await notifications.add(
          comment.withheld === 'held' && postAuthorId !== undefined
            ? [heldEvent(postAuthorId, viewer.id, comment)]
            : events,
        );
        return users;
      });
      // Its passage was just found in the post.
      const created = this.present(comment, mentioned, () => true);
      // Webhooks hear of a held comment when it is approved (approveHeld), not before.
      if (created.withheld === undefined) await this.listener?.commentCreated(created);
      return created;
    } catch (error) {
      if (error instanceof MissingReference) throw notFound(POST_NOT_FOUND_MESSAGE);
      throw error;
    }
  }

  async edit(viewer: Viewer, id: string, input: CommentEdit): Promise<Comment> {
    const spendMentions = this.mentionSpender(viewer.id);
    const saved = await this.store.run(async ({ comments, blocks, notifications }) => {
      const current = await comments.findById(id);
      if (!current || current.deleted) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
      if (current.author.id !== viewer.id) throw forbidden(COMMENT_EDIT_FORBIDDEN_MESSAGE);
      const edited: CommentRecord = { ...current, body: input.body, editedAt: nowIso() };
      if (!(await comments.updateBody(id, edited.body, edited.editedAt ?? ''))) {
        throw notFound(COMMENT_NOT_FOUND_MESSAGE);
      }
      const users = await this.resolveMentions(comments, blocks, edited, viewer, spendMentions);
      const added = await comments.setMentions(
        id,
        users.map((user) => user.id),
      );
      // Only people newly mentioned by the edit hear about it; of a withheld comment, no one yet.
      if (edited.withheld === undefined) {
        await notifications.add(added.map((userId) => this.mentionEvent(userId, viewer, edited)));
      }
      return this.present(edited, users, await this.passageFinder(comments, edited.postId, [edited]));
    });
    // A reply that went out to the social web goes out again, edited (decision 0084's addendum).
    if (saved.withheld === undefined) await this.listener?.commentEdited?.(saved);
    return saved;
  }

  /**
   * A comment without replies goes for good; one with replies stays as "[deleted]" so the thread
   * still reads. Either way, no notification about it shows its text any more.
   */
  async delete(viewer: Viewer, id: string): Promise<void> {
    await this.store.run(async ({ comments, notifications }) => {
      const facts = await comments.findFacts(id);
      if (!facts || facts.deleted) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
      if (facts.authorId !== viewer.id && !(await mayModerate(comments, facts.postId, viewer.id))) {
        throw forbidden(COMMENT_DELETE_FORBIDDEN_MESSAGE);
      }
      await notifications.removeAboutComment(id);
      if (await comments.hasReplies(id)) {
        await comments.markDeleted(id, nowIso());
        return;
      }
      if (!(await comments.delete(id))) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
      if (facts.parentId !== null) await comments.deleteIfEmptyTombstone(facts.parentId);
    });
    // A reply that went out to the social web is deleted there too (decision 0084's addendum).
    await this.listener?.commentDeleted?.(id);
  }

  /** Decision 0032: a reply to a reply joins its top-level comment's thread. */
  private async topLevelParent(
    comments: CommentsRepository,
    parentId: string,
    postId: string,
  ): Promise<CommentFacts> {
    const target = await comments.findFacts(parentId);
    if (!target || target.postId !== postId) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
    const top = target.parentId === null ? target : await comments.findFacts(target.parentId);
    if (!top) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
    // A hidden or withheld comment does not exist for anyone who might reply to it.
    if (target.hidden || top.hidden || target.withheld !== null || top.withheld !== null) {
      throw notFound(COMMENT_NOT_FOUND_MESSAGE);
    }
    if (top.deleted) throw conflict(COMMENT_REPLY_DELETED_MESSAGE);
    return top;
  }

  /**
   * Decision 0033: `@name` means the account with that name (any case); when several share it,
   * the one taking part in this discussion, else nobody. Someone who blocked the writer cannot be
   * mentioned by them, nor can the writer mention themself.
   */
  private async resolveMentions(
    comments: CommentsRepository,
    blocks: BlocksRepository,
    comment: CommentRecord,
    viewer: Viewer,
    spendMentions: (count: number) => Promise<void>,
  ): Promise<MentionedUser[]> {
    const names = mentionedNames(comment.body);
    if (names.length === 0) return [];
    const candidates = await comments.usersNamed(names);
    const participants = await comments.participants(
      comment.postId,
      candidates.map((user) => user.id),
    );
    const chosen: MentionedUser[] = [];
    for (const name of names) {
      // A handle names one account (decision 51); a name, perhaps several (decision 33).
      const byHandle = candidates.find((user) => user.handle === name);
      const named = byHandle ? [byHandle] : candidates.filter((user) => user.key === name);
      const taking = named.filter((user) => participants.has(user.id));
      const pick = named.length === 1 ? named[0] : taking.length === 1 ? taking[0] : undefined;
      if (pick && pick.id !== viewer.id && !chosen.some((user) => user.id === pick.id)) {
        chosen.push({ id: pick.id, username: pick.username, handle: pick.handle });
      }
    }
    const blockers = await blocks.blockersAmong(
      viewer.id,
      chosen.map((user) => user.id),
    );
    const allowed = chosen.filter((user) => !blockers.has(user.id));
    await spendMentions(allowed.length);
    return allowed;
  }

  private mentionEvent(userId: string, viewer: { id: string }, comment: CommentRecord): NotificationEvent {
    return {
      recipientId: userId,
      actorId: viewer.id,
      kind: 'mention',
      postId: comment.postId,
      commentId: comment.id,
      groupKey: `mention:${comment.id}`,
    };
  }

  /**
   * Spends the writer's allowance for the people one request mentions: each counts once, and once
   * only, though the transaction that resolves them may run again (decision 50): a second run
   * spends only for people the first did not count.
   */
  private mentionSpender(userId: string): (count: number) => Promise<void> {
    let spent = 0;
    return async (count) => {
      for (; spent < count; spent += 1) {
        await this.mentionsByUser.spend(userId, TOO_MANY_MENTIONS_MESSAGE);
      }
    };
  }

  /**
   * Looks passages up in the post's current text, loaded (and rendered) only when one of `shown`
   * is an in-line comment: most discussion pages have none, and then nothing is ever looked up.
   */
  private async passageFinder(
    comments: CommentsRepository,
    postId: string,
    shown: CommentRecord[],
  ): Promise<PassageFinder> {
    if (!shown.some((comment) => comment.anchor !== null && !comment.deleted)) return () => false;
    const content = await comments.postContent(postId, { publishedOnly: false });
    return (anchor) => content !== undefined && this.passages.holds(content, anchor);
  }

  /**
   * The author's approval of a held comment (decision 0077): it is shown from now on, and what its
   * arrival would have told is told now — replies and mentions to their people, webhooks — while
   * the author's own "awaits your approval" line goes. An operator's hiding stays (hidden_at).
   */
  async approveHeld(id: string): Promise<void> {
    const approved = await this.store.run(async ({ comments, notifications }) => {
      const current = await comments.findById(id);
      if (!current || !(await comments.setWithheld(id, 'held', null))) return undefined;
      await notifications.removeAboutComment(id);
      const mentioned = (await comments.mentionsOf([id])).get(id) ?? [];
      const events: NotificationEvent[] = [];
      if (current.parentId !== null) {
        const parent = await comments.findFacts(current.parentId);
        if (parent && parent.authorId !== current.author.id) {
          events.push({
            recipientId: parent.authorId,
            actorId: current.author.id,
            kind: 'reply',
            postId: current.postId,
            commentId: id,
            groupKey: `reply:${parent.id}`,
          });
        }
      }
      const told = new Set(events.map((event) => event.recipientId));
      for (const user of mentioned) {
        if (!told.has(user.id)) events.push(this.mentionEvent(user.id, current.author, current));
      }
      await notifications.add(events);
      const { withheld: _held, ...shown } = current;
      return { record: shown, mentioned };
    });
    if (!approved) return;
    const finds = await this.passageFinder(this.store.repositories.comments, approved.record.postId, [
      approved.record,
    ]);
    if (!approved.record.hidden) {
      await this.listener?.commentCreated(this.present(approved.record, approved.mentioned, finds));
    }
  }

  /** A comment as its author's queue shows it (the same presentation as the discussion's). */
  async presentRecords(postId: string, records: CommentRecord[]): Promise<Comment[]> {
    const comments = this.store.repositories.comments;
    const mentions = await comments.mentionsOf(records.map((comment) => comment.id));
    const finds = await this.passageFinder(comments, postId, records);
    return records.map((comment) => this.present(comment, mentions.get(comment.id) ?? [], finds));
  }

  /**
   * What readers see: HTML with mention links, and whether an in-line comment's passage is still in
   * the post; a deleted comment has neither author nor text nor passage.
   */
  private present(comment: CommentRecord, mentioned: MentionedUser[], finds: PassageFinder): Comment {
    if (comment.deleted) {
      // Nothing says who wrote it any more, on this server or another.
      const { remote: _remote, ...kept } = comment;
      return { ...kept, body: '', bodyHtml: '', author: null, editedAt: null, anchor: null };
    }
    const html = this.markdown.render(comment.body, COMMENT_HEADING_BASE).html;
    const ids = new Map(
      mentioned.flatMap((user) => [
        [user.username.toLowerCase(), user] as const,
        ...(user.handle ? [[user.handle, user] as const] : []),
      ]),
    );
    const anchor = comment.anchor && { ...comment.anchor, found: finds(comment.anchor) };
    return { ...comment, bodyHtml: linkMentions(html, ids), anchor };
  }
}

/**
 * Who moderates a post's comments (decision 0077): its author, and for a publication's post its
 * owner and editors.
 */
export async function mayModerate(
  comments: CommentsRepository,
  postId: string,
  userId: string,
): Promise<boolean> {
  const rules = await comments.postRules(postId);
  if (!rules) return false;
  if (rules.authorId === userId) return true;
  return rules.publicationId !== null && (await comments.editsPublication(rules.publicationId, userId));
}

/** The post's author's line: a comment waits for their approval, in their queue. */
function heldEvent(postAuthorId: string, actorId: string, comment: CommentRecord): NotificationEvent {
  return {
    recipientId: postAuthorId,
    actorId,
    kind: 'held',
    postId: comment.postId,
    commentId: comment.id,
    groupKey: `held:${comment.postId}`,
  };
}

/** A UTF-16 half without its other half: what clipping the context can leave at its edge. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The anchor as the database will give it back. Context clipped to its length can cut a character
 * outside the Basic Multilingual Plane (an emoji) in two: the half at the cut goes, and any other
 * lone half becomes U+FFFD, as storing it as UTF-8 would make it.
 */
function wellFormedAnchor(anchor: PassageAnchor): PassageAnchor {
  const clean = (text: string) => text.replace(LONE_SURROGATE, '\ufffd');
  return {
    quote: clean(anchor.quote),
    prefix: clean(anchor.prefix.replace(/^[\udc00-\udfff]/, '')),
    suffix: clean(anchor.suffix.replace(/[\ud800-\udbff]$/, '')),
  };
}
