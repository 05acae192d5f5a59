import type { SignInInput, SignUpInput } from '../../../contracts/auth';
import { USER_NOT_FOUND_MESSAGE, emailKey, usernameKey } from '../../../contracts/auth';
import { COMMENT_NOT_FOUND_MESSAGE, type Comment } from '../../../contracts/comments';
import {
  CONDUIT_COMMENTS_MAX,
  CONDUIT_LIMIT_DEFAULT,
  RECENT_SIGN_IN_NEEDED_MESSAGE,
  articleSlug,
  postIdOfSlug,
  type ConduitArticle,
  type ConduitArticleUpdate,
  type ConduitArticlesQuery,
  type ConduitComment,
  type ConduitNewArticle,
  type ConduitProfile,
  type ConduitUser,
  type ConduitUserUpdate,
} from '../../../contracts/conduit';
import { PAGE_LIMIT_MAX, POST_NOT_FOUND_MESSAGE, type Post } from '../../../contracts/posts';
import { metaDescription } from '../../../contracts/preview';
import { parseTagName } from '../../../contracts/tags';
import { nowIso } from '../../lib/clock';
import type { Viewer } from '../accounts/authenticator';
import { forbidden, notFound } from '../../lib/http-errors';
import type { PostsService } from '../posts/posts-service';
import { EDIT_FORBIDDEN_MESSAGE } from '../posts/posts-service';
import type { CommentsService } from '../social/comments/comments-service';
import type { FavoritesService } from '../social/favorites/favorites-service';
import type { FollowsService } from '../social/follows/follows-service';
import type { AccountsService } from '../accounts/accounts-service';
import type { UsersService } from '../users/users-service';
import type { ArticleFilter, ConduitRepository } from './conduit-repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A comment's number: a positive 32-bit integer (PostgreSQL's `integer`); undefined for anything else. */
function commentNumber(text: string): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const number = Number(text);
  return number >= 1 && number <= 2 ** 31 - 1 ? number : undefined;
}

export interface ConduitServices {
  users: UsersService;
  accounts: Pick<AccountsService, 'proveIdentity' | 'changeEmailNow' | 'keepSession'>;
  posts: PostsService;
  comments: CommentsService;
  favorites: FavoritesService;
  follows: FollowsService;
  conduit: ConduitRepository;
}

export interface ArticleList {
  articles: ConduitArticle[];
  articlesCount: number;
}

/**
 * Conduit's view of Inkwell: translates the specification's operations to the existing services,
 * which keep every rule (who may write, rate limits, notifications, drafts stay private), and
 * their answers to Conduit's shapes. Only published posts are articles: a draft or scheduled post
 * is a 404 here even to its writer, who manages it in Inkwell.
 */
export class ConduitService {
  constructor(private readonly services: ConduitServices) {}

  async register(input: SignUpInput, ip: string): Promise<ConduitUser> {
    const { jwt, userId, username } = await this.services.users.signUp(input, ip);
    return this.user({ id: userId, username }, jwt);
  }

  async login(input: SignInInput, ip: string): Promise<ConduitUser> {
    const { jwt, id, username } = await this.services.users.signIn(input, ip);
    return this.user({ id, username }, jwt);
  }

  async user(viewer: Viewer, token: string): Promise<ConduitUser> {
    const account = await this.services.users.account(viewer);
    return {
      email: account.email,
      token,
      username: account.username,
      bio: account.bio,
      image: account.image,
    };
  }

  /**
   * Changes what is sent. A new email or password applies at once within RECENT_SIGN_IN_MINUTES of
   * signing in, or later with `currentPassword` (decision 59): the previous address gets the notice
   * with its undo link, every other session ends, and the token that made the change stays valid
   * (RealWorld clients go on with the token they hold). The same address sent back (clients send
   * the whole form) is no change.
   */
  async updateUser(viewer: Viewer, token: string, input: ConduitUserUpdate): Promise<ConduitUser> {
    const { users, accounts } = this.services;
    const account = await users.account(viewer);
    const newEmail =
      input.email !== undefined && emailKey(input.email) !== emailKey(account.email)
        ? input.email
        : undefined;
    const credentials = newEmail !== undefined || input.password !== undefined;
    if (credentials) {
      await accounts.proveIdentity(viewer, input.currentPassword, RECENT_SIGN_IN_NEEDED_MESSAGE);
    }
    // First, as it is refused (409) before anything has changed when another account has the address.
    if (newEmail !== undefined) await accounts.changeEmailNow(viewer, newEmail);
    const changes = {
      ...(input.username !== undefined && input.username !== account.username
        ? { username: input.username }
        : {}),
      ...(input.bio !== undefined ? { bio: input.bio } : {}),
      ...(input.image !== undefined ? { image: input.image } : {}),
      ...(input.password !== undefined
        ? {
            password: input.password,
            ...(input.currentPassword !== undefined ? { currentPassword: input.currentPassword } : {}),
          }
        : {}),
    };
    let answerToken = token;
    if (Object.keys(changes).length > 0) {
      const updated = await users.update(viewer, changes);
      answerToken = updated.jwt;
    }
    if (credentials) {
      await accounts.keepSession(viewer, token);
      answerToken = token;
    }
    return this.user(viewer, answerToken);
  }

  async profile(username: string, viewer: Viewer | null): Promise<ConduitProfile> {
    return this.profileOf(await this.services.users.idOfUsername(username), viewer);
  }

  async follow(viewer: Viewer, username: string, follow: boolean): Promise<ConduitProfile> {
    const id = await this.services.users.idOfUsername(username);
    if (follow) await this.services.follows.follow(viewer, id);
    else await this.services.follows.unfollow(viewer, id);
    return this.profileOf(id, viewer);
  }

  /** Newest publication first; a filter naming no one (or an invalid tag) is an empty list. */
  async articles(query: ConduitArticlesQuery, viewer: Viewer | null): Promise<ArticleList> {
    let tag: string | undefined;
    if (query.tag !== undefined) {
      const parsed = parseTagName(query.tag);
      if (!parsed.ok) return { articles: [], articlesCount: 0 };
      tag = parsed.tag;
    }
    const filter: ArticleFilter = {
      kind: 'all',
      ...(tag !== undefined ? { tag } : {}),
      ...(query.author !== undefined ? { authorKey: usernameKey(query.author.trim()) } : {}),
      ...(query.favorited !== undefined ? { favoritedByKey: usernameKey(query.favorited.trim()) } : {}),
    };
    return this.list(filter, query, viewer);
  }

  /** Articles by the people the viewer follows, newest first. */
  feed(viewer: Viewer, query: { limit?: number; offset?: number }): Promise<ArticleList> {
    return this.list({ kind: 'feed', followerId: viewer.id }, query, viewer);
  }

  async article(slug: string, viewer: Viewer | null): Promise<ConduitArticle> {
    return this.present(await this.published(slug, viewer), viewer);
  }

  /** Published at once: Conduit has no drafts. The description is the writer's (never blank). */
  async createArticle(viewer: Viewer, input: ConduitNewArticle): Promise<ConduitArticle> {
    const post = await this.services.posts.create(viewer, {
      title: input.title,
      content: input.body,
      tags: input.tagList ?? [],
      status: 'published',
    });
    await this.services.conduit.setDescription(post.id, input.description.trim());
    return this.present(post, viewer);
  }

  /** Changes only what is sent; the post keeps its publication time, cover and (unsent) tags. */
  async updateArticle(viewer: Viewer, slug: string, input: ConduitArticleUpdate): Promise<ConduitArticle> {
    const post = await this.published(slug, viewer);
    if (post.authorId !== viewer.id) throw forbidden(EDIT_FORBIDDEN_MESSAGE);
    let updated = post;
    if (input.title !== undefined || input.body !== undefined || input.tagList !== undefined) {
      updated = await this.services.posts.update(viewer, post.id, {
        title: input.title ?? post.title,
        content: input.body ?? post.content,
        ...(input.tagList !== undefined ? { tags: input.tagList } : {}),
      });
    }
    if (input.description !== undefined) {
      await this.services.conduit.setDescription(post.id, input.description.trim());
    }
    return this.present(updated, viewer);
  }

  async deleteArticle(viewer: Viewer, slug: string): Promise<void> {
    const post = await this.published(slug, viewer);
    await this.services.posts.delete(viewer, post.id);
  }

  async favorite(viewer: Viewer, slug: string, favorite: boolean): Promise<ConduitArticle> {
    const post = await this.published(slug, viewer);
    if (favorite) await this.services.favorites.favorite(viewer, post.id);
    else await this.services.favorites.unfavorite(viewer, post.id);
    return this.present(await this.services.posts.get(post.id, viewer), viewer);
  }

  /**
   * The whole discussion, oldest first, each reply after the comment it answers (Conduit's
   * comments are flat). A comment deleted but kept for its replies is left out.
   */
  async comments(slug: string, viewer: Viewer | null): Promise<ConduitComment[]> {
    const post = await this.published(slug, viewer);
    const flat: Comment[] = [];
    let after: string | null = null;
    while (flat.length < CONDUIT_COMMENTS_MAX) {
      const page = await this.services.comments.list(post.id, { limit: PAGE_LIMIT_MAX, after }, viewer);
      for (const comment of page.response) flat.push(comment, ...(comment.replies ?? []));
      const last = page.response.at(-1);
      if (page.nextCursor === null || last === undefined) break;
      after = last.id;
    }
    const shown = flat.filter((comment) => !comment.deleted && comment.author !== null);
    return this.presentComments(shown.slice(0, CONDUIT_COMMENTS_MAX), viewer);
  }

  async addComment(viewer: Viewer, slug: string, body: string): Promise<ConduitComment> {
    const post = await this.published(slug, viewer);
    const comment = await this.services.comments.create(viewer, { postId: post.id, body });
    const [presented] = await this.presentComments([comment], viewer);
    if (!presented) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
    return presented;
  }

  /**
   * A comment by its whole number (the id Conduit answers), or by its UUID as Conduit answered
   * before the numbers: a client may still hold one.
   */
  async deleteComment(viewer: Viewer, slug: string, commentId: string): Promise<void> {
    const post = await this.published(slug, viewer);
    const number = commentNumber(commentId);
    const id =
      number !== undefined
        ? await this.services.conduit.commentIdOfNumber(post.id, number)
        : UUID.test(commentId)
          ? commentId.toLowerCase()
          : undefined;
    if (id === undefined) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
    const comment = await this.services.comments.get(id, viewer);
    if (comment.postId !== post.id) throw notFound(COMMENT_NOT_FOUND_MESSAGE);
    await this.services.comments.delete(viewer, comment.id);
  }

  /** The post a slug names, if readers can see it now; drafts and scheduled posts are a 404. */
  private async published(slug: string, viewer: Viewer | null): Promise<Post> {
    const id = postIdOfSlug(slug);
    if (id === undefined) throw notFound(POST_NOT_FOUND_MESSAGE);
    const post = await this.services.posts.get(id, viewer);
    if (post.status !== 'published' || post.hidden) throw notFound(POST_NOT_FOUND_MESSAGE);
    return post;
  }

  private async list(
    filter: ArticleFilter,
    query: { limit?: number; offset?: number },
    viewer: Viewer | null,
  ): Promise<ArticleList> {
    const { posts, count } = await this.services.conduit.listArticles(
      filter,
      { limit: query.limit ?? CONDUIT_LIMIT_DEFAULT, offset: query.offset ?? 0, now: nowIso() },
      viewer?.id ?? null,
    );
    return { articles: await this.presentAll(posts, viewer, { withBody: false }), articlesCount: count };
  }

  private async profileOf(userId: string, viewer: Viewer | null): Promise<ConduitProfile> {
    const profile = (await this.services.conduit.profiles([userId], viewer?.id ?? null)).get(userId);
    if (!profile) throw notFound(USER_NOT_FOUND_MESSAGE);
    return profile;
  }

  private async present(post: Post, viewer: Viewer | null): Promise<ConduitArticle> {
    const [article] = await this.presentAll([post], viewer, { withBody: true });
    if (!article) throw notFound(POST_NOT_FOUND_MESSAGE);
    return article;
  }

  private async presentAll(
    posts: Post[],
    viewer: Viewer | null,
    options: { withBody: boolean },
  ): Promise<ConduitArticle[]> {
    const ids = posts.map((post) => post.id);
    const [descriptions, authors] = await Promise.all([
      this.services.conduit.descriptions(ids),
      this.services.conduit.profiles(
        posts.map((post) => post.authorId),
        viewer?.id ?? null,
      ),
    ]);
    return posts.map((post) => ({
      slug: articleSlug(post.title, post.id),
      title: post.title,
      description: descriptions.get(post.id) ?? metaDescription(post.content),
      ...(options.withBody ? { body: post.content } : {}),
      // In the writer's order, each by the name it was typed with (decision 59).
      tagList: post.tagLabels,
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
      favorited: post.favorited ?? false,
      favoritesCount: post.favoriteCount,
      author: authors.get(post.authorId) ?? formerAuthor(post.author.username),
    }));
  }

  private async presentComments(comments: Comment[], viewer: Viewer | null): Promise<ConduitComment[]> {
    const [authors, numbers] = await Promise.all([
      this.services.conduit.profiles(
        comments.flatMap((comment) => (comment.author ? [comment.author.id] : [])),
        viewer?.id ?? null,
      ),
      this.services.conduit.commentNumbers(comments.map((comment) => comment.id)),
    ]);
    return comments.flatMap((comment) => {
      const number = numbers.get(comment.id);
      // Without a number the comment went between two reads: left out, like a deleted one.
      if (!comment.author || number === undefined) return [];
      return [
        {
          id: number,
          createdAt: comment.createdAt,
          updatedAt: comment.editedAt ?? comment.createdAt,
          body: comment.body,
          author: authors.get(comment.author.id) ?? formerAuthor(comment.author.username),
        },
      ];
    });
  }
}

/** Only reached if an account went between two reads: shown by name, with nothing else. */
const formerAuthor = (username: string): ConduitProfile => ({
  username,
  bio: null,
  image: null,
  following: false,
});
