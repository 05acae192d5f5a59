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

/** The side panel: staff picks, recommended topics, who to follow and the release notes. */
export class DiscoverService {
  constructor(
    private readonly discover: DiscoverRepository,
    private readonly posts: PostsRepository,
    private readonly tags: TagsRepository,
    /** The readers' release notes, read once at start-up (see release-notes.ts). */
    private readonly releases: ReleaseNotes[],
    private readonly releasesLimit: number,
  ) {}

  async panel(viewer: Viewer | null, now = new Date()): Promise<Discover> {
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
