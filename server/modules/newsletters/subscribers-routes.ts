import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GROWTH_PERIODS,
  IMPORT_CONSENT_FIELD,
  IMPORT_FILE_FIELD,
  IMPORT_FILE_MISSING_MESSAGE,
  IMPORT_FORMATS,
  IMPORT_TOO_LARGE_MESSAGE,
  EMAIL_OUTCOMES,
  SEND_STATES,
  SUBSCRIBERS_IMPORT_MAX_BYTES,
  growthQuerySchema,
  sendsQuerySchema,
  subscribersQuerySchema,
  type GrowthPeriod,
} from '../../../contracts/newsletter-subscribers';
import { SUBSCRIPTION_STATUSES } from '../../../contracts/newsletters';
import { HttpError, badRequest } from '../../lib/http-errors';
import { answer, page } from '../../openapi/answers';
import { NO_CONTENT, declareRoute, rawAnswer } from '../../openapi/route-schema';
import { listParams } from './list-params';
import type { SubscribersService } from './subscribers-service';

const subscriberParams = listParams.extend({ id: z.string().max(64) });

const time = z.string().describe('An ISO 8601 time in UTC.');
const statusSchema = z.enum(SUBSCRIPTION_STATUSES);
const subscriberSchema = z
  .strictObject({
    id: z.string(),
    email: z.string(),
    status: statusSchema,
    createdAt: time,
    confirmedAt: time.nullable(),
    unsubscribedAt: time.nullable(),
  })
  .meta({ id: 'Subscriber' });
const summarySchema = z
  .strictObject({
    list: z.strictObject({ id: z.string(), slug: z.string(), name: z.string(), personal: z.boolean() }),
    counts: z.strictObject(
      Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, z.number().int()])) as Record<
        (typeof SUBSCRIPTION_STATUSES)[number],
        z.ZodNumber
      >,
    ),
    days: z.union(GROWTH_PERIODS.map((days) => z.literal(days))),
    growth: z.array(
      z.strictObject({
        day: z.string().describe('YYYY-MM-DD, UTC.'),
        subscribed: z.number().int().describe('Addresses that became active that day.'),
        unsubscribed: z
          .number()
          .int()
          .describe('Addresses that unsubscribed that day (and have not come back).'),
      }),
    ),
  })
  .meta({ id: 'SubscribersSummary' });
const importReportSchema = z
  .strictObject({
    format: z.enum(IMPORT_FORMATS),
    imported: z.number().int(),
    alreadySubscribed: z.number().int(),
    skipped: z.strictObject({
      unsubscribed: z.number().int(),
      bounced: z.number().int(),
      notSubscribedInExport: z.number().int(),
      duplicateInFile: z.number().int(),
    }),
    invalid: z.number().int(),
    errors: z.array(z.strictObject({ line: z.number().int(), message: z.string() })),
  })
  .meta({ id: 'SubscriberImport' });
const sendReportSchema = z
  .strictObject({
    post: z.strictObject({ id: z.string(), title: z.string() }),
    state: z
      .enum(SEND_STATES)
      .describe(
        'waiting: until the post is public; copying: its addresses are being queued; queued: every address is; cancelled: the post stopped being public first.',
      ),
    createdAt: time.describe('When publishing or scheduling asked for the email.'),
    emails: z
      .strictObject(
        Object.fromEntries(EMAIL_OUTCOMES.map((outcome) => [outcome, z.number().int()])) as Record<
          (typeof EMAIL_OUTCOMES)[number],
          z.ZodNumber
        >,
      )
      .describe(
        'Emails by outcome: waiting to go, sent (accepted by the mail server), bounced (refused for good), failed (given up), skipped (the address left first), cancelled (the post stopped being public first).',
      ),
  })
  .meta({ id: 'NewsletterSendReport' });
/** For the reference only: the upload is read from the multipart stream. */
const importBody = z.object({
  [IMPORT_CONSENT_FIELD]: z
    .literal('true')
    .describe('Required: everyone in the file agreed to receive the newsletter.'),
  [IMPORT_FILE_FIELD]: z.string().meta({ format: 'binary' }),
});

const tag = 'Newsletters' as const;
const WHO =
  "For the list's owner and editors (a writer owns their own blog): 403 for anyone else, 404 for no such list.";

/** `<slug>-subscribers-<yyyy-mm-dd>.csv`, in ASCII so every browser keeps the name. */
function exportName(slug: string, day: string): string {
  return `${slug.replace(/[^A-Za-z0-9-]+/g, '-') || 'list'}-subscribers-${day}.csv`;
}

const isTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/** The writer's side of a newsletter list: counts, growth, the list, removal, CSV out and in. */
export async function registerSubscriberRoutes(
  app: FastifyInstance,
  deps: { subscribers: SubscribersService },
): Promise<void> {
  const { subscribers } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/newsletters/lists/:list/summary',
    {
      schema: declareRoute({
        summary: "A newsletter list's counts and growth",
        description: `How many addresses are in each state, and per UTC day over the last \`days\` (30, 90 or 365) how many became active and how many unsubscribed. ${WHO}`,
        tag,
        access: 'token',
        params: listParams,
        querystring: growthQuerySchema,
        answers: { 200: answer(summarySchema) },
      }),
    },
    async (request) => ({
      response: await subscribers.summary(
        request.viewer,
        request.params.list,
        request.query.days as GrowthPeriod,
      ),
    }),
  );

  api.get(
    '/api/newsletters/lists/:list/subscribers',
    {
      schema: declareRoute({
        summary: "A page of a newsletter list's subscribers",
        description: `By address, 50 a page. \`q\` keeps addresses starting with it (case ignored), \`status\` one state. ${WHO}`,
        tag,
        access: 'token',
        params: listParams,
        querystring: subscribersQuerySchema,
        answers: { 200: page(subscriberSchema) },
      }),
    },
    async (request) => subscribers.page(request.viewer, request.params.list, request.query),
  );

  api.get(
    '/api/newsletters/lists/:list/sends',
    {
      schema: declareRoute({
        summary: "The posts emailed to a newsletter list, with their emails' outcomes",
        description: `Newest first, 20 a page: each post published (or scheduled) with its email, where the send stands, and how many of its emails are waiting, sent, bounced, failed, skipped or cancelled. ${WHO}`,
        tag,
        access: 'token',
        params: listParams,
        querystring: sendsQuerySchema,
        answers: { 200: page(sendReportSchema) },
      }),
    },
    async (request) => subscribers.sends(request.viewer, request.params.list, request.query.cursor),
  );

  api.delete(
    '/api/newsletters/lists/:list/subscribers/:id',
    {
      schema: declareRoute({
        summary: 'Remove a subscriber from a newsletter list',
        description: `The address is forgotten by the list (it may subscribe again, with a confirmation). An active one is announced to webhooks as \`subscriber.removed\`. 404 for an id not on the list. ${WHO}`,
        tag,
        access: 'token',
        params: subscriberParams,
        answers: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await subscribers.remove(request.viewer, request.params.list, request.params.id);
      return reply.code(204).send();
    },
  );

  api.get(
    '/api/newsletters/lists/:list/subscribers/export',
    {
      schema: declareRoute({
        summary: 'Download a newsletter list as CSV',
        description: `Every address with its state and times (columns \`email,status,created_at,confirmed_at,unsubscribed_at\`), streamed as it is read. The file imports back. ${WHO}`,
        tag,
        access: 'token',
        params: listParams,
        answers: { 200: rawAnswer('CSV with a header line.', 'text/csv') },
      }),
    },
    async (request, reply) => {
      const { list, csv } = await subscribers.exportList(request.viewer, request.params.list);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportName(list.slug, day)}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  // Scoped, so no other route accepts multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: SUBSCRIBERS_IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5, headerPairs: 100 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/newsletters/lists/:list/subscribers/import',
      {
        schema: declareRoute({
          summary: 'Import subscribers from a CSV file',
          description: `Substack's subscriber export, Ghost's members export, this server's export, or any CSV whose first line names an \`email\` column, up to 20 MB (413 past that), in the multipart field \`file\`; \`consent\` must be \`true\`: the writer confirms everyone in it agreed to receive the newsletter (400 without). Imported addresses are active at once, with no confirmation email and no webhook. An address that unsubscribed from or bounced on this list is never brought back, and lines the export marks as not receiving emails are left out: the answer counts each reason, and names bad lines by number. ${WHO}`,
          tag,
          access: 'token',
          params: listParams,
          consumes: ['multipart/form-data'],
          body: importBody,
          answers: { 200: answer(importReportSchema) },
        }),
      },
      async (request) => {
        const { viewer } = request;
        const { list } = request.params;
        // Who may import is known before a 20 MB body is read.
        await subscribers.manageable(viewer, list);
        if (!request.isMultipart()) throw new HttpError(415, IMPORT_FILE_MISSING_MESSAGE);
        let data: Buffer | undefined;
        let consent = false;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== IMPORT_FILE_FIELD)
                throw badRequest(IMPORT_FILE_MISSING_MESSAGE, { file: [IMPORT_FILE_MISSING_MESSAGE] });
              data = await part.toBuffer();
            } else if (part.fieldname === IMPORT_CONSENT_FIELD) {
              consent = ['true', 'on', 'yes'].includes(String(part.value).trim().toLowerCase());
            }
          }
        } catch (error) {
          if (isTooLarge(error)) throw new HttpError(413, IMPORT_TOO_LARGE_MESSAGE);
          if (error instanceof HttpError) throw error;
          throw badRequest(IMPORT_FILE_MISSING_MESSAGE, { file: [IMPORT_FILE_MISSING_MESSAGE] });
        }
        if (!data) throw badRequest(IMPORT_FILE_MISSING_MESSAGE, { file: [IMPORT_FILE_MISSING_MESSAGE] });
        return { response: await subscribers.importList(viewer, list, data, consent) };
      },
    );
  });
}
