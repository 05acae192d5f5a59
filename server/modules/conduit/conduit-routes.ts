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
import { installConduitErrorHandler } from './conduit-errors';
import type { ConduitService } from './conduit-service';

const slugParams = z.object({ slug: z.string().max(400) });
const usernameParams = z.object({ username: z.string().max(200) });
const commentParams = slugParams.extend({ id: z.string().max(100) });

/**
 * HTTP for the RealWorld (Conduit) API under /api (issue 13 §4). An encapsulated plugin: its error
 * handler answers Conduit's error shape on these routes only, and its JSON parser takes an empty
 * body (clients send `Content-Type: application/json` on bodiless POSTs such as favorite).
 */
export async function registerConduitRoutes(
  app: FastifyInstance,
  deps: { conduit: ConduitService; auth: Authenticator },
): Promise<void> {
  const { conduit, auth } = deps;

  await app.register(async (api) => {
    installConduitErrorHandler(api);
    const parseJson = api.getDefaultJsonParser('error', 'error');
    api.removeContentTypeParser('application/json');
    api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text === '') {
        done(null, undefined);
        return;
      }
      parseJson(request, text, done);
    });

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

    api.post('/api/users', async (request, reply) => {
      const { user } = parseInput(conduitRegistrationSchema, request.body);
      return reply.code(201).send({ user: await conduit.register(user, request.ip) });
    });

    api.post('/api/users/login', { config: { keepsResponseCache: true } }, async (request) => {
      const { user } = parseInput(conduitLoginSchema, request.body);
      return { user: await conduit.login(user, request.ip) };
    });

    api.get('/api/user', async (request) => {
      const { viewer, token } = await signedIn(request);
      return { user: await conduit.user(viewer, token) };
    });

    api.put('/api/user', async (request) => {
      const { viewer, token } = await signedIn(request, { session: true });
      const { user } = parseInput(conduitUserUpdateSchema, request.body);
      return { user: await conduit.updateUser(viewer, token, user) };
    });

    api.get('/api/profiles/:username', async (request) => {
      const { username } = parseInput(usernameParams, request.params);
      return { profile: await conduit.profile(username, await auth.optional(request)) };
    });

    api.post('/api/profiles/:username/follow', async (request) => {
      const viewer = await auth.require(request);
      const { username } = parseInput(usernameParams, request.params);
      return { profile: await conduit.follow(viewer, username, true) };
    });

    api.delete('/api/profiles/:username/follow', async (request) => {
      const viewer = await auth.require(request);
      const { username } = parseInput(usernameParams, request.params);
      return { profile: await conduit.follow(viewer, username, false) };
    });

    api.get('/api/articles', async (request) => {
      const query = parseInput(conduitArticlesQuerySchema, request.query);
      return conduit.articles(query, await auth.optional(request));
    });

    api.get('/api/articles/feed', async (request) => {
      const viewer = await auth.require(request);
      return conduit.feed(viewer, parseInput(conduitFeedQuerySchema, request.query));
    });

    api.post('/api/articles', async (request, reply) => {
      const viewer = await auth.require(request);
      const { article } = parseInput(conduitNewArticleSchema, request.body);
      return reply.code(201).send({ article: await conduit.createArticle(viewer, article) });
    });

    api.get('/api/articles/:slug', async (request) => {
      const { slug } = parseInput(slugParams, request.params);
      return { article: await conduit.article(slug, await auth.optional(request)) };
    });

    api.put('/api/articles/:slug', async (request) => {
      const viewer = await auth.require(request);
      const { slug } = parseInput(slugParams, request.params);
      const { article } = parseInput(conduitArticleUpdateSchema, request.body);
      return { article: await conduit.updateArticle(viewer, slug, article) };
    });

    api.delete('/api/articles/:slug', async (request, reply) => {
      const viewer = await auth.require(request);
      const { slug } = parseInput(slugParams, request.params);
      await conduit.deleteArticle(viewer, slug);
      return reply.code(204).send();
    });

    api.post('/api/articles/:slug/favorite', async (request) => {
      const viewer = await auth.require(request);
      const { slug } = parseInput(slugParams, request.params);
      return { article: await conduit.favorite(viewer, slug, true) };
    });

    api.delete('/api/articles/:slug/favorite', async (request) => {
      const viewer = await auth.require(request);
      const { slug } = parseInput(slugParams, request.params);
      return { article: await conduit.favorite(viewer, slug, false) };
    });

    api.get('/api/articles/:slug/comments', async (request) => {
      const { slug } = parseInput(slugParams, request.params);
      return { comments: await conduit.comments(slug, await auth.optional(request)) };
    });

    api.post('/api/articles/:slug/comments', async (request, reply) => {
      const viewer = await auth.require(request);
      const { slug } = parseInput(slugParams, request.params);
      const { comment } = parseInput(conduitNewCommentSchema, request.body);
      return reply.code(201).send({ comment: await conduit.addComment(viewer, slug, comment.body) });
    });

    api.delete('/api/articles/:slug/comments/:id', async (request, reply) => {
      const viewer = await auth.require(request);
      const { slug, id } = parseInput(commentParams, request.params);
      await conduit.deleteComment(viewer, slug, id);
      return reply.code(204).send();
    });
  });
}
