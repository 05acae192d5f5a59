import { POST_NOT_FOUND_MESSAGE, type Page, type Post } from '../../../../contracts/posts';
import { MissingReference } from '../../../lib/constraint-violations';
import type { Viewer } from '../../accounts/authenticator';
import { notFound } from '../../../lib/http-errors';
import { toPage, type PageRequest } from '../../posts/paging';
import type { RateLimiter, RateLimiters } from '../../../lib/rate-limiter';
import type { NotificationsRepository } from '../../notifications/notifications-repository';
import type { FavoritesRepository, FavoriteState } from './favorites-repository';
import type { UnitOfWork } from '../../../lib/unit-of-work';

/** The storage a favorite touches: the favorites, and the author's notification of it. */
export interface FavoritesStore {
  favorites: FavoritesRepository;
  notifications: NotificationsRepository;
}

const favoriteGroup = (postId: string) => `favorite:${postId}`;

export const TOO_MANY_FAVORITES_MESSAGE = 'You are favoriting too fast. Please try again later.';

/**
 * Favorites: a signed-in reader marks posts, at most once each, and lists them. The post's author
 * hears of a new favorite, in the same transaction; an unfavorite takes back what is still unread.
 */
export class FavoritesService {
  private readonly favorites: FavoritesRepository;

  private readonly favoritedByUser: RateLimiter;

  constructor(
    private readonly store: UnitOfWork<FavoritesStore>,
    limiters: RateLimiters<'favoritesPerUser'>,
  ) {
    this.favorites = store.repositories.favorites;
    this.favoritedByUser = limiters.limiter('favoritesPerUser');
  }

  async favorite(viewer: Viewer, postId: string): Promise<FavoriteState> {
    await this.favoritedByUser.spend(viewer.id, TOO_MANY_FAVORITES_MESSAGE);
    try {
      await this.store.run(async ({ favorites, notifications }) => {
        // The author's account before the post (its counter): see lockPostAuthor.
        await notifications.lockPostAuthor(postId);
        if (!(await favorites.add(viewer.id, postId))) return;
        const authorId = await favorites.postAuthorOf(postId);
        if (authorId === undefined) return;
        await notifications.add([
          {
            recipientId: authorId,
            actorId: viewer.id,
            kind: 'favorite',
            postId,
            commentId: null,
            groupKey: favoriteGroup(postId),
          },
        ]);
      });
    } catch (error) {
      if (error instanceof MissingReference) throw notFound(POST_NOT_FOUND_MESSAGE);
      throw error;
    }
    return this.stateOf(viewer, postId);
  }

  async unfavorite(viewer: Viewer, postId: string): Promise<FavoriteState> {
    await this.store.run(async ({ favorites, notifications }) => {
      await favorites.remove(viewer.id, postId);
      const authorId = await favorites.postAuthorOf(postId);
      if (authorId !== undefined) {
        await notifications.withdraw(authorId, viewer.id, favoriteGroup(postId));
      }
    });
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
