import { LRUCache } from 'lru-cache';
import {
  DISCOVER_TOPICS_LIMIT,
  STAFF_PICKS_LIMIT,
  STAFF_PICKS_WINDOW_DAYS,
  WHO_TO_FOLLOW_LIMIT,
  type Discover,
  type ReleaseNotes,
  type StaffPicks,
} from '../../../contracts/discover';
import type { Post } from '../../../contracts/posts';
import type { Viewer } from '../accounts/authenticator';
import type { PostsRepository } from '../posts/posts-repository';
import type { TagsRepository } from '../tags/tags-repository';
import type { DiscoverRepository } from './discover-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long visitors share one computed panel when nothing is written through this instance's HTTP
 * API: the bound for changes it cannot hear of (an operator's command-line change, a scheduled post
 * going live, another instance's write without Redis).
 */
export const VISITOR_PANEL_MAX_AGE_MS = 5_000;

/** The side panel: staff picks, recommended topics, who to follow and the release notes. */
export class DiscoverService {
  /**
   * The visitors' panel, computed once for every visitor until the next write. Keyed by the write
   * version, so a panel computed while a write was landing is never served after it; `fetch`
   * shares one computation among the requests that miss together.
   */
  private readonly visitorPanel: LRUCache<string, Discover>;

  constructor(
    private readonly discover: DiscoverRepository,
    private readonly posts: PostsRepository,
    private readonly tags: TagsRepository,
    /** The readers' release notes, read once at start-up (see release-notes.ts). */
    private readonly releases: ReleaseNotes[],
    private readonly releasesLimit: number,
    /** Changes whenever anything is written (the response cache's version, lib/response-cache.ts). */
    private readonly writeVersion: () => number,
  ) {
    this.visitorPanel = new LRUCache<string, Discover>({
      max: 1,
      ttl: VISITOR_PANEL_MAX_AGE_MS,
      fetchMethod: () => this.compute(null, new Date()),
    });
  }

  /**
   * What the side panel shows `viewer`. A visitor's changes only when someone writes, so it is
   * computed once for all of them; a reader's leaves them and those they follow out.
   */
  async panel(viewer: Viewer | null): Promise<Discover> {
    if (viewer) return this.compute(viewer, new Date());
    const shared = await this.visitorPanel.fetch(String(this.writeVersion()));
    return shared ?? this.compute(null, new Date());
  }

  private async compute(viewer: Viewer | null, now: Date): Promise<Discover> {
    const [staffPicks, topics, whoToFollow] = await Promise.all([
      this.staffPicks(viewer, now),
      this.tags.mostUsed(DISCOVER_TOPICS_LIMIT),
      this.discover.recentlyActiveWriters(viewer?.id ?? null, WHO_TO_FOLLOW_LIMIT),
    ]);
    return { staffPicks, topics, whoToFollow, changelog: this.releases.slice(0, this.releasesLimit) };
  }

  /**
   * The operator's picks that readers can see now, in their order; when there are
   * none, the posts favorited most in the last 30 days.
   */
  private async staffPicks(viewer: Viewer | null, now: Date): Promise<StaffPicks> {
    const picked = await this.discover.operatorPicks(STAFF_PICKS_LIMIT);
    const chosenBy = picked.length > 0 ? 'operator' : 'most-favorited';
    const since = new Date(now.getTime() - STAFF_PICKS_WINDOW_DAYS * DAY_MS).toISOString();
    const ids = picked.length > 0 ? picked : await this.discover.mostFavoritedSince(since, STAFF_PICKS_LIMIT);
    const byId = new Map<string, Post>(
      (await this.posts.findPublicByIds(ids, viewer?.id ?? null, new Date().toISOString())).map((post) => [
        post.id,
        post,
      ]),
    );
    const posts = ids.map((id) => byId.get(id)).filter((post): post is Post => post !== undefined);
    return { chosenBy, windowDays: STAFF_PICKS_WINDOW_DAYS, posts };
  }
}
