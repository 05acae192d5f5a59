import type { Activity, Actor, Announce, Create, Like, Note, Update } from '@fedify/vocab';
import { commentObjectPath, postObjectPath } from '../../../contracts/federation';
import { isUuid } from '../../../contracts/ids';
import { badRequest, HttpError } from '../../lib/http-errors';
import { nowIso } from '../../lib/clock';
import { loadVocab } from './fedify';
import type { FollowersRepository } from './followers-repository';
import { noteToMarkdown } from './note-content';
import type { RemoteAccount, RemoteAccountsRepository, RemoteActorFacts } from './remote-accounts-repository';
import type { RemoteDocuments } from './remote-documents';
import type { ReactionKind, ReactionsRepository } from './reactions-repository';
import type { SocialNotices } from './social-notices';

type Loaders = ReturnType<RemoteDocuments['forOneActivity']>;
type ActorDocument = Actor;

/** Who writes a remote comment: the account standing for the remote actor. */
export interface RemoteAuthor {
  id: string;
  username: string;
}

/**
 * The comments service's rules, as a remote author meets them (decision 0084): the same checks as
 * any reader's comment (the post's closed discussion and its author's blocks refuse it, a
 * first-time commenter's is held, the post's author is notified), the same edit and delete.
 */
export interface RemoteConversation {
  create(
    author: RemoteAuthor,
    input: { postId: string; body: string; parentId?: string },
  ): Promise<{ id: string }>;
  edit(author: RemoteAuthor, id: string, input: { body: string }): Promise<unknown>;
  delete(author: RemoteAuthor, id: string): Promise<void>;
}

/** Where a reply goes: a post here, and the comment it answers (if it answers one). */
interface ReplyTarget {
  postId: string;
  parentId?: string;
}

/**
 * Replies from the social web (decision 0084): a `Create(Note)` whose `inReplyTo` is one of our
 * posts (its `/ap/posts/{id}` id or its read page) or a comment that came from or went to the
 * social web becomes a comment under the post, by the account standing for its actor;
 * `Update(Note)` edits it, `Delete` of the Note removes it, `Delete` of the actor removes all of
 * theirs and their follows. Only the Note's own actor may do any of it.
 */
export class ConversationInbox {
  constructor(
    private readonly deps: {
      publicUrl: string;
      accounts: RemoteAccountsRepository;
      conversation: RemoteConversation;
      followers: Pick<FollowersRepository, 'removeFollower'>;
      reactions: ReactionsRepository;
      /** The writer hears of likes and boosts (decision 0084's addendum). */
      notices?: Pick<SocialNotices, 'reacted' | 'unreacted'>;
    },
  ) {}

  /** Each answers whether readers' pages changed. */
  async create(activity: Create, loaders: Loaders): Promise<boolean> {
    const { Note } = await loadVocab();
    const note = await activity.getObject(loaders).catch(() => null);
    if (!(note instanceof Note) || note.id === null) return false;
    const actor = activity.actorId;
    if (actor === null) return false;
    this.requireOwnNote(note, actor);
    const target = await this.replyTarget(note.replyTargetId);
    // A Note about something else (a reply to another server's post, a mention) is not ours to keep.
    if (target === undefined) return false;
    // The same Note again (a delivery retried): it is here already.
    if (await this.deps.accounts.noteComment(note.id.href)) return false;
    const body = noteToMarkdown(note.content?.toString() ?? '');
    if (body === '') return false;
    const account = await this.account(activity, loaders);
    const comment = await this.deps.conversation.create(authorOf(account), {
      postId: target.postId,
      body,
      ...(target.parentId !== undefined ? { parentId: target.parentId } : {}),
    });
    await this.deps.accounts.saveNote(comment.id, note.id.href, webAddress(note.url), nowIso());
    return true;
  }

  async update(activity: Update, loaders: Loaders): Promise<boolean> {
    const { Note } = await loadVocab();
    const note = await activity.getObject(loaders).catch(() => null);
    if (!(note instanceof Note) || note.id === null || activity.actorId === null) return false;
    this.requireOwnNote(note, activity.actorId);
    const found = await this.ownComment(note.id.href, activity.actorId.href);
    if (!found) return false;
    const body = noteToMarkdown(note.content?.toString() ?? '');
    if (body === '') return false;
    await this.deps.conversation.edit(authorOf(found.account), found.commentId, { body });
    return true;
  }

  /**
   * Like or Announce of a post here: counted once per actor, post and kind; a new one is told to
   * the post's writer, by the account standing for its actor.
   */
  async react(activity: Like | Announce, kind: ReactionKind, loaders: Loaders): Promise<boolean> {
    const actor = activity.actorId?.href;
    const postId = this.localPost(activity.objectId);
    if (actor === undefined || postId === undefined || activity.id === null) return false;
    const outcome = await this.deps.reactions.add({
      postId,
      actorId: actor,
      kind,
      activityId: activity.id.href,
      now: nowIso(),
    });
    if (outcome === 'added' && this.deps.notices) {
      // Counted either way: an actor whose document cannot be read is counted, not named.
      const account = await this.account(activity, loaders).catch(() => undefined);
      if (account) await this.deps.notices.reacted(postId, account.userId, kind);
    }
    return outcome !== 'missing';
  }

  /** Undo of an embedded Like or Announce (its actor already checked to be the undoing one). */
  async unreact(activity: Like | Announce, kind: ReactionKind): Promise<boolean> {
    const actor = activity.actorId?.href;
    const postId = this.localPost(activity.objectId);
    if (actor === undefined) return false;
    if (postId !== undefined && (await this.deps.reactions.remove(postId, actor, kind))) {
      await this.withdrawNotice(actor, postId, kind);
      return true;
    }
    return activity.id !== null && this.unreactById(actor, activity.id.href);
  }

  /** Undo naming a Like or Announce by its id alone. */
  async unreactById(actorId: string, activityId: string): Promise<boolean> {
    const removed = await this.deps.reactions.removeByActivity(actorId, activityId);
    if (!removed) return false;
    await this.withdrawNotice(actorId, removed.postId, removed.kind);
    return true;
  }

  /** What the writer was told of a like or boost, while unread, goes with it. */
  private async withdrawNotice(actorId: string, postId: string, kind: ReactionKind): Promise<void> {
    const account = await this.deps.accounts.findByActor(actorId);
    if (account) await this.deps.notices?.unreacted(postId, account.userId, kind);
  }

  /** Delete of a Note (or its Tombstone) by its author removes its comment. */
  async delete(object: string, actor: string): Promise<boolean> {
    const found = await this.ownComment(object, actor);
    if (!found) return false;
    await this.removeComment(found.account, found.commentId);
    return true;
  }

  /**
   * The actor is gone: their comments go (a comment with replies stays as "[deleted]", as any
   * deleted comment does) and so do their follows. Unknown actors: nothing to do (Mastodon's
   * `skip_unknown_actor_activity`).
   */
  async actorGone(actorId: string): Promise<void> {
    const account = await this.deps.accounts.findByActor(actorId);
    await this.deps.followers.removeFollower(actorId);
    await this.deps.reactions.removeActor(actorId);
    if (!account) return;
    for (const commentId of await this.deps.accounts.commentsBy(account.userId)) {
      await this.removeComment(account, commentId);
    }
  }

  private async removeComment(account: RemoteAccount, commentId: string): Promise<void> {
    try {
      await this.deps.conversation.delete(authorOf(account), commentId);
    } catch (error) {
      // Already gone (a Delete retried, or removed here meanwhile): nothing left to do.
      if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
    }
  }

  /** Mastodon's rule: a Note is its actor's own, from its actor's server. */
  private requireOwnNote(note: Note, actor: URL): void {
    if (note.attributionId?.href !== actor.href || note.id?.origin !== actor.origin) {
      throw badRequest('The Note is not the activity’s actor’s');
    }
  }

  /** The comment a Note became, if the actor undoing or changing it is the one who wrote it. */
  private async ownComment(
    noteId: string,
    actorId: string,
  ): Promise<{ account: RemoteAccount; commentId: string } | undefined> {
    const found = await this.deps.accounts.noteComment(noteId);
    if (!found) return undefined;
    const account = await this.deps.accounts.findByActor(actorId);
    if (!account || account.userId !== found.authorId) return undefined;
    return { account, commentId: found.commentId };
  }

  /** A post here, by its object id (`/ap/posts/{id}`) or its read page (`/readblog?id=`). */
  private localPost(address: URL | null): string | undefined {
    if (address === null || address.origin !== new URL(this.deps.publicUrl).origin) return undefined;
    const post = /^\/ap\/posts\/([^/]+)$/.exec(address.pathname)?.[1];
    if (post !== undefined && isUuid(post) && address.pathname === postObjectPath(post)) return post;
    const page = address.pathname === '/readblog' ? address.searchParams.get('id') : null;
    return page !== null && isUuid(page) ? page : undefined;
  }

  /** A post here, by its object id or read page; a comment, by its Note's id here or there. */
  private async replyTarget(address: URL | null): Promise<ReplyTarget | undefined> {
    if (address === null) return undefined;
    const ours = new URL(this.deps.publicUrl);
    if (address.origin === ours.origin) {
      const post = this.localPost(address);
      if (post !== undefined) return { postId: post };
      const comment = /^\/ap\/comments\/([^/]+)$/.exec(address.pathname)?.[1];
      if (comment !== undefined && isUuid(comment) && address.pathname === commentObjectPath(comment)) {
        const postId = await this.deps.accounts.postOfComment(comment);
        return postId === undefined ? undefined : { postId, parentId: comment };
      }
      return undefined;
    }
    const remote = await this.deps.accounts.noteComment(address.href);
    return remote && { postId: remote.postId, parentId: remote.commentId };
  }

  /** The account standing for the activity's actor, made or refreshed from its document. */
  private async account(activity: Activity, loaders: Loaders): Promise<RemoteAccount> {
    const { isActor } = await loadVocab();
    const actor = await activity.getActor(loaders).catch(() => null);
    if (!actor || !isActor(actor) || actor.id === null || actor.inboxId === null) {
      throw badRequest('The author’s actor could not be read, or has no inbox');
    }
    return this.deps.accounts.upsert(await actorFacts(actor, actor.id, actor.inboxId, loaders), nowIso());
  }
}

/** What is kept of a remote actor, from its document (decision 0084). */
export async function actorFacts(
  actor: ActorDocument,
  id: URL,
  inbox: URL,
  loaders: Loaders,
): Promise<RemoteActorFacts> {
  const username = actor.preferredUsername?.toString() ?? id.pathname.split('/').pop() ?? '';
  const icon = await actor.getIcon(loaders).catch(() => null);
  const picture = webAddress(icon?.url ?? null);
  return {
    actorId: id.href,
    handle: `@${username}@${id.host}`,
    name: actor.name?.toString().slice(0, 400) ?? null,
    profileUrl: webAddress(actor.url),
    // Shown as an <img> on our pages: https only (the Content-Security-Policy allows no other).
    pictureUrl: picture?.startsWith('https://') ? picture : null,
    inbox: inbox.href,
    sharedInbox: actor.endpoints?.sharedInbox?.href ?? null,
  };
}

function authorOf(account: RemoteAccount): RemoteAuthor {
  return { id: account.userId, username: account.username };
}

/** A `url` as ActivityStreams gives it (an address, or a Link to one): http(s) only, for a link. */
export function webAddress(url: URL | { href: URL | null } | null | undefined): string | null {
  const address = !url ? null : url instanceof URL ? url : url.href;
  return address && (address.protocol === 'https:' || address.protocol === 'http:') ? address.href : null;
}
