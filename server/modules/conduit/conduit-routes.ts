import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  conduitArticleUpdateSchema,
  conduitArticlesQuerySchema,
  conduitFeedQuerySchema,
  conduitLoginSchema,
  conduitNewArticleSchema,
  conduitNewCommentSchema,
  conduitRegistrationSchema,
  conduitUserUpdateSchema,
} from '../../../contracts/conduit';
import { bearerToken, type Authenticator, type Viewer } from '../../lib/authenticator';
import { unauthorized } from '../../lib/http-errors';
import { parseInput } from '../../lib/validation';
import { NO_CONTENT } from '../../openapi/route-schema';
import {
  articleAnswer,
  articlesAnswer,
  commentAnswer,
  commentsAnswer,
  conduitRoute,
  profileAnswer,
  userAnswer,
} from './conduit-answers';
import { installErrorHandler } from '../../plugins/error-handler';
import { asConduit } from './conduit-errors';
import type { ConduitService } from './conduit-service';

const slugParams = z.object({ slug: z.string().max(400) });
const usernameParams = z.object({ username: z.string().max(200) });
const commentParams = slugParams.extend({ id: z.string().max(100) });

/**
 * HTTP for the RealWorld (Conduit) API under /api (issue 13 §4). An encapsulated plugin: its error
 * handler answers Conduit's error shape on these routes only. Like every route, these take an empty
 * JSON body as none (clients send `Content-Type: application/json` on bodiless POSTs such as
 * favorite): see plugins/json-body.ts.
 */
export async function registerConduitRoutes(
  app: FastifyInstance,
  deps: { conduit: ConduitService; auth: Authenticator },
): Promise<void> {
  const { conduit, auth } = deps;

  await app.register(async (api) => {
    installErrorHandler(api, asConduit);

    /**
     * The viewer and the token they sent, which the user answers repeat. `session`: a sign-in
     * only, as for Inkwell's own account changes (a personal access token may not rename).
     */
    async function signedIn(
      request: FastifyRequest,
      options: { session?: boolean } = {},
    ): Promise<{ viewer: Viewer; token: string }> {
      const viewer = options.session ? await auth.requireSession(request) : await auth.require(request);
      const token = bearerToken(request);
      if (token === undefined) throw unauthorized();
      return { viewer, token };
    }

    api.post(
      '/api/users',
      conduitRoute({
        summary: 'Register',
        access: 'public',
        body: conduitRegistrationSchema,
        answers: { 201: userAnswer },
      }),
      async (request, reply) => {
        const { user } = parseInput(conduitRegistrationSchema, request.body);
        return reply.code(201).send({ user: await conduit.register(user, request.ip) });
      },
    );

    api.post(
      '/api/users/login',
      {
        config: { keepsResponseCache: true },
        ...conduitRoute({
          summary: 'Log in',
          access: 'public',
          body: conduitLoginSchema,
          answers: { 200: userAnswer },
        }),
      },
      async (request) => {
        const { user } = parseInput(conduitLoginSchema, request.body);
        return { user: await conduit.login(user, request.ip) };
      },
    );

    api.get(
      '/api/user',
      conduitRoute({ summary: 'The current user', access: 'token', answers: { 200: userAnswer } }),
      async (request) => {
        const { viewer, token } = await signedIn(request);
        return { user: await conduit.user(viewer, token) };
      },
    );

    api.put(
      '/api/user',
      conduitRoute({
        summary: 'Update the current user',
        description: 'Name, bio and picture; the email and password change in Inkwell (422 here).',
        access: 'sign-in',
        body: conduitUserUpdateSchema,
        answers: { 200: userAnswer },
      }),
      async (request) => {
        const { viewer, token } = await signedIn(request, { session: true });
        const { user } = parseInput(conduitUserUpdateSchema, request.body);
        return { user: await conduit.updateUser(viewer, token, user) };
      },
    );

    api.get(
      '/api/profiles/:username',
      conduitRoute({
        summary: 'A profile by username',
        description: 'Names are compared without regard to case.',
        access: 'optional',
        params: usernameParams,
        answers: { 200: profileAnswer },
      }),
      async (request) => {
        const { username } = parseInput(usernameParams, request.params);
        return { profile: await conduit.profile(username, await auth.optional(request)) };
      },
    );

    api.post(
      '/api/profiles/:username/follow',
      conduitRoute({
        summary: 'Follow',
        access: 'token',
        params: usernameParams,
        answers: { 200: profileAnswer },
      }),
      async (request) => {
        const viewer = await auth.require(request);
        const { username } = parseInput(usernameParams, request.params);
        return { profile: await conduit.follow(viewer, username, true) };
      },
    );

    api.delete(
      '/api/profiles/:username/follow',
      conduitRoute({
        summary: 'Unfollow',
        access: 'token',
        params: usernameParams,
        answers: { 200: profileAnswer },
      }),
      async (request) => {
        const viewer = await auth.require(request);
        const { username } = parseInput(usernameParams, request.params);
        return { profile: await conduit.follow(viewer, username, false) };
      },
    );

    api.get(
      '/api/articles',
      conduitRoute({
        summary: 'Articles, newest first',
        description: 'Filters by `tag`, `author` or `favorited` (a username); `limit` and `offset`.',
        access: 'optional',
        querystring: conduitArticlesQuerySchema,
        answers: { 200: articlesAnswer },
      }),
      async (request) => {
        const query = parseInput(conduitArticlesQuerySchema, request.query);
        return conduit.articles(query, await auth.optional(request));
      },
    );

    api.get(
      '/api/articles/feed',
      conduitRoute({
        summary: 'Articles by the people the viewer follows',
        access: 'token',
        querystring: conduitFeedQuerySchema,
        answers: { 200: articlesAnswer },
      }),
      async (request) => {
        const viewer = await auth.require(request);
        return conduit.feed(viewer, parseInput(conduitFeedQuerySchema, request.query));
      },
    );

    api.post(
      '/api/articles',
      conduitRoute({
        summary: 'Create an article',
        description: 'Published at once, as an Inkwell post.',
        access: 'token',
        body: conduitNewArticleSchema,
        answers: { 201: articleAnswer },
      }),
      async (request, reply) => {
        const viewer = await auth.require(request);
        const { article } = parseInput(conduitNewArticleSchema, request.body);
        return reply.code(201).send({ article: await conduit.createArticle(viewer, article) });
      },
    );

    api.get(
      '/api/articles/:slug',
      conduitRoute({
        summary: 'An article',
        access: 'optional',
        params: slugParams,
        answers: { 200: articleAnswer },
      }),
      async (request) => {
        const { slug } = parseInput(slugParams, request.params);
        return { article: await conduit.article(slug, await auth.optional(request)) };
      },
    );

    api.put(
      '/api/articles/:slug',
      conduitRoute({
        summary: 'Update an article',
        description: 'Only what is sent changes; only its writer may.',
        access: 'token',
        params: slugParams,
        body: conduitArticleUpdateSchema,
        answers: { 200: articleAnswer },
      }),
      async (request) => {
        const viewer = await auth.require(request);
        const { slug } = parseInput(slugParams, request.params);
        const { article } = parseInput(conduitArticleUpdateSchema, request.body);
        return { article: await conduit.updateArticle(viewer, slug, article) };
      },
    );

    api.delete(
      '/api/articles/:slug',
      conduitRoute({
        summary: 'Delete an article',
        access: 'token',
        params: slugParams,
        answers: { 204: NO_CONTENT },
      }),
      async (request, reply) => {
        const viewer = await auth.require(request);
        const { slug } = parseInput(slugParams, request.params);
        await conduit.deleteArticle(viewer, slug);
        return reply.code(204).send();
      },
    );

    api.post(
      '/api/articles/:slug/favorite',
      conduitRoute({
        summary: 'Favorite',
        access: 'token',
        params: slugParams,
        answers: { 200: articleAnswer },
      }),
      async (request) => {
        const viewer = await auth.require(request);
        const { slug } = parseInput(slugParams, request.params);
        return { article: await conduit.favorite(viewer, slug, true) };
      },
    );

    api.delete(
      '/api/articles/:slug/favorite',
      conduitRoute({
        summary: 'Unfavorite',
        access: 'token',
        params: slugParams,
        answers: { 200: articleAnswer },
      }),
      async (request) => {
        const viewer = await auth.require(request);
        const { slug } = parseInput(slugParams, request.params);
        return { article: await conduit.favorite(viewer, slug, false) };
      },
    );

    api.get(
      '/api/articles/:slug/comments',
      conduitRoute({
        summary: "An article's comments",
        description: 'Oldest first, each reply after the comment it answers.',
        access: 'optional',
        params: slugParams,
        answers: { 200: commentsAnswer },
      }),
      async (request) => {
        const { slug } = parseInput(slugParams, request.params);
        return { comments: await conduit.comments(slug, await auth.optional(request)) };
      },
    );

    api.post(
      '/api/articles/:slug/comments',
      conduitRoute({
        summary: 'Comment on an article',
        access: 'token',
        params: slugParams,
        body: conduitNewCommentSchema,
        answers: { 201: commentAnswer },
      }),
      async (request, reply) => {
        const viewer = await auth.require(request);
        const { slug } = parseInput(slugParams, request.params);
        const { comment } = parseInput(conduitNewCommentSchema, request.body);
        return reply.code(201).send({ comment: await conduit.addComment(viewer, slug, comment.body) });
      },
    );

    api.delete(
      '/api/articles/:slug/comments/:id',
      conduitRoute({
        summary: 'Delete a comment',
        description: "Its writer's, or on the writer's own article.",
        access: 'token',
        params: commentParams,
        answers: { 204: NO_CONTENT },
      }),
      async (request, reply) => {
        const viewer = await auth.require(request);
        const { slug, id } = parseInput(commentParams, request.params);
        await conduit.deleteComment(viewer, slug, id);
        return reply.code(204).send();
      },
    );
  });
}
