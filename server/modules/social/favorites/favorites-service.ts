import { POST_NOT_FOUND_MESSAGE, type Page, type Post } from '../../../../contracts/posts';
import { isForeignKeyViolation } from '../../../db/errors';
import type { Viewer } from '../../../lib/authenticator';
import { notFound } from '../../../lib/http-errors';
import { toPage, type PageRequest } from '../../posts/paging';
import type { FavoriteState, FavoritesRepository } from './favorites-repository';

/** Favorites: a signed-in reader marks posts, at most once each, and lists them. */
export class FavoritesService {
  constructor(private readonly favorites: FavoritesRepository) {}

  async favorite(viewer: Viewer, postId: string): Promise<FavoriteState> {
    try {
      await this.favorites.add(viewer.id, postId);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(POST_NOT_FOUND_MESSAGE);
      throw error;
    }
    return this.stateOf(viewer, postId);
  }

  async unfavorite(viewer: Viewer, postId: string): Promise<FavoriteState> {
    await this.favorites.remove(viewer.id, postId);
    return this.stateOf(viewer, postId);
  }

  async list(viewer: Viewer, page: PageRequest): Promise<Page<Post>> {
    return toPage(await this.favorites.listForUser(viewer.id, page), page.limit);
  }

  /** Counted after the write, so the answer is the stored truth, not a client-side guess. */
  private async stateOf(viewer: Viewer, postId: string): Promise<FavoriteState> {
    const state = await this.favorites.state(viewer.id, postId);
    if (!state) throw notFound(POST_NOT_FOUND_MESSAGE);
    return state;
  }
}
