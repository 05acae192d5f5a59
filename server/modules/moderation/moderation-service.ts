import { usernameKey } from '../../../contracts/auth';
import type { Page } from '../../../contracts/posts';
import {
  ALREADY_HIDDEN_MESSAGE,
  ALREADY_SUSPENDED_MESSAGE,
  AUTHOR_SUSPENDED_MESSAGE,
  CANNOT_SUSPEND_OPERATOR_MESSAGE,
  COMMENT_NOT_FOUND_MESSAGE,
  FORBIDDEN_NOT_OPERATOR_MESSAGE,
  NOT_HIDDEN_MESSAGE,
  NOT_SUSPENDED_MESSAGE,
  POST_NOT_FOUND_MESSAGE,
  REPORT_ALREADY_OPEN_MESSAGE,
  REPORT_NOT_FOUND_MESSAGE,
  REPORT_SETTLED_MESSAGE,
  REPORT_TARGET_NOT_FOUND_MESSAGE,
  TOO_MANY_REPORTS_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
  type CreateReportInput,
  type ModeratedUser,
  type ModerationAction,
  type ModerationLogEntry,
  type Report,
  type ReportState,
  type TargetKind,
} from '../../../contracts/moderation';
import { DuplicateKey } from '../../lib/constraint-violations';
import type { Viewer } from '../accounts/authenticator';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { RateLimiter } from '../../lib/rate-limiter';
import { spend } from '../users/users-service';
import { toPage, type PageRequest } from '../posts/paging';
import { auditLine, type AuditTarget } from './audit-line';
import type { ModerationRepository, ModerationTransaction, TargetFacts } from './moderation-repository';

/** Told once a moderator's change to posts is written (the social web tells their followers). */
export interface ModeratedPostsListener {
  postsModerated(postIds: readonly string[]): Promise<void>;
  /** A comment was deleted, with its replies (the social web is told of a writer's reply gone). */
  commentsModerated?(commentIds: readonly string[]): Promise<void>;
}

const notFoundMessage = (kind: TargetKind) =>
  kind === 'post' ? POST_NOT_FOUND_MESSAGE : COMMENT_NOT_FOUND_MESSAGE;

/**
 * The rules of moderation: who is an operator, what a report is, what hiding,
 * deleting and suspending do, and that every operator action is written to the audit log in the
 * action's own transaction.
 */
export class ModerationService {
  constructor(
    private readonly repository: ModerationRepository,
    /** ADMIN_EMAILS, lower-cased; undefined: the first account is the operator. */
    private readonly adminEmails: readonly string[] | undefined,
    private readonly reportsPerUser: RateLimiter,
    private readonly moderatedPosts?: ModeratedPostsListener,
  ) {}

  /** Read on every operator request, so a change of ADMIN_EMAILS or of accounts holds at once. */
  async isOperator(userId: string): Promise<boolean> {
    if (this.adminEmails !== undefined) {
      const key = await this.repository.emailKeyOf(userId);
      return key !== undefined && this.adminEmails.includes(key);
    }
    return (await this.repository.firstAccountId()) === userId;
  }

  /** A 403 for anyone who is not an operator (the route has already refused a missing token). */
  async requireOperator(viewer: Viewer): Promise<Viewer> {
    if (!(await this.isOperator(viewer.id))) throw forbidden(FORBIDDEN_NOT_OPERATOR_MESSAGE);
    return viewer;
  }

  /** A reader's report. The target must be something they can see; one open report per target. */
  async report(viewer: Viewer, input: CreateReportInput & { reason: Report['reason'] }): Promise<void> {
    await spend(this.reportsPerUser, viewer.id, TOO_MANY_REPORTS_MESSAGE);
    const target = await this.repository.findTarget(input.target.kind, input.target.id);
    const visible = target && target.hiddenReason === null && target.postPublic;
    if (!target || (!visible && target.authorId !== viewer.id))
      throw notFound(REPORT_TARGET_NOT_FOUND_MESSAGE);
    try {
      await this.repository.insertReport({
        id: uuidv7(),
        target_kind: target.kind,
        target_id: target.id,
        reporter_id: viewer.id,
        reason: input.reason,
        note: input.note ? input.note : null,
        state: 'open',
        created_at: new Date().toISOString(),
        resolved_at: null,
        resolved_by: null,
      });
    } catch (error) {
      if (error instanceof DuplicateKey) throw conflict(REPORT_ALREADY_OPEN_MESSAGE);
      throw error;
    }
  }

  async reports(state: ReportState, page: PageRequest): Promise<Page<Report>> {
    return toPage(await this.repository.listReports(state, page.limit, page.after), page.limit);
  }

  async settleReport(operator: Viewer, id: string, state: 'resolved' | 'dismissed'): Promise<void> {
    await this.repository.transaction(async (trx) => {
      const report = await this.repository.findReport(trx, id);
      if (!report) throw notFound(REPORT_NOT_FOUND_MESSAGE);
      if (!(await this.repository.settleReport(trx, id, state, operator.id)))
        throw conflict(REPORT_SETTLED_MESSAGE);
      await this.audit(trx, operator, state === 'resolved' ? 'report.resolve' : 'report.dismiss', {
        kind: 'report',
        id,
        label: `${report.reason} report on a ${report.target_kind}`,
      });
    });
  }

  /** Withholds a post or comment from everyone but its author and the operators. */
  async hide(operator: Viewer, kind: TargetKind, id: string, reason: string | undefined): Promise<void> {
    await this.onTarget(kind, id, async (trx, target) => {
      if (target.hiddenReason === 'operator') throw conflict(ALREADY_HIDDEN_MESSAGE);
      const at = new Date().toISOString();
      if (kind === 'post') {
        // A post hidden by its author's suspension is already out of post_tags: only relabel it.
        if (target.hiddenReason === null) await this.repository.hidePosts(trx, [id], 'operator', at);
        else await this.repository.relabelHidden(trx, 'posts', id);
      } else if (target.hiddenReason === null) {
        await this.repository.markComments(trx, [id], { at, reason: 'operator' });
      } else {
        await this.repository.relabelHidden(trx, 'comments', id);
      }
      await this.repository.resolveReportsAbout(trx, id, operator.id);
      await this.audit(trx, operator, `${kind}.hide`, { kind, id, label: target.label }, reason);
    });
    if (kind === 'post') await this.moderatedPosts?.postsModerated([id]);
  }

  async restore(operator: Viewer, kind: TargetKind, id: string, reason: string | undefined): Promise<void> {
    await this.onTarget(kind, id, async (trx, target) => {
      if (target.hiddenReason === null) throw conflict(NOT_HIDDEN_MESSAGE);
      if (target.authorSuspended) throw conflict(AUTHOR_SUSPENDED_MESSAGE);
      if (kind === 'post') await this.repository.restorePosts(trx, [id]);
      else await this.repository.markComments(trx, [id], null);
      await this.audit(trx, operator, `${kind}.restore`, { kind, id, label: target.label }, reason);
    });
    if (kind === 'post') await this.moderatedPosts?.postsModerated([id]);
  }

  /** Deletes a post (with its discussion) or a comment (with its replies) for good. */
  async remove(operator: Viewer, kind: TargetKind, id: string, reason: string | undefined): Promise<void> {
    await this.onTarget(kind, id, async (trx, target) => {
      if (kind === 'post') {
        await this.repository.deletePost(trx, id);
      } else {
        await this.repository.deleteComment(trx, id);
      }
      await this.repository.resolveReportsAbout(trx, id, operator.id);
      await this.audit(trx, operator, `${kind}.delete`, { kind, id, label: target.label }, reason);
    });
    if (kind === 'post') await this.moderatedPosts?.postsModerated([id]);
    else await this.moderatedPosts?.commentsModerated?.([id]);
  }

  /**
   * Suspends an account: its sign-in tokens and API keys stop working at the next request (the
   * authenticator reads suspended_at every time), and its posts and comments leave every public
   * read, labelled 'suspension' so reinstating brings back exactly those.
   */
  async suspend(operator: Viewer, username: string, reason: string | undefined): Promise<void> {
    await this.changeSuspension(operator, username, true, reason);
  }

  async reinstate(operator: Viewer, username: string, reason: string | undefined): Promise<void> {
    await this.changeSuspension(operator, username, false, reason);
  }

  async log(page: PageRequest): Promise<Page<ModerationLogEntry>> {
    return toPage(await this.repository.listLog(page.limit, page.after), page.limit);
  }

  /** Accounts by name for the Users section; the cursor is the last name key, base64url. */
  async users(prefix: string, limit: number, cursor: string | null): Promise<Page<ModeratedUser>> {
    const after = cursor === null ? null : Buffer.from(cursor, 'base64url').toString('utf8');
    const rows = await this.repository.listUsers(usernameKey(prefix), limit, after);
    const items = rows.slice(0, limit);
    const operators = await Promise.all(items.map((row) => this.isOperatorRow(row)));
    const last = items[items.length - 1];
    return {
      response: items.map((row, index) => ({
        id: row.id,
        username: row.username,
        createdAt: row.createdAt,
        suspendedAt: row.suspendedAt,
        isOperator: operators[index] ?? false,
        postCount: row.postCount,
      })),
      nextCursor: rows.length > limit && last ? Buffer.from(last.key, 'utf8').toString('base64url') : null,
    };
  }

  private async changeSuspension(
    operator: Viewer,
    username: string,
    suspend: boolean,
    reason: string | undefined,
  ): Promise<void> {
    const user = await this.userNamed(username);
    if (suspend && user.suspended_at !== null) throw conflict(ALREADY_SUSPENDED_MESSAGE);
    if (!suspend && user.suspended_at === null) throw conflict(NOT_SUSPENDED_MESSAGE);
    if (suspend && (await this.isOperator(user.id))) throw conflict(CANNOT_SUSPEND_OPERATOR_MESSAGE);
    let postIds: readonly string[] = [];
    await this.repository.transaction(async (trx) => {
      const at = new Date().toISOString();
      await this.repository.setSuspended(trx, user.id, suspend ? at : null);
      const writing = await this.repository.writingOf(trx, user.id, suspend ? 'visible' : 'suspension');
      postIds = writing.postIds;
      if (suspend) {
        await this.repository.hidePosts(trx, writing.postIds, 'suspension', at);
        await this.repository.markComments(trx, writing.commentIds, { at, reason: 'suspension' });
      } else {
        await this.repository.restorePosts(trx, writing.postIds);
        await this.repository.markComments(trx, writing.commentIds, null);
      }
      const label = { kind: 'user' as const, id: user.id, label: user.username };
      await this.audit(trx, operator, suspend ? 'user.suspend' : 'user.reinstate', label, reason);
    });
    await this.moderatedPosts?.postsModerated(postIds);
  }

  private async isOperatorRow(row: { id: string; emailKey: string }): Promise<boolean> {
    if (this.adminEmails !== undefined) return this.adminEmails.includes(row.emailKey);
    return this.isOperator(row.id);
  }

  private async userNamed(username: string) {
    const user = await this.repository.findUserByName(usernameKey(username));
    if (!user) throw notFound(USER_NOT_FOUND_MESSAGE);
    return user;
  }

  /** Runs an action on an existing post or comment in one transaction (404 when there is none). */
  private async onTarget(
    kind: TargetKind,
    id: string,
    action: (trx: ModerationTransaction, target: TargetFacts) => Promise<void>,
  ): Promise<void> {
    await this.repository.transaction(async (trx) => {
      const target = await this.repository.findTarget(kind, id, trx);
      if (!target) throw notFound(notFoundMessage(kind));
      await action(trx, target);
    });
  }

  private audit(
    trx: ModerationTransaction,
    operator: Viewer,
    action: ModerationAction,
    target: AuditTarget,
    reason?: string,
  ): Promise<void> {
    return this.repository.log(trx, auditLine(operator, action, target, reason));
  }
}
