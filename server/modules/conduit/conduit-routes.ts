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
import { bearerToken } from '../accounts/authenticator';
import { NO_CONTENT } from '../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
 * HTTP for the RealWorld (Conduit) API under /api (decision 40). An encapsulated plugin: its error
 * handler answers Conduit's error shape on these routes only. Like every route, these take an empty
 * JSON body as none (clients send `Content-Type: application/json` on bodiless POSTs such as
 * favorite): see plugins/json-body.ts.
 */
export async function registerConduitRoutes(
  app: FastifyInstance,
  deps: { conduit: ConduitService },
): Promise<void> {
  const { conduit } = deps;

  await app.register(async (scope) => {
    installErrorHandler(scope, asConduit);
    const api = scope.withTypeProvider<ZodTypeProvider>();

    /** The token the request carried, which the user answers repeat (the gate has checked it). */
    const tokenOf = (request: FastifyRequest): string => bearerToken(request) ?? '';

    api.post(
      '/api/users',
      conduitRoute({
        summary: 'Register',
        access: 'public',
        body: conduitRegistrationSchema,
        answers: { 201: userAnswer },
      }),
      async (request, reply) => {
        const { user } = request.body;
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
        const { user } = request.body;
        return { user: await conduit.login(user, request.ip) };
      },
    );

    api.get(
      '/api/user',
      conduitRoute({ summary: 'The current user', access: 'token', answers: { 200: userAnswer } }),
      async (request) => {
        return { user: await conduit.user(request.viewer, tokenOf(request)) };
      },
    );

    api.put(
      '/api/user',
      conduitRoute({
        summary: 'Update the current user',
        description:
          'Changes what is sent. A new email or password applies within 10 minutes of signing in, later with `currentPassword`; the token sent stays valid.',
        access: 'sign-in',
        body: conduitUserUpdateSchema,
        answers: { 200: userAnswer },
      }),
      async (request) => {
        return { user: await conduit.updateUser(request.viewer, tokenOf(request), request.body.user) };
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
        const { username } = request.params;
        return { profile: await conduit.profile(username, request.viewer) };
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
        const { username } = request.params;
        return { profile: await conduit.follow(request.viewer, username, true) };
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
        const { username } = request.params;
        return { profile: await conduit.follow(request.viewer, username, false) };
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
        return conduit.articles(request.query, request.viewer);
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
        return conduit.feed(request.viewer, request.query);
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
        const { article } = request.body;
        return reply.code(201).send({ article: await conduit.createArticle(request.viewer, article) });
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
        const { slug } = request.params;
        return { article: await conduit.article(slug, request.viewer) };
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
        const { slug } = request.params;
        const { article } = request.body;
        return { article: await conduit.updateArticle(request.viewer, slug, article) };
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
        const { slug } = request.params;
        await conduit.deleteArticle(request.viewer, slug);
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
        const { slug } = request.params;
        return { article: await conduit.favorite(request.viewer, slug, true) };
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
        const { slug } = request.params;
        return { article: await conduit.favorite(request.viewer, slug, false) };
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
        const { slug } = request.params;
        return { comments: await conduit.comments(slug, request.viewer) };
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
        const { slug } = request.params;
        const { comment } = request.body;
        return reply
          .code(201)
          .send({ comment: await conduit.addComment(request.viewer, slug, comment.body) });
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
        const { slug, id } = request.params;
        await conduit.deleteComment(request.viewer, slug, id);
        return reply.code(204).send();
      },
    );
  });
}
