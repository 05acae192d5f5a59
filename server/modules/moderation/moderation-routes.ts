import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../../contracts/ids';
import {
  COMMENT_NOT_FOUND_MESSAGE,
  POST_NOT_FOUND_MESSAGE,
  REPORT_NOT_FOUND_MESSAGE,
  REPORT_THANKS_MESSAGE,
  createReportSchema,
  moderationReasonSchema,
  reportStateQuerySchema,
  type TargetKind,
} from '../../../contracts/moderation';
import {
  messageAnswer,
  moderatedUserSchema,
  moderationLogEntrySchema,
  page,
  reportSchema,
} from '../../openapi/answers';
import { declareRoute, type RouteDeclaration } from '../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageQuerySchema, toPageRequest } from '../posts/paging';
import type { ModerationService } from './moderation-service';

const reportParams = z.object({ id: idSchema('id', REPORT_NOT_FOUND_MESSAGE) });
const postParams = z.object({ id: idSchema('id', POST_NOT_FOUND_MESSAGE) });
const commentParams = z.object({ id: idSchema('id', COMMENT_NOT_FOUND_MESSAGE) });
const usernameParams = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(240),
});
const reportsQuery = pageQuerySchema.extend(reportStateQuerySchema.shape);
const usersQuery = pageQuerySchema.extend({
  q: z.string({ error: 'q must be text' }).trim().max(100, 'q must be at most 100 characters').optional(),
});

/** Actions that change what readers see: the default of emptying the response cache stands. */
const DONE = { 200: messageAnswer };

/**
 * HTTP for moderation: readers' reports, and the operators' tools under /api/admin. Every
 * /api/admin route is declared `operator`: the gate checks the operator first, before its input, so a non-operator learns
 * nothing from them but 403 (and a visitor 401).
 */
export function registerModerationRoutes(
  app: FastifyInstance,
  deps: { moderation: ModerationService },
): void {
  const { moderation } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** An operator's sign-in only: API keys are refused, so a leaked key cannot moderate. */
  const admin = <const D extends Omit<RouteDeclaration, 'tag' | 'access'>>(declaration: D) =>
    declareRoute({ ...declaration, tag: 'Moderation', access: 'operator' });

  api.post(
    '/api/reports',
    {
      // A report changes nothing readers see.
      config: { keepsResponseCache: true },
      schema: declareRoute({
        summary: 'Report a post or comment',
        description:
          'Any signed-in reader. 404 for something they cannot see, 409 when they already have an open report on it, 429 past 20 reports an hour.',
        tag: 'Moderation',
        access: 'token',
        body: createReportSchema,
        bodyExample: { target: { kind: 'post', id: '0192f3a4-5b6c-7d8e-9f01-23456789abcd' }, reason: 'spam' },
        answers: { 201: messageAnswer },
      }),
    },
    async (request, reply) => {
      await moderation.report(request.viewer, request.body);
      return reply.code(201).send({ message: REPORT_THANKS_MESSAGE });
    },
  );

  api.get(
    '/api/admin/reports',
    {
      schema: admin({
        summary: 'The reports queue',
        description: 'Newest first; `state` is open (the default), resolved or dismissed.',
        querystring: reportsQuery,
        answers: { 200: page(reportSchema) },
      }),
    },
    async (request) => {
      const query = request.query;
      return moderation.reports(query.state ?? 'open', toPageRequest(query));
    },
  );

  for (const outcome of ['resolve', 'dismiss'] as const) {
    api.post(
      `/api/admin/reports/:id/${outcome}`,
      {
        config: { keepsResponseCache: true },
        schema: admin({
          summary: outcome === 'resolve' ? 'Resolve a report' : 'Dismiss a report',
          description: '409 when it was already settled.',
          params: reportParams,
          answers: DONE,
        }),
      },
      async (request) => {
        const { id } = request.params;
        await moderation.settleReport(request.viewer, id, outcome === 'resolve' ? 'resolved' : 'dismissed');
        return { message: outcome === 'resolve' ? 'Report resolved' : 'Report dismissed' };
      },
    );
  }

  const targets: { kind: TargetKind; path: string; params: typeof postParams; name: string }[] = [
    { kind: 'post', path: '/api/admin/posts/:id', params: postParams, name: 'post' },
    { kind: 'comment', path: '/api/admin/comments/:id', params: commentParams, name: 'comment' },
  ];
  for (const { kind, path, params, name } of targets) {
    for (const change of ['hide', 'restore'] as const) {
      api.post(
        `${path}/${change}`,
        {
          schema: admin({
            summary: change === 'hide' ? `Hide a ${name}` : `Show a hidden ${name} again`,
            description:
              change === 'hide'
                ? 'It disappears from every public read (its author still sees it, marked hidden); open reports on it are resolved. 409 when an operator already hid it.'
                : '409 when it is not hidden, or while its author is suspended.',
            params,
            body: moderationReasonSchema,
            answers: DONE,
          }),
        },
        async (request) => {
          const { id } = request.params;
          const { reason } = request.body;
          if (change === 'hide') await moderation.hide(request.viewer, kind, id, reason);
          else await moderation.restore(request.viewer, kind, id, reason);
          return { message: change === 'hide' ? `The ${name} is hidden` : `The ${name} is shown again` };
        },
      );
    }
    api.delete(
      path,
      {
        schema: admin({
          summary: `Delete a ${name}`,
          description: kind === 'post' ? 'For good, with its discussion.' : 'For good, with its replies.',
          params,
          answers: DONE,
        }),
      },
      async (request) => {
        const { id } = request.params;
        await moderation.remove(request.viewer, kind, id, undefined);
        return { message: `The ${name} is deleted` };
      },
    );
  }

  api.get(
    '/api/admin/users',
    {
      schema: admin({
        summary: 'Accounts by name',
        description: '`q`: names starting with it, without regard to case. Paged by name.',
        querystring: usersQuery,
        answers: { 200: page(moderatedUserSchema) },
      }),
    },
    async (request) => {
      const query = request.query;
      return moderation.users(query.q ?? '', query.limit ?? 20, query.cursor || null);
    },
  );

  for (const change of ['suspend', 'reinstate'] as const) {
    api.post(
      `/api/admin/users/:username/${change}`,
      {
        schema: admin({
          summary: change === 'suspend' ? 'Suspend an account' : 'Reinstate a suspended account',
          description:
            change === 'suspend'
              ? 'Its tokens and API keys stop working at once, sign-in is refused, its profile is a 404 and its posts and comments leave every public read. 409 when already suspended or for an operator.'
              : 'Its tokens work again and what the suspension hid comes back (what an operator hid stays hidden). 409 when not suspended.',
          params: usernameParams,
          body: moderationReasonSchema,
          answers: DONE,
        }),
      },
      async (request) => {
        const { username } = request.params;
        const { reason } = request.body;
        if (change === 'suspend') await moderation.suspend(request.viewer, username, reason);
        else await moderation.reinstate(request.viewer, username, reason);
        return { message: change === 'suspend' ? 'The account is suspended' : 'The account is reinstated' };
      },
    );
  }

  api.get(
    '/api/admin/log',
    {
      schema: admin({
        summary: 'The audit log',
        description: 'Every operator action, newest first.',
        querystring: pageQuerySchema,
        answers: { 200: page(moderationLogEntrySchema) },
      }),
    },
    async (request) => {
      return moderation.log(toPageRequest(request.query));
    },
  );
}
