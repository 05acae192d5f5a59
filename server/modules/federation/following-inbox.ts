import type { Accept, Activity, Announce, Article, Create, Note, Reject, Update } from '@fedify/vocab';
import { nowIso } from '../../lib/clock';
import { actorFacts, webAddress } from './conversation-inbox';
import { loadVocab } from './fedify';
import type { FollowingRepository } from './following-repository';
import { noteToMarkdown, remoteHtmlToMarkdown } from './note-content';
import type { RemoteAccountsRepository } from './remote-accounts-repository';
import type { RemoteDocuments } from './remote-documents';
import type { OwnTimelineReply, TimelineActionsRepository } from './timeline-actions-repository';
import type { TimelineObject, TimelineRepository } from './timeline-repository';
import { uuidv7 } from '../../lib/ids';

type Loaders = ReturnType<RemoteDocuments['forOneActivity']>;

/** A followed account's post is kept to this many characters of Markdown (decision 0090). */
export const TIMELINE_CONTENT_MAX = 20_000;
const SUMMARY_MAX = 1_000;
const TITLE_MAX = 400;

/**
 * What the accounts readers here follow send (decision 0090): the Accept or Reject of our Follow,
 * and their posts for the timeline: Create(Article), or Create(Note) that answers nothing (replies
 * are conversations, kept under our posts by conversation-inbox.ts), kept once per object when
 * someone here follows its actor (accepted); Update replaces it, Delete removes it, Delete of the
 * actor removes all of theirs and the follows of it. Anything from an actor nobody here follows is
 * left alone, not kept. Each answers whether it acted.
 */
export class FollowingInbox {
  constructor(
    private readonly deps: {
      publicUrl: string;
      following: FollowingRepository;
      timeline: TimelineRepository;
      accounts: Pick<RemoteAccountsRepository, 'upsert'>;
      /**
       * Reads the newest posts of an account that accepted a follow (decision 0094's addendum):
       * started, not awaited, so the Accept is answered at once.
       */
      backfill?: (actor: string) => void;
      /** Answers to our readers' replies (decision 0094). */
      actions: Pick<
        TimelineActionsRepository,
        'ownReplyByNote' | 'addAnswer' | 'replaceAnswer' | 'removeAnswer' | 'removeActor'
      >;
    },
  ) {}

  /** Only the actor followed may answer: the Follow is found by its id and that actor. */
  async answer(activity: Accept | Reject, answer: 'accept' | 'reject'): Promise<boolean> {
    const actor = activity.actorId?.href;
    // The Follow, embedded as Mastodon and Inkwell send it, or named by its id: never fetched.
    const followId = activity.objectId?.href;
    if (actor === undefined || followId === undefined) return false;
    const answered = await this.deps.following.answer(actor, followId, answer, nowIso());
    if (answered && answer === 'accept') this.deps.backfill?.(actor);
    if (answered && answer === 'reject' && !(await this.deps.following.anyFollows(actor))) {
      await this.deps.timeline.removeActor(actor);
    }
    return answered;
  }

  async create(activity: Create, loaders: Loaders): Promise<boolean> {
    const actor = activity.actorId;
    if (actor === null) return false;
    // An answer to a reader's reply is theirs to read, whoever wrote it (decision 0094).
    const answer = await this.answerOf(activity, loaders);
    if (answer !== undefined) {
      await this.refreshAuthor(activity, loaders);
      return this.deps.actions.addAnswer({
        id: uuidv7(),
        to: answer.to,
        noteId: answer.noteId,
        actor: actor.href,
        content: answer.content,
        url: answer.url,
        publishedAt: answer.publishedAt,
      });
    }
    if (!(await this.deps.following.anyAccepted(actor.href))) return false;
    const object = await keptPostOf(activity, loaders);
    if (object === undefined) return false;
    await this.refreshAuthor(activity, loaders);
    return this.deps.timeline.add(object, nowIso());
  }

  async update(activity: Update, loaders: Loaders): Promise<boolean> {
    if (activity.actorId === null) return false;
    const answer = await this.answerOf(activity, loaders);
    if (answer !== undefined) {
      return this.deps.actions.replaceAnswer(answer.noteId, activity.actorId.href, answer.content, nowIso());
    }
    const object = await keptPostOf(activity, loaders);
    return object !== undefined && this.deps.timeline.replace(object);
  }

  /**
   * A followed account's Announce of a post on another server (decision 0094's addendum): the post
   * is read from its own server (an embedded copy from another origin is not believed: Fedify
   * fetches it again by its id), kept by the same rule as a followed account's own post, its
   * author's account refreshed for the byline, and the boost kept for the booster's followers.
   * `refused`: the post's server is blocked here.
   */
  async announce(
    activity: Announce,
    loaders: Loaders,
    refused: (host: string) => Promise<boolean>,
  ): Promise<boolean> {
    const actor = activity.actorId;
    const objectId = activity.objectId;
    if (actor === null || activity.id === null || objectId === null) return false;
    if (objectId.origin === new URL(this.deps.publicUrl).origin) return false;
    if (!(await this.deps.following.anyAccepted(actor.href))) return false;
    if (await refused(objectId.host)) return false;
    const object = await activity.getObject(loaders).catch(() => null);
    const { Article, Note, isActor } = await loadVocab();
    if (!(object instanceof Article || object instanceof Note)) return false;
    const authorId = object.attributionId;
    if (authorId === null) return false;
    const post = await keptObjectOf(object, authorId);
    if (post === undefined) return false;
    const author = await object.getAttribution(loaders).catch(() => null);
    if (author && isActor(author) && author.id?.href === authorId.href && author.inboxId !== null) {
      await this.deps.accounts.upsert(await actorFacts(author, author.id, author.inboxId, loaders), nowIso());
    }
    const now = nowIso();
    await this.deps.timeline.add(post, now);
    const timelineId = await this.deps.timeline.idOf(post.objectId);
    if (timelineId === undefined) return false;
    return this.deps.timeline.addBoost({
      timelineId,
      actor: actor.href,
      announceId: activity.id.href,
      publishedAt: activity.published ? new Date(activity.published.epochMilliseconds).toISOString() : now,
      now,
    });
  }

  /** Undo(Announce) by the account that boosted: the boost goes from its followers' timelines. */
  async unannounce(actor: string, announceId: string): Promise<boolean> {
    return this.deps.timeline.removeBoost(actor, announceId);
  }

  /** Delete of a kept post by its author removes it from every timeline; of an answer, the answer. */
  async delete(object: string, actor: string): Promise<boolean> {
    if (await this.deps.actions.removeAnswer(object, actor)) return true;
    return this.deps.timeline.remove(object, actor);
  }

  /** The actor is gone: its posts, its answers and the follows of it go. */
  async actorGone(actor: string): Promise<void> {
    await this.deps.timeline.removeActor(actor);
    await this.deps.actions.removeActor(actor);
    await this.deps.following.removeActor(actor);
  }

  /** Its author as readers see them: name, handle and picture, refreshed from its document. */
  private async refreshAuthor(activity: Activity, loaders: Loaders): Promise<void> {
    const { isActor } = await loadVocab();
    const author = await activity.getActor(loaders).catch(() => null);
    if (author && isActor(author) && author.id !== null && author.inboxId !== null) {
      await this.deps.accounts.upsert(await actorFacts(author, author.id, author.inboxId, loaders), nowIso());
    }
  }

  /**
   * A Note answering one of our readers' replies (its `inReplyTo` is the reply's Note), its
   * actor's own: what is kept of it; undefined for anything else.
   */
  private async answerOf(
    activity: Activity,
    loaders: Loaders,
  ): Promise<
    | { to: OwnTimelineReply; noteId: string; content: string; url: string | null; publishedAt: string }
    | undefined
  > {
    const actor = activity.actorId;
    const target = new URL(this.deps.publicUrl);
    const { Note } = await loadVocab();
    const note = await activity.getObject(loaders).catch(() => null);
    if (actor === null || !(note instanceof Note) || note.id === null || note.replyTargetId === null) {
      return undefined;
    }
    // Our readers' replies are Notes here: anything else is not an answer to one.
    if (note.replyTargetId.origin !== target.origin) return undefined;
    if (note.attributionId?.href !== actor.href || note.id.origin !== actor.origin) return undefined;
    const to = await this.deps.actions.ownReplyByNote(note.replyTargetId.href);
    if (to === undefined) return undefined;
    const content = noteToMarkdown(note.content?.toString() ?? '');
    if (content === '') return undefined;
    return {
      to,
      noteId: note.id.href,
      content,
      url: webAddress(note.url),
      publishedAt: note.published ? new Date(note.published.epochMilliseconds).toISOString() : nowIso(),
    };
  }
}

/**
 * The Article or Note an activity carries, as kept: only its own actor's (attributed to it, on its
 * server), a Note only when it answers nothing; undefined for anything else or nothing left. The
 * inbox's Create and Update and the outbox's back-fill read posts by this one rule.
 */
export async function keptPostOf(activity: Activity, loaders: Loaders): Promise<TimelineObject | undefined> {
  const actor = activity.actorId;
  if (actor === null) return undefined;
  return keptObjectOf(await activity.getObject(loaders).catch(() => null), actor);
}

/** The same rule for an object whose author is `actor`: a boost's post, by its own author. */
async function keptObjectOf(object: unknown, actor: URL): Promise<TimelineObject | undefined> {
  const { Article, Note } = await loadVocab();
  if (!(object instanceof Article || object instanceof Note) || object.id === null) return undefined;
  if (object.attributionId?.href !== actor.href || object.id.origin !== actor.origin) return undefined;
  if (object instanceof Note && object.replyTargetId !== null) return undefined;
  return keptOf(object, actor.href, object instanceof Article ? 'Article' : 'Note');
}

function keptOf(object: Article | Note, actor: string, kind: 'Article' | 'Note'): TimelineObject | undefined {
  const content = remoteHtmlToMarkdown(object.content?.toString() ?? '', TIMELINE_CONTENT_MAX);
  const title = kind === 'Article' ? (object.name?.toString().trim().slice(0, TITLE_MAX) ?? null) : null;
  if (content === '' && !title) return undefined;
  const summary = remoteHtmlToMarkdown(object.summary?.toString() ?? '', SUMMARY_MAX);
  const published = object.published ? new Date(object.published.epochMilliseconds).toISOString() : nowIso();
  return {
    objectId: object.id?.href ?? '',
    actor,
    kind,
    title: title || null,
    summary: summary === '' ? null : summary,
    content,
    url: webAddress(object.url),
    publishedAt: published,
    updatedAt: object.updated ? new Date(object.updated.epochMilliseconds).toISOString() : null,
  };
}
