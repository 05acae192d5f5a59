import { FOLLOWED_TAGS_MAX, type TagInfo, type TagSummary } from '../../../contracts/tags';
import { MissingReference } from '../../lib/constraint-violations';
import type { Viewer } from '../accounts/authenticator';
import { badRequest, notFound } from '../../lib/http-errors';
import { TAG_NOT_FOUND_MESSAGE } from '../posts/posts-service';
import type { TagsRepository } from './tags-repository';

export const TOO_MANY_FOLLOWED_TAGS_MESSAGE = `You can follow at most ${FOLLOWED_TAGS_MAX} topics`;

/** Topics: anyone reads them; a signed-in reader follows them, at most a hundred. */
export class TagsService {
  constructor(private readonly tags: TagsRepository) {}

  mostUsed(limit: number, prefix: string | null): Promise<TagSummary[]> {
    return this.tags.mostUsed(limit, prefix);
  }

  async info(name: string, viewer: Viewer | null): Promise<TagInfo> {
    const info = await this.tags.info(name, viewer?.id ?? null);
    if (!info) throw notFound(TAG_NOT_FOUND_MESSAGE);
    return info;
  }

  /** Answers the topic's info read after the write, so its counts are the stored truth. */
  async follow(viewer: Viewer, name: string): Promise<TagInfo> {
    if (
      !(await this.tags.isFollowing(viewer.id, name)) &&
      (await this.tags.followedCount(viewer.id)) >= FOLLOWED_TAGS_MAX
    ) {
      throw badRequest(TOO_MANY_FOLLOWED_TAGS_MESSAGE);
    }
    try {
      await this.tags.follow(viewer.id, name);
    } catch (error) {
      if (error instanceof MissingReference) throw notFound(TAG_NOT_FOUND_MESSAGE);
      throw error;
    }
    return this.info(name, viewer);
  }

  async unfollow(viewer: Viewer, name: string): Promise<TagInfo> {
    await this.tags.unfollow(viewer.id, name);
    return this.info(name, viewer);
  }

  followed(viewer: Viewer): Promise<TagSummary[]> {
    return this.tags.followed(viewer.id);
  }
}
