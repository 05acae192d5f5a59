import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffPicksInputSchema, testimonialsInputSchema } from '../../../contracts/moderation';
import type { Viewer } from '../accounts/authenticator';
import { cacheableRead } from '../../lib/response-cache';
import { answer, instanceFiguresSchema, staffPickSchema, testimonialSchema } from '../../openapi/answers';
import { declareRoute, type RouteDeclaration } from '../../openapi/route-schema';
import type { CurationService } from './curation-service';

/**
 * HTTP for curation: the landing page's testimonials, and the operators' staff picks, testimonials
 * and figures under /api/admin. Listed under Moderation in the API's document, as before: operators
 * find every tool of theirs in one place. Every /api/admin route is declared `operator`.
 */
export function registerCurationRoutes(app: FastifyInstance, deps: { curation: CurationService }): void {
  const { curation } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** An operator's sign-in only: API keys are refused, so a leaked key cannot curate. */
  const admin = <const D extends Omit<RouteDeclaration, 'tag' | 'access'>>(declaration: D) =>
    declareRoute({ ...declaration, tag: 'Moderation', access: 'operator' });

  api.get(
    '/api/testimonials',
    {
      ...cacheableRead(),
      schema: declareRoute({
        summary: "The landing page's testimonials",
        description:
          'Quotes an operator chose from public posts and comments, in their order; empty until one is chosen.',
        tag: 'Moderation',
        access: 'public',
        answers: { 200: answer(z.array(testimonialSchema)) },
      }),
    },
    async () => ({ response: await curation.testimonials(true) }),
  );

  /** An operator's read of `{response}`, for the lists an operator replaces whole and the figures. */
  const adminRead = (
    path: string,
    declaration: Omit<RouteDeclaration, 'tag' | 'access'>,
    read: () => Promise<unknown>,
  ) => api.get(path, { schema: admin(declaration) }, async () => ({ response: await read() }));

  /** An operator's `PUT` of a whole ordered list, answered with the list as saved. */
  const adminReplace = <S extends z.ZodType>(
    path: string,
    declaration: Omit<RouteDeclaration, 'tag' | 'access' | 'body'> & { body: S },
    replace: (viewer: Viewer, input: z.output<S>) => Promise<unknown>,
  ) =>
    api.put(path, { schema: admin(declaration) }, async (request) => ({
      response: await replace(request.viewer, request.body as z.output<S>),
    }));

  adminRead(
    '/api/admin/staff-picks',
    {
      summary: 'The staff picks',
      description: "In the side panel's order.",
      answers: { 200: answer(z.array(staffPickSchema)) },
    },
    () => curation.staffPicks(),
  );

  adminReplace(
    '/api/admin/staff-picks',
    {
      summary: 'Set the staff picks',
      description:
        'The whole list, in order (at most 5 public posts). An empty list gives the side panel back to the most favorited posts.',
      body: staffPicksInputSchema,
      bodyExample: { postIds: ['0192f3a4-5b6c-7d8e-9f01-23456789abcd'] },
      answers: { 200: answer(z.array(staffPickSchema)) },
    },
    (viewer, input) => curation.setStaffPicks(viewer, input.postIds),
  );

  adminRead(
    '/api/admin/testimonials',
    {
      summary: 'The chosen testimonials',
      description:
        "Every chosen quote, in the landing page's order, including those whose source is hidden now.",
      answers: { 200: answer(z.array(testimonialSchema)) },
    },
    () => curation.testimonials(false),
  );

  adminReplace(
    '/api/admin/testimonials',
    {
      summary: 'Set the testimonials',
      description:
        'The whole list, in order (at most 12). Each quote must be words its public post or comment says; the wall names its real author and links to it.',
      body: testimonialsInputSchema,
      bodyExample: {
        testimonials: [
          {
            source: { kind: 'comment', id: '0192f3a4-5b6c-7d8e-9f01-23456789abcd' },
            quote: 'A calm place to write.',
          },
        ],
      },
      answers: { 200: answer(z.array(testimonialSchema)) },
    },
    (viewer, input) => curation.setTestimonials(viewer, input.testimonials),
  );

  adminRead(
    '/api/admin/figures',
    {
      summary: 'The instance in figures',
      description: 'Users, posts, comments, pictures and their bytes, the database size, open reports.',
      answers: { 200: answer(instanceFiguresSchema) },
    },
    () => curation.figures(),
  );
}
