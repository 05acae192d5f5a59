import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../contracts/ids';
import {
  INVITATION_NOT_FOUND_MESSAGE,
  invitationCreateSchema,
  ownershipTransferSchema,
  roleChangeSchema,
} from '../../../contracts/publications';
import { answer } from '../../openapi/answers';
import {
  invitationSchema,
  membershipSchema,
  publicationDetailsSchema,
} from '../../openapi/publication-answers';
import { NO_CONTENT, declareRoute } from '../../openapi/route-schema';
import type { PublicationMembersService } from './publication-members-service';
import { slugParams } from './publications-routes';

const memberParams = slugParams.extend({ username: z.string().max(80) });
const invitationParams = z.object({ id: idSchema('id', INVITATION_NOT_FOUND_MESSAGE) });
const slugInvitationParams = slugParams.extend({ id: idSchema('id', INVITATION_NOT_FOUND_MESSAGE) });

/**
 * HTTP for a publication's people (decision 44), listed under Publications in the API's document:
 * your memberships and invitations, a publication's invitations, members' roles, handing it over.
 * Every route needs a sign-in or a key; the role is the service's to check.
 */
export function registerPublicationMemberRoutes(
  app: FastifyInstance,
  deps: { members: PublicationMembersService },
): void {
  const { members } = deps;
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
    async (request) => ({ response: await members.memberships(request.viewer) }),
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
      return { response: await members.invitationsOf(request.viewer, slug) };
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
      return reply.code(201).send({ response: await members.invite(request.viewer, slug, request.body) });
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
      await members.revokeInvitation(request.viewer, slug, id);
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
    async (request) => ({ response: await members.invitationsFor(request.viewer) }),
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
      return { response: await members.accept(request.viewer, id) };
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
      await members.decline(request.viewer, id);
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
      return { response: await members.setRole(request.viewer, slug, username, role) };
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
      await members.removeMember(request.viewer, slug, username);
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
      return { response: await members.transfer(request.viewer, slug, username) };
    },
  );
}
