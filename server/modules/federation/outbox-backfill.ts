import { nowIso } from '../../lib/clock';
import { loadVocab } from './fedify';
import type { FollowingRepository } from './following-repository';
import { keptPostOf } from './following-inbox';
import type { RemoteDocuments } from './remote-documents';
import type { TimelineRepository } from './timeline-repository';

/** How many of an account's newest activities are read from its outbox when a follow is accepted. */
export const BACKFILL_MAX_ITEMS = 20;

/**
 * A reader's timeline is not empty until the account they follow posts again (decision 0094's
 * addendum): once the account accepts a follow, the first page of its outbox (its newest
 * activities, as Mastodon and Inkwell page it) is read through the private-network guard and each
 * `Create` of a post is kept as the inbox keeps one (following-inbox.ts's `keptPostOf`: the
 * actor's own Article, or a Note that answers nothing). Only activities of that actor, from an
 * outbox and page on its own server, at most BACKFILL_MAX_ITEMS; nothing when nobody here follows
 * it (accepted) any more. Answers how many posts were kept.
 */
export class OutboxBackfill {
  constructor(
    private readonly deps: {
      remote: Pick<RemoteDocuments, 'forOneActivity'>;
      following: Pick<FollowingRepository, 'anyAccepted'>;
      timeline: Pick<TimelineRepository, 'add'>;
    },
  ) {}

  async fill(actorId: string): Promise<number> {
    const loaders = this.deps.remote.forOneActivity();
    const vocab = await loadVocab();
    // An outbox that cannot be read (none, private, a server down) is no error: nothing to add.
    const unreadable = () => null;
    const fetched = await loaders.documentLoader(actorId).catch(unreadable);
    if (fetched === null) return 0;
    const actor = await vocab.Object.fromJsonLd(fetched.document, loaders).catch(unreadable);
    if (!vocab.isActor(actor) || actor.id?.href !== actorId) return 0;
    const origin = actor.id.origin;
    const outbox = await actor.getOutbox(loaders).catch(unreadable);
    if (outbox === null || outbox.id?.origin !== origin) return 0;
    // The collection names its first page (Mastodon, Inkwell); a small one may hold its items itself.
    const page =
      outbox instanceof vocab.OrderedCollectionPage
        ? outbox
        : ((await outbox.getFirst(loaders).catch(unreadable)) ?? outbox);
    if (page.id !== null && page.id.origin !== origin) return 0;
    const items: unknown[] = [];
    try {
      for await (const item of page.getItems(loaders)) {
        items.push(item);
        if (items.length >= BACKFILL_MAX_ITEMS) break;
      }
    } catch {
      // An item that cannot be read ends the page: what was read is kept.
    }
    let kept = 0;
    for (const item of items) {
      if (!(item instanceof vocab.Create) || item.actorId?.href !== actorId) continue;
      const post = await keptPostOf(item, loaders);
      // Checked at each write: the follow may have ended while the outbox was read.
      if (post === undefined || !(await this.deps.following.anyAccepted(actorId))) continue;
      if (await this.deps.timeline.add(post, nowIso())) kept += 1;
    }
    return kept;
  }
}
