import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageInputSchema } from '../../../contracts/publication-pages';
import { answer } from '../../openapi/answers';
import { publicationPageSchema } from '../../openapi/publication-page-answers';
import { NO_CONTENT, declareRoute } from '../../openapi/route-schema';
import { slugParams } from '../publications/publications-routes';
import type { PublicationPagesService } from './publication-pages-service';

const pageParams = slugParams.extend({ id: z.string().max(64) });
const tag = 'Publications' as const;
const example = {
  title: 'Write for us',
  slug: 'write-for-us',
  body: 'We read every **pitch**. Write to [the editors](mailto:editors@example.com).',
  status: 'published' as const,
};

/**
 * A publication's pages (decision 83): for its owner and editors (403 for writers and others, 401
 * without a sign-in). Readers read published pages on the site, at /p/{slug}, not through the API.
 */
export function registerPublicationPageRoutes(
  app: FastifyInstance,
  deps: { pages: PublicationPagesService },
): void {
  const { pages } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/publications/:slug/pages',
    {
      schema: declareRoute({
        summary: "A publication's pages",
        description: 'Drafts too, by title. Its owner and editors.',
        tag,
        access: 'token',
        params: slugParams,
        answers: { 200: answer(z.array(publicationPageSchema)) },
      }),
    },
    async (request) => ({ response: await pages.list(request.viewer, request.params.slug) }),
  );

  api.post(
    '/api/publications/:slug/pages',
    {
      schema: declareRoute({
        summary: 'Write a page',
        description:
          'Its owner and editors. The address is unique in the publication (409 with the error by `slug`); ' +
          'a `draft` is not on the site.',
        tag,
        access: 'token',
        params: slugParams,
        body: pageInputSchema,
        bodyExample: example,
        answers: { 201: answer(publicationPageSchema) },
      }),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ response: await pages.create(request.viewer, request.params.slug, request.body) }),
  );

  api.get(
    '/api/publications/:slug/pages/:id',
    {
      schema: declareRoute({
        summary: 'A page, to edit it',
        tag,
        access: 'token',
        params: pageParams,
        answers: { 200: answer(publicationPageSchema) },
      }),
    },
    async (request) => ({
      response: await pages.get(request.viewer, request.params.slug, request.params.id),
    }),
  );

  api.put(
    '/api/publications/:slug/pages/:id',
    {
      schema: declareRoute({
        summary: 'Change a page',
        description: 'The whole page. Changing its address moves it (the old one answers 404).',
        tag,
        access: 'token',
        params: pageParams,
        body: pageInputSchema,
        bodyExample: example,
        answers: { 200: answer(publicationPageSchema) },
      }),
    },
    async (request) => ({
      response: await pages.update(request.viewer, request.params.slug, request.params.id, request.body),
    }),
  );

  api.delete(
    '/api/publications/:slug/pages/:id',
    {
      schema: declareRoute({
        summary: 'Delete a page',
        tag,
        access: 'token',
        params: pageParams,
        answers: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await pages.delete(request.viewer, request.params.slug, request.params.id);
      return reply.code(204).send();
    },
  );
}
