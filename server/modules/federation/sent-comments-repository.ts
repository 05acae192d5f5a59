import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, FederationSentCommentsTable } from '../../db/schema';

/** A writer's reply sent to the social web, and whom it went to (decision 0084's addendum). */
export interface SentComment {
  commentId: string;
  postId: string;
  /** The writer's actor path, whose key signs every activity about the reply. */
  actor: string;
  /** The remote Note it answers. */
  inReplyTo: string;
  recipient: { actorId: string; handle: string; profileUrl: string | null };
  /** The recipient's shared inbox, else its own: where the Create went, and its Update and Delete go. */
  inbox: string;
  createdAt: string;
  /** When its Delete was sent; null while it stands. */
  deletedAt: string | null;
}

/** The only place that reads and writes federation_sent_comments. */
export class SentCommentsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Records a reply as sent; a reply recorded already (the listener told twice) keeps its row. */
  async record(sent: Omit<SentComment, 'deletedAt'>): Promise<void> {
    await this.db
      .insertInto('federation_sent_comments')
      .values({
        comment_id: sent.commentId,
        post_id: sent.postId,
        actor: sent.actor,
        in_reply_to: sent.inReplyTo,
        recipient: sent.recipient.actorId,
        recipient_handle: sent.recipient.handle,
        recipient_profile_url: sent.recipient.profileUrl,
        inbox: sent.inbox,
        created_at: sent.createdAt,
        deleted_at: null,
      })
      .onConflict((conflict) => conflict.column('comment_id').doNothing())
      .execute();
  }

  async find(commentId: string): Promise<SentComment | undefined> {
    const row = await this.db
      .selectFrom('federation_sent_comments')
      .selectAll()
      .where('comment_id', '=', commentId)
      .executeTakeFirst();
    return row && toSent(row);
  }

  /**
   * Marks a reply deleted, once: answers its row when this call did it (its Delete is to be
   * sent), undefined when it was never sent or is marked already.
   */
  async markDeleted(commentId: string, now: string): Promise<SentComment | undefined> {
    const result = await this.db
      .updateTable('federation_sent_comments')
      .set({ deleted_at: now })
      .where('comment_id', '=', commentId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    return this.find(commentId);
  }

  /**
   * Replies told to stand whose comment is gone here (deleted with their post, or by an operator
   * with the comment they answered): under one post, or anywhere. Only replies that went out are
   * in this table, a few per writer: the walk is short.
   */
  async goneButStanding(postId?: string): Promise<string[]> {
    let query = this.db
      .selectFrom('federation_sent_comments as sent')
      .select('sent.comment_id')
      .where('sent.deleted_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('comments')
              .select('comments.id')
              .whereRef('comments.id', '=', 'sent.comment_id')
              .where('comments.deleted_at', 'is', null),
          ),
        ),
      );
    if (postId !== undefined) query = query.where('sent.post_id', '=', postId);
    const rows = await query.execute();
    return rows.map((row) => row.comment_id);
  }
}

function toSent(row: Selectable<FederationSentCommentsTable>): SentComment {
  return {
    commentId: row.comment_id,
    postId: row.post_id,
    actor: row.actor,
    inReplyTo: row.in_reply_to,
    recipient: {
      actorId: row.recipient,
      handle: row.recipient_handle,
      profileUrl: row.recipient_profile_url,
    },
    inbox: row.inbox,
    createdAt: row.created_at,
    deletedAt: row.deleted_at,
  };
}
