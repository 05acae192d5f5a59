import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  publicationCreateSchema,
  publicationDeleteSchema,
  publicationUpdateSchema,
} from '../../../contracts/publications';
import { answer, messageAnswer } from '../../openapi/answers';
import { publicationDetailsSchema } from '../../openapi/publication-answers';
import { declareRoute } from '../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PublicationsService } from './publications-service';

export const PUBLICATION_DELETED_MESSAGE =
  'Publication deleted; its posts are back in their authors’ own blogs';

/** A publication's address in a path; its members' and its domain's routes name it the same way. */
export const slugParams = z.object({ slug: z.string().trim().toLowerCase().max(63) });

/**
 * HTTP for publications themselves (decision 44): reading one is public; starting, changing and
 * deleting one needs a sign-in or a key and the role the service checks on every request.
 */
export function registerPublicationRoutes(
  app: FastifyInstance,
  deps: { publications: PublicationsService },
): void {
  const { publications } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tag = 'Publications' as const;

  api.post(
    '/api/publications',
    {
      schema: declareRoute({
        summary: 'Create a publication',
        description: 'You become its owner. 409 when the address is taken.',
        tag,
        access: 'token',
        body: publicationCreateSchema,
        bodyExample: { slug: 'engine-notes', name: 'Engine Notes', description: 'Letters on the engine.' },
        answers: { 201: answer(publicationDetailsSchema) },
      }),
    },
    async (request, reply) => {
      return reply.code(201).send({ response: await publications.create(request.viewer, request.body) });
    },
  );

  api.get(
    '/api/publications/:slug',
    {
      schema: declareRoute({
        summary: 'A publication and its members',
        tag,
        access: 'public',
        params: slugParams,
        answers: { 200: answer(publicationDetailsSchema) },
      }),
    },
    async (request) => {
      const { slug } = request.params;
      return { response: await publications.get(slug) };
    },
  );

  api.put(
    '/api/publications/:slug',
    {
      schema: declareRoute({
        summary: "Change a publication's name, description or accent colour",
        tag,
        access: 'token',
        params: slugParams,
        body: publicationUpdateSchema,
        answers: { 200: answer(publicationDetailsSchema) },
      }),
    },
    async (request) => {
      const { slug } = request.params;
      return { response: await publications.update(request.viewer, slug, request.body) };
    },
  );

  api.delete(
    '/api/publications/:slug',
    {
      schema: declareRoute({
        summary: 'Delete a publication',
        description:
          "The owner types its address as `confirm`. Its posts go back to their authors' own blogs; a writer's own blog cannot be deleted (409).",
        tag,
        access: 'token',
        params: slugParams,
        body: publicationDeleteSchema,
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      const { slug } = request.params;
      const { confirm } = request.body;
      await publications.delete(request.viewer, slug, confirm);
      return { message: PUBLICATION_DELETED_MESSAGE };
    },
  );
}
