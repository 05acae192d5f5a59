import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_DELIVERIES, DEFAULT_DELIVERY_MESSAGE } from '../../../contracts/newsletters';
import { answer } from '../../openapi/answers';
import { declareRoute } from '../../openapi/route-schema';
import { listParams } from './list-params';
import type { NewsletterSettingsService } from './newsletter-settings-service';

/** Optional text: trimmed, and empty means the default (null). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text, or null for the default` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((value) => (value ? value : null));

const settingsSchema = z.strictObject({
  newsletterName: z.string().nullable().describe("The list's name in emails; null: the publication's name"),
  senderName: z.string().nullable().describe("The sender's name; null: the publication's name"),
  replyTo: z.string().nullable().describe('Where replies go; null: none (replies go to MAIL_FROM)'),
  footer: z.string().nullable().describe("Text above the footer's unsubscribe line; null: none"),
  defaultDelivery: z
    .enum(DEFAULT_DELIVERIES)
    .describe('What a post published without a `newsletter` choice does: email it (the default) or web only'),
});

const defaultDeliveryInput = z.enum(DEFAULT_DELIVERIES, { error: DEFAULT_DELIVERY_MESSAGE });

const settingsInputSchema = z.object({
  newsletterName: optionalText('The newsletter name', 100),
  senderName: optionalText('The sender name', 100),
  replyTo: z
    .email({ error: 'Reply-To must be an email address, such as replies@example.com' })
    .max(320, 'Reply-To must be an email address, such as replies@example.com')
    .nullable()
    .or(z.literal('').transform(() => null)),
  footer: optionalText('The footer text', 1000),
  defaultDelivery: defaultDeliveryInput
    .optional()
    .describe('"email" or "web"; absent: kept as it is (a new list emails)'),
});

const draftSchema = z.object({
  title: z
    .string({ error: 'title must be text' })
    .trim()
    .min(1, 'Blog content is required')
    .max(300, 'title must be at most 300 characters'),
  content: z.string({ error: 'content must be text' }).min(1, 'Blog content is required').max(200_000),
});

const tag = 'Newsletters';
const WHO = "For the list's owner and editors (403 for anyone else, 404 for no such list).";

/** A list's newsletter settings, and a post's email previewed or sent to the writer (decision 61). */
export async function registerNewsletterSettingsRoutes(
  app: FastifyInstance,
  deps: { settings: NewsletterSettingsService },
): Promise<void> {
  const { settings } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/newsletters/lists/:list/settings',
    {
      schema: declareRoute({
        summary: "A newsletter list's settings",
        description: WHO,
        tag,
        access: 'token',
        params: listParams,
        answers: { 200: answer(settingsSchema) },
      }),
    },
    async (request) => ({ response: await settings.get(request.viewer, request.params.list) }),
  );

  api.get(
    '/api/newsletters/lists/:list/default-delivery',
    {
      schema: declareRoute({
        summary: "A newsletter list's default choice for new posts",
        description:
          'Whether a post published in this list without a `newsletter` choice is emailed ("email") or not ("web"): where the writing page\'s choice starts. For any member of the list (a writer\'s own blog: the writer); 403 for anyone else, 404 for no such list.',
        tag,
        access: 'token',
        params: listParams,
        answers: { 200: answer(z.strictObject({ defaultDelivery: z.enum(DEFAULT_DELIVERIES) })) },
      }),
    },
    async (request) => ({
      response: await settings.defaultDelivery(request.viewer, request.params.list),
    }),
  );

  api.put(
    '/api/newsletters/lists/:list/settings',
    {
      schema: declareRoute({
        summary: "Change a newsletter list's settings",
        description: `Name, sender name, Reply-To and footer text of its emails (empty or null: the default), and the default choice for posts published without one. ${WHO}`,
        tag,
        access: 'token',
        params: listParams,
        body: settingsInputSchema,
        answers: { 200: answer(settingsSchema) },
      }),
    },
    async (request) => ({
      response: await settings.save(request.viewer, request.params.list, request.body),
    }),
  );

  api.post(
    '/api/newsletters/lists/:list/preview',
    {
      schema: declareRoute({
        summary: "A post's email as subscribers would get it",
        description: `The subject, HTML and text of the email a title and Markdown would make, before publishing. ${WHO}`,
        tag,
        access: 'token',
        params: listParams,
        body: draftSchema,
        answers: {
          200: answer(z.strictObject({ subject: z.string(), html: z.string(), text: z.string() })),
        },
      }),
    },
    async (request) => ({
      response: await settings.preview(request.viewer, request.params.list, request.body),
    }),
  );

  api.post(
    '/api/newsletters/lists/:list/test-email',
    {
      schema: declareRoute({
        summary: 'Send a test email to me',
        description: `Sends the email a title and Markdown would make to the signed-in writer's own address, subject marked [Test]. ${WHO}`,
        tag,
        access: 'token',
        params: listParams,
        body: draftSchema,
        answers: { 200: answer(z.strictObject({ to: z.string() })) },
      }),
    },
    async (request) => ({
      response: await settings.sendTest(request.viewer, request.params.list, request.body),
    }),
  );
}
