import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../../contracts/ids';
import {
  INVITATION_NOT_FOUND_MESSAGE,
  invitationCreateSchema,
  ownershipTransferSchema,
  publicationCreateSchema,
  publicationDeleteSchema,
  publicationUpdateSchema,
  roleChangeSchema,
} from '../../../contracts/publications';
import { answer, messageAnswer } from '../../openapi/answers';
import {
  invitationSchema,
  membershipSchema,
  publicationDetailsSchema,
} from '../../openapi/publication-answers';
import { NO_CONTENT, declareRoute } from '../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PublicationsService } from './publications-service';

export const PUBLICATION_DELETED_MESSAGE =
  'Publication deleted; its posts are back in their authors’ own blogs';

/** A publication's address in a path; the domain routes name it the same way. */
export const slugParams = z.object({ slug: z.string().trim().toLowerCase().max(63) });
const memberParams = slugParams.extend({ username: z.string().max(80) });
const invitationParams = z.object({ id: idSchema('id', INVITATION_NOT_FOUND_MESSAGE) });
const slugInvitationParams = slugParams.extend({ id: idSchema('id', INVITATION_NOT_FOUND_MESSAGE) });

/**
 * HTTP for publications (decision 44): reading one is public; the rest needs a sign-in or a key and
 * the role the service checks on every request.
 */
export function registerPublicationRoutes(
  app: FastifyInstance,
  deps: { publications: PublicationsService },
): void {
  const { publications } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tag = 'Publications' as const;

  api.get(
    '/api/user/publications',
    {
      schema: declareRoute({
        summary: 'Your publications and your role in each',
        description: 'Your own blog first. Pending invitations to you are at /api/user/invitations.',
        tag,
        access: 'token',
        answers: { 200: answer(z.array(membershipSchema)) },
      }),
    },
    async (request) => ({ response: await publications.memberships(request.viewer) }),
  );

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

  api.get(
    '/api/publications/:slug/invitations',
    {
      schema: declareRoute({
        summary: "A publication's pending invitations",
        tag,
        access: 'token',
        params: slugParams,
        answers: { 200: answer(z.array(invitationSchema)) },
      }),
    },
    async (request) => {
      const { slug } = request.params;
      return { response: await publications.invitationsOf(request.viewer, slug) };
    },
  );

  api.post(
    '/api/publications/:slug/invitations',
    {
      schema: declareRoute({
        summary: 'Invite someone by name or email',
        description: 'Owners and editors invite; the invitee accepts or declines in the app.',
        tag,
        access: 'token',
        params: slugParams,
        body: invitationCreateSchema,
        bodyExample: { who: 'Charles', role: 'writer' },
        answers: { 201: answer(invitationSchema) },
      }),
    },
    async (request, reply) => {
      const { slug } = request.params;
      return reply
        .code(201)
        .send({ response: await publications.invite(request.viewer, slug, request.body) });
    },
  );

  api.delete(
    '/api/publications/:slug/invitations/:id',
    {
      schema: declareRoute({
        summary: 'Withdraw an invitation',
        tag,
        access: 'token',
        params: slugInvitationParams,
        answers: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      const { slug, id } = request.params;
      await publications.revokeInvitation(request.viewer, slug, id);
      return reply.code(204).send();
    },
  );

  api.get(
    '/api/user/invitations',
    {
      schema: declareRoute({
        summary: 'Invitations waiting for your answer',
        tag,
        access: 'token',
        answers: { 200: answer(z.array(invitationSchema)) },
      }),
    },
    async (request) => ({ response: await publications.invitationsFor(request.viewer) }),
  );

  api.post(
    '/api/user/invitations/:id/accept',
    {
      schema: declareRoute({
        summary: 'Accept an invitation',
        tag,
        access: 'token',
        params: invitationParams,
        answers: { 200: answer(membershipSchema) },
      }),
    },
    async (request) => {
      const { id } = request.params;
      return { response: await publications.accept(request.viewer, id) };
    },
  );

  api.post(
    '/api/user/invitations/:id/decline',
    {
      schema: declareRoute({
        summary: 'Decline an invitation',
        tag,
        access: 'token',
        params: invitationParams,
        answers: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      await publications.decline(request.viewer, id);
      return reply.code(204).send();
    },
  );

  api.put(
    '/api/publications/:slug/members/:username',
    {
      schema: declareRoute({
        summary: "Change a member's role",
        description: 'The owner makes a member an editor or a writer.',
        tag,
        access: 'token',
        params: memberParams,
        body: roleChangeSchema,
        answers: { 200: answer(publicationDetailsSchema) },
      }),
    },
    async (request) => {
      const { slug, username } = request.params;
      const { role } = request.body;
      return { response: await publications.setRole(request.viewer, slug, username, role) };
    },
  );

  api.delete(
    '/api/publications/:slug/members/:username',
    {
      schema: declareRoute({
        summary: 'Remove a member, or leave',
        description:
          'Your own name: you leave (the owner hands over first). The owner removes anyone; editors remove writers. Access ends at once.',
        tag,
        access: 'token',
        params: memberParams,
        answers: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      const { slug, username } = request.params;
      await publications.removeMember(request.viewer, slug, username);
      return reply.code(204).send();
    },
  );

  api.post(
    '/api/publications/:slug/owner',
    {
      schema: declareRoute({
        summary: 'Hand a publication over to another member',
        description: 'The former owner stays on as an editor.',
        tag,
        access: 'token',
        params: slugParams,
        body: ownershipTransferSchema,
        answers: { 200: answer(publicationDetailsSchema) },
      }),
    },
    async (request) => {
      const { slug } = request.params;
      const { username } = request.body;
      return { response: await publications.transfer(request.viewer, slug, username) };
    },
  );
}
