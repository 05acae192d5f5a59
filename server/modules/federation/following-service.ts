import { writerActorPath } from '../../../contracts/federation';
import type { Page } from '../../../contracts/posts';
import type { SocialFollowing, SocialTimelineItem } from '../../../contracts/social-web';
import { nowIso } from '../../lib/clock';
import { DuplicateKey } from '../../lib/constraint-violations';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { Viewer } from '../accounts/authenticator';
import type { MarkdownRenderer } from '../posts/markdown/markdown-renderer';
import type { TimeKey } from '../posts/paging';
import { actorFacts } from './conversation-inbox';
import type { DeliveriesRepository } from './deliveries-repository';
import { loadVocab } from './fedify';
import type { FollowingRepository } from './following-repository';
import { parseRemoteAccount, type RemoteActorLookup } from './remote-actor-lookup';
import type { RemoteAccountsRepository } from './remote-accounts-repository';
import type { RemoteDocuments } from './remote-documents';
import type { TimelineActionsRepository } from './timeline-actions-repository';
import type { TimelineRepository } from './timeline-repository';

export const FOLLOW_YOURSELF_MESSAGE = 'You cannot follow yourself';
export const LOCAL_ACCOUNT_MESSAGE = 'That account is on this server: follow it here, from its profile';
export const ALREADY_FOLLOWING_MESSAGE = 'You already follow this account';
export const NOT_FOLLOWING_MESSAGE = 'You do not follow this account';
/** A timeline item's headings sit under its title, an h2 on the screen. */
const TIMELINE_HEADING_BASE = 2;
/** Its replies' headings sit under it. */
const REPLY_HEADING_BASE = 3;

export const NO_ACTOR_MESSAGE = 'Your account has no address on the social web (it needs a handle)';

/**
 * A reader here following accounts on other servers (decision 0090): the account is found by
 * WebFinger and its actor's document, the follow kept pending, and a signed Follow from the
 * reader's own actor queued through the durable delivery queue; the remote Accept (inbox) makes it
 * accepted. Unfollowing sends Undo(Follow). The timeline is what the accounts they follow posted.
 */
export class FollowingService {
  constructor(
    private readonly deps: {
      publicUrl: string;
      following: FollowingRepository;
      timeline: TimelineRepository;
      /** The reader's likes, boosts and replies, shown with each post (decision 0094). */
      actions: Pick<TimelineActionsRepository, 'stateOf'>;
      lookup: RemoteActorLookup;
      remote: RemoteDocuments;
      accounts: Pick<RemoteAccountsRepository, 'upsert'>;
      deliveries: Pick<DeliveriesRepository, 'enqueue'>;
      /** Whether the reader's actor exists (a writer with a handle, not suspended). */
      actors: { existsAt(path: string): Promise<boolean> };
      /** The reader's handle, to tell `@them@this-host` from another account here. */
      handleOf(userId: string): Promise<string | null>;
      /** The Markdown kept, rendered and sanitized as a comment's is. */
      markdown: Pick<MarkdownRenderer, 'render'>;
      wake: () => void;
    },
  ) {}

  async follow(viewer: Viewer, input: string): Promise<SocialFollowing> {
    const ours = new URL(this.deps.publicUrl);
    const name = parseRemoteAccount(input);
    const ownPath = writerActorPath(viewer.id);
    // Accounts here are followed here (POST /api/user/follow), not through the social web.
    if (name.kind === 'acct' && name.host === ours.host.toLowerCase()) {
      const handle = await this.deps.handleOf(viewer.id);
      throw badRequest(
        handle !== null && handle.toLowerCase() === name.user.toLowerCase()
          ? FOLLOW_YOURSELF_MESSAGE
          : LOCAL_ACCOUNT_MESSAGE,
      );
    }
    if (name.kind === 'url' && name.url.origin === ours.origin) {
      throw badRequest(name.url.pathname === ownPath ? FOLLOW_YOURSELF_MESSAGE : LOCAL_ACCOUNT_MESSAGE);
    }
    if (!(await this.deps.actors.existsAt(ownPath))) throw forbidden(NO_ACTOR_MESSAGE);
    const loaders = this.deps.remote.forOneActivity();
    const actor = await this.deps.lookup.actor(await this.deps.lookup.actorAddress(name), loaders);
    // WebFinger may name an actor here after all (an alias of this server).
    if (actor.id.origin === ours.origin) {
      throw badRequest(actor.id.pathname === ownPath ? FOLLOW_YOURSELF_MESSAGE : LOCAL_ACCOUNT_MESSAGE);
    }
    if (await this.deps.following.find(viewer.id, actor.id.href)) throw conflict(ALREADY_FOLLOWING_MESSAGE);
    const now = nowIso();
    await this.deps.accounts.upsert(await actorFacts(actor, actor.id, actor.inboxId, loaders), now);
    const followId = `${this.deps.publicUrl}${ownPath}#follows/${uuidv7()}`;
    try {
      await this.deps.following.add(
        { userId: viewer.id, actor: actor.id.href, inbox: actor.inboxId.href, followId },
        now,
      );
    } catch (error) {
      // The same follow asked twice at once: one of them is the follow.
      if (error instanceof DuplicateKey) throw conflict(ALREADY_FOLLOWING_MESSAGE);
      throw error;
    }
    const { Follow } = await loadVocab();
    const activity = new Follow({
      id: new URL(followId),
      actor: new URL(`${this.deps.publicUrl}${ownPath}`),
      object: actor.id,
      to: actor.id,
    });
    await this.queue(ownPath, actor.inboxId.href, followId, await activity.toJsonLd(), now);
    const [listed] = await this.deps.following.list(viewer.id, actor.id.href);
    if (!listed) throw notFound(NOT_FOLLOWING_MESSAGE);
    return listed;
  }

  /** Undo(Follow) to the account's inbox; what it posted goes once nobody here follows it. */
  async unfollow(viewer: Viewer, actor: string): Promise<void> {
    const row = await this.deps.following.find(viewer.id, actor);
    if (!row) throw notFound(NOT_FOLLOWING_MESSAGE);
    await this.deps.following.remove(viewer.id, actor);
    const ownPath = writerActorPath(viewer.id);
    const actorUrl = new URL(`${this.deps.publicUrl}${ownPath}`);
    const { Follow, Undo } = await loadVocab();
    const undo = new Undo({
      id: new URL(`${actorUrl.href}#undo/${uuidv7()}`),
      actor: actorUrl,
      object: new Follow({ id: new URL(row.followId), actor: actorUrl, object: new URL(actor) }),
      to: new URL(actor),
    });
    const now = nowIso();
    await this.queue(ownPath, row.inbox, undo.id?.href ?? '', await undo.toJsonLd(), now);
    if (!(await this.deps.following.anyFollows(actor))) await this.deps.timeline.removeActor(actor);
  }

  list(viewer: Viewer): Promise<SocialFollowing[]> {
    return this.deps.following.list(viewer.id);
  }

  async timeline(
    viewer: Viewer,
    page: { limit: number; after: TimeKey | null },
  ): Promise<Page<SocialTimelineItem>> {
    const kept = await this.deps.timeline.page(viewer.id, page);
    const states = await this.deps.actions.stateOf(
      viewer.id,
      kept.response.map((item) => item.id),
    );
    const render = (markdown: string, base: number) => this.deps.markdown.render(markdown, base).html;
    return {
      ...kept,
      response: kept.response.map((item) => {
        const state = states.get(item.id);
        return {
          ...item,
          contentHtml: render(item.content, TIMELINE_HEADING_BASE),
          liked: state?.liked ?? false,
          boosted: state?.boosted ?? false,
          replies: (state?.replies ?? []).map((reply) => ({
            ...reply,
            contentHtml: render(reply.content, REPLY_HEADING_BASE),
          })),
        };
      }),
    };
  }

  private async queue(actor: string, inbox: string, activityId: string, document: unknown, now: string) {
    await this.deps.deliveries.enqueue(
      [{ actor, inbox, activityId, payload: JSON.stringify(document) }],
      now,
    );
    this.deps.wake();
  }
}
