import {
  COMMENT_HELD_MESSAGE,
  COMMENT_MODERATE_FORBIDDEN_MESSAGE,
  COMMENT_NOT_HELD_MESSAGE,
  type CommentAction,
  type CommentSettings,
  type CommentSettingsInput,
  type HeldComment,
} from '../../../../contracts/author-moderation';
import { COMMENT_NOT_FOUND_MESSAGE } from '../../../../contracts/comments';
import { POST_NOT_FOUND_MESSAGE, type Page } from '../../../../contracts/posts';
import type { Viewer } from '../../accounts/authenticator';
import { conflict, forbidden, notFound } from '../../../lib/http-errors';
import type { UnitOfWork } from '../../../lib/unit-of-work';
import { toPage, type PageRequest } from '../../posts/paging';
import type { CommentsRepository } from './comments-repository';
import { mayModerate, type CommentsService, type CommentsStore } from './comments-service';

/**
 * The author's own moderation of the comments under their posts (decision 0077): approve or reject
 * a held comment, hide or show one, close a post's comments, the queue and the writer's defaults.
 * Who may see a comment is decided once, in comment-visibility.ts; here only who may change it.
 */
export class AuthorModerationService {
  constructor(
    private readonly store: UnitOfWork<CommentsStore>,
    private readonly comments: CommentsService,
  ) {}

  async moderate(viewer: Viewer, id: string, action: CommentAction): Promise<void> {
    const repository = this.store.repositories.comments;
    const facts = await repository.findFacts(id);
    if (!facts || facts.deleted) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
    await this.mustModerate(repository, facts.postId, viewer);
    if (action === 'approve') {
      if (facts.withheld !== 'held') throw conflict(COMMENT_NOT_HELD_MESSAGE);
      await this.comments.approveHeld(id);
      return;
    }
    if (action === 'reject') {
      if (facts.withheld !== 'held') throw conflict(COMMENT_NOT_HELD_MESSAGE);
      // Nothing replies to a held comment (no one else sees it): it simply goes.
      await this.store.run(async ({ comments, notifications }) => {
        await notifications.removeAboutComment(id);
        await comments.delete(id);
      });
      return;
    }
    // Hiding or showing is for a comment already let through: a held one is approved or rejected.
    if (facts.withheld === 'held') throw conflict(COMMENT_HELD_MESSAGE);
    // Idempotent: hiding a hidden comment (or showing a shown one) changes nothing.
    if (action === 'hide') await repository.setWithheld(id, null, 'hidden');
    else await repository.setWithheld(id, 'hidden', null);
  }

  async setClosed(viewer: Viewer, postId: string, closed: boolean): Promise<{ closed: boolean }> {
    const repository = this.store.repositories.comments;
    await this.mustModerate(repository, postId, viewer);
    await repository.setClosed(postId, closed);
    return { closed };
  }

  /**
   * Comments held on the viewer's posts (and their publications' posts), oldest first; with
   * 'hidden', the comments hidden there (decision 0077), to show again.
   */
  async held(
    viewer: Viewer,
    page: PageRequest,
    withheld: 'held' | 'hidden' = 'held',
  ): Promise<Page<HeldComment>> {
    const rows = await this.store.repositories.comments.listHeld(viewer.id, page, withheld);
    const shown = toPage(rows, page.limit);
    const response: HeldComment[] = [];
    for (const row of shown.response) {
      const { postTitle, postAuthor, ...record } = row;
      const [comment] = await this.comments.presentRecords(row.postId, [record]);
      if (comment) response.push({ comment, post: { id: row.postId, title: postTitle, author: postAuthor } });
    }
    return { ...shown, response };
  }

  async settings(viewer: Viewer): Promise<CommentSettings> {
    const row = await this.store.repositories.comments.commentSettings(viewer.id);
    return { holdFirstComments: row?.holdFirst ?? false, closeCommentsOnNewPosts: row?.closeNew ?? false };
  }

  async updateSettings(viewer: Viewer, input: CommentSettingsInput): Promise<CommentSettings> {
    await this.store.repositories.comments.setCommentSettings(viewer.id, {
      holdFirst: input.holdFirstComments,
      closeNew: input.closeCommentsOnNewPosts,
    });
    return this.settings(viewer);
  }

  /** 404 for no such post, 403 for anyone but its author (and a publication's owner and editors). */
  private async mustModerate(repository: CommentsRepository, postId: string, viewer: Viewer): Promise<void> {
    if (!(await repository.postRules(postId))) throw notFound(POST_NOT_FOUND_MESSAGE);
    if (!(await mayModerate(repository, postId, viewer.id)))
      throw forbidden(COMMENT_MODERATE_FORBIDDEN_MESSAGE);
  }
}
