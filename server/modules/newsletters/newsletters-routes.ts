import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NEWSLETTER_PAGE_PATHS,
  linkTokenSchema,
  subscribeSchema,
  type LinkTokenInput,
} from '../../../contracts/newsletters';
import { HttpError } from '../../lib/http-errors';
import { declareRoute } from '../../openapi/route-schema';
import type { PublicationRow } from '../publications/publications-repository';
import type { PublicationsService } from '../publications/publications-service';
import { siteContentPolicy, siteContextOf } from '../sites/site-context';
import type { SiteContext } from '../sites/site-pages';
import {
  checkInboxPage,
  confirmPage,
  confirmedPage,
  linkProblemPage,
  resubscribedPage,
  subscribeErrorPage,
  unsubscribePage,
  unsubscribedPage,
} from './newsletter-pages';
import type { NewslettersService } from './newsletters-service';

/** Nothing a subscription changes is shown in a cached public read. */
const keepsCache = { keepsResponseCache: true };
const HTML = 'text/html; charset=utf-8';
/** A form is a few fields; the one-click POST is 26 bytes. */
const FORM_BODY_LIMIT = 4096;

const listAnswer = z.strictObject({
  message: z.string(),
  publication: z.strictObject({ slug: z.string(), name: z.string() }),
});

export interface NewsletterRouteDeps {
  newsletters: NewslettersService;
  publications: PublicationsService;
  publicUrl: string;
}

/**
 * The newsletter's API (JSON, for the web app and scripts) and its pages (plain HTML forms, for
 * readers without script and for the links in emails). Both go through the same service.
 */
export async function registerNewsletterRoutes(
  app: FastifyInstance,
  deps: NewsletterRouteDeps,
): Promise<void> {
  registerNewsletterApi(app, deps);
  await app.register(async (scope) => registerNewsletterPages(scope, deps));
}

function registerNewsletterApi(app: FastifyInstance, { newsletters }: NewsletterRouteDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const listOf = (list: PublicationRow) => ({ slug: list.slug, name: list.name });

  api.post(
    '/api/newsletters/subscribe',
    {
      config: keepsCache,
      schema: declareRoute({
        summary: "Subscribe an email address to a writer's blog or a publication",
        description:
          "`publication` is the publication's address (slug) or id; a writer's own blog has the writer's user id. A confirmation link is emailed; nothing else is sent until it is used. The answer is the same whether or not the address was subscribed already; a pending address gets one confirmation a minute at most. A signed-in reader may leave out `email`: their account's address is used. 404 for an unknown publication, 429 past the limits per address and per client address.",
        tag: 'Newsletters',
        access: 'optional',
        body: subscribeSchema,
        bodyExample: { publication: 'ada', email: 'reader@example.com' },
        answers: { 202: listAnswer },
      }),
    },
    async (request, reply) => {
      const { message, list } = await newsletters.subscribe(request.body, request.viewer, request.ip);
      return reply.code(202).send({ message, publication: listOf(list) });
    },
  );

  const linkRoutes = [
    {
      path: '/api/newsletters/confirm',
      summary: 'Confirm a subscription from its emailed link',
      description:
        'The address becomes active. Confirming again answers the same. 404 for a link never issued or replaced by a newer one, 410 for an expired one (after 7 days).',
      act: (input: LinkTokenInput) => newsletters.confirm(input.token),
    },
    {
      path: '/api/newsletters/unsubscribe',
      summary: 'Unsubscribe with the token of an unsubscribe link',
      description:
        'The address gets nothing more from the list. 404 for a token that is not ours, 410 when the subscription no longer exists.',
      act: (input: LinkTokenInput) => newsletters.unsubscribe(input.token),
    },
    {
      path: '/api/newsletters/resubscribe',
      summary: 'Undo an unsubscribe with the same token',
      description:
        'An address that had confirmed becomes active again. 409 for one that must confirm again (bounced, or never confirmed).',
      act: (input: LinkTokenInput) => newsletters.resubscribe(input.token),
    },
  ];
  for (const route of linkRoutes) {
    api.post(
      route.path,
      {
        config: keepsCache,
        schema: declareRoute({
          summary: route.summary,
          description: route.description,
          tag: 'Newsletters',
          access: 'public',
          body: linkTokenSchema,
          answers: { 200: listAnswer },
        }),
      },
      async (request) => {
        const { message, list } = await route.act(request.body);
        return { message, publication: listOf(list) };
      },
    );
  }
}

type FormBody = Record<string, string>;

/** A form's fields; anything that is not a form (the one-click POST may be multipart) is no fields. */
function formFields(body: unknown): FormBody {
  return typeof body === 'object' && body !== null ? (body as FormBody) : {};
}

function registerNewsletterPages(scope: FastifyInstance, deps: NewsletterRouteDeps): void {
  const { newsletters, publications, publicUrl } = deps;
  const page = { schema: { hide: true }, config: keepsCache, bodyLimit: FORM_BODY_LIMIT };

  // Only here: the API speaks JSON, these pages take forms. RFC 8058 lets a one-click POST be
  // multipart/form-data too: its body is not needed (the token is in the address), so it is read
  // and set aside.
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  scope.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );

  const siteOf = (list: PublicationRow) => siteContextOf(publications, publicUrl, list);

  function sendPage(reply: FastifyReply, status: number, html: string, site?: SiteContext) {
    return (
      reply
        .code(status)
        .header('content-type', HTML)
        .header('content-security-policy', siteContentPolicy(publicUrl, site))
        // The address may hold a link's token: never kept by a cache, never sent on as a referrer.
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(html)
    );
  }

  /** A link's action as a page: its outcome, or a page saying honestly why the link did nothing. */
  async function linkPage(reply: FastifyReply, act: () => Promise<string | [string, SiteContext]>) {
    try {
      const result = await act();
      return typeof result === 'string' ? sendPage(reply, 200, result) : sendPage(reply, 200, ...result);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      const title =
        error.statusCode === 404 ? 'Link not valid' : error.statusCode === 410 ? 'Link expired' : 'Not done';
      return sendPage(reply, error.statusCode, linkProblemPage(publicUrl, title, error.message));
    }
  }

  const tokenOf = (request: FastifyRequest): string => {
    const query = request.query as Record<string, unknown>;
    const fromQuery = typeof query.token === 'string' ? query.token : undefined;
    const fromBody = formFields(request.body).token;
    const token = fromQuery ?? fromBody ?? '';
    return linkTokenSchema.safeParse({ token }).success ? token : '';
  };

  scope.post(NEWSLETTER_PAGE_PATHS.subscribe, page, async (request, reply) => {
    const fields = formFields(request.body);
    let list: PublicationRow;
    try {
      list = await newsletters.listOf(fields.publication ?? '');
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
      return sendPage(reply, 404, linkProblemPage(publicUrl, 'Not found', error.message));
    }
    const site = await siteOf(list);
    const input = subscribeSchema.safeParse({ publication: list.id, email: fields.email ?? '' });
    if (!input.success) {
      const error = input.error.issues[0]?.message ?? 'Email address must be a valid address';
      return sendPage(reply, 400, subscribeErrorPage(site, { email: fields.email ?? '', error }), site);
    }
    try {
      // The form has no sign-in (the session is in the browser's storage): the address is the form's.
      const { message } = await newsletters.subscribe(input.data, null, request.ip);
      return sendPage(reply, 200, checkInboxPage(site, message), site);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      const state = { email: fields.email ?? '', error: error.message };
      return sendPage(reply, error.statusCode, subscribeErrorPage(site, state), site);
    }
  });

  scope.get(NEWSLETTER_PAGE_PATHS.confirm, page, (request, reply) =>
    linkPage(reply, async () => {
      const token = tokenOf(request);
      const row = await newsletters.checkConfirmation(token);
      // A link opened again after confirming says so; otherwise only the button confirms.
      if (row.status === 'active') {
        const { message, list, unsubscribeToken } = await newsletters.confirm(token);
        const site = await siteOf(list);
        return [confirmedPage(site, message, unsubscribeToken), site];
      }
      const list = await newsletters.listOf(row.publication_id);
      const site = await siteOf(list);
      return [confirmPage(site, token), site];
    }),
  );

  scope.post(NEWSLETTER_PAGE_PATHS.confirm, page, (request, reply) =>
    linkPage(reply, async () => {
      const { message, list, unsubscribeToken } = await newsletters.confirm(tokenOf(request));
      const site = await siteOf(list);
      return [confirmedPage(site, message, unsubscribeToken), site];
    }),
  );

  scope.get(NEWSLETTER_PAGE_PATHS.unsubscribe, page, (request, reply) =>
    linkPage(reply, async () => {
      const token = tokenOf(request);
      const row = await newsletters.checkUnsubscribe(token);
      const site = await siteOf(await newsletters.listOf(row.publication_id));
      const off = row.status === 'unsubscribed' || row.status === 'bounced';
      return [unsubscribePage(site, token, off), site];
    }),
  );

  // The page's button and RFC 8058's one-click POST (`List-Unsubscribe=One-Click`, no cookie, no
  // CSRF token: the signed token in the address is the proof) do the same.
  scope.post(NEWSLETTER_PAGE_PATHS.unsubscribe, page, (request, reply) =>
    linkPage(reply, async () => {
      const token = tokenOf(request);
      const { message, list } = await newsletters.unsubscribe(token);
      const row = await newsletters.checkUnsubscribe(token);
      const site = await siteOf(list);
      return [unsubscribedPage(site, message, token, row.confirmed_at !== null), site];
    }),
  );

  scope.post(NEWSLETTER_PAGE_PATHS.resubscribe, page, (request, reply) =>
    linkPage(reply, async () => {
      const token = tokenOf(request);
      const { message, list } = await newsletters.resubscribe(token);
      const site = await siteOf(list);
      return [resubscribedPage(site, message, token), site];
    }),
  );
}
