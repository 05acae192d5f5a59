import { USER_NOT_FOUND_MESSAGE } from '../../../../contracts/auth';
import type { Page, Author } from '../../../../contracts/posts';
import { MissingReference } from '../../../lib/constraint-violations';
import type { Viewer } from '../../accounts/authenticator';
import { badRequest, notFound } from '../../../lib/http-errors';
import { toPage, type PageRequest } from '../../posts/paging';
import type { BlocksRepository } from './blocks-repository';

export const BLOCK_SELF_MESSAGE = 'You cannot block yourself';

export interface BlockState {
  blocked: boolean;
}

/**
 * A reader blocks a user. Their comments are hidden from the reader; they can no
 * longer reply to the reader's comments, mention the reader, or send the reader notifications.
 */
export class BlocksService {
  constructor(
    private readonly blocks: BlocksRepository,
    /** Told after a block: a remote account's follow of the blocker ends (decision 0084). */
    private readonly listener?: { blocked(blockerId: string, blockedId: string): Promise<void> },
  ) {}

  async block(viewer: Viewer, userId: string): Promise<BlockState> {
    if (userId === viewer.id) throw badRequest(BLOCK_SELF_MESSAGE);
    try {
      await this.blocks.add(viewer.id, userId);
    } catch (error) {
      if (error instanceof MissingReference) throw notFound(USER_NOT_FOUND_MESSAGE);
      throw error;
    }
    await this.listener?.blocked(viewer.id, userId);
    return { blocked: true };
  }

  async unblock(viewer: Viewer, userId: string): Promise<BlockState> {
    if (userId === viewer.id) throw badRequest(BLOCK_SELF_MESSAGE);
    await this.blocks.remove(viewer.id, userId);
    return { blocked: false };
  }

  async state(viewer: Viewer, userId: string): Promise<BlockState> {
    return { blocked: await this.blocks.isBlocked(viewer.id, userId) };
  }

  async list(viewer: Viewer, page: PageRequest): Promise<Page<Author>> {
    return toPage(await this.blocks.listBlocked(viewer.id, page), page.limit);
  }
}
