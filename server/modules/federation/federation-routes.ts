import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_NOT_FOUND_MESSAGE } from '../../../contracts/auth';
import {
  ACTIVITY_STREAMS_MEDIA_TYPE,
  NODEINFO_DISCOVERY_PATH,
  NODEINFO_PATH,
  NODEINFO_SCHEMA,
  SHARED_INBOX_PATH,
  WEBFINGER_PATH,
} from '../../../contracts/federation';
import { notFound } from '../../lib/http-errors';
import { idSchema } from '../../../contracts/ids';
import { POST_NOT_FOUND_MESSAGE } from '../../../contracts/posts';
import { varyWith } from '../../lib/content-encoding';
import { NOT_MODIFIED, declareRoute, rawAnswer } from '../../openapi/route-schema';
import { hostNameOf, SITE_PATH_PREFIX } from '../sites/site-hosts';
import { REPRESENTATION_CONSTRAINT } from './activity-negotiation';
import {
  ACTOR_NOT_FOUND_MESSAGE,
  COMMENT_OBJECT_NOT_FOUND_MESSAGE,
  type ActivityDocument,
  type ArticleAnswer,
  type FederationService,
} from './federation-service';
import { NOT_OURS_MESSAGE, type Inbox, type InboxOwner } from './inbox';

/** What every ActivityStreams answer is sent as. */
const ACTIVITY_CONTENT_TYPE = `${ACTIVITY_STREAMS_MEDIA_TYPE}; charset=utf-8`;
/** Other servers fetch an actor when they meet it and again now and then; revalidation is cheap. */
const ACTIVITY_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** NodeInfo's figures move slowly and crawlers of the fediverse ask often: half an hour. */
const NODEINFO_CACHE_CONTROL = 'public, max-age=1800';

export const activityAnswer = (description: string) => ({
  200: rawAnswer(description, ACTIVITY_STREAMS_MEDIA_TYPE),
  304: NOT_MODIFIED,
});

/** A post's answer: its Article, or the Tombstone of one its followers were told is deleted. */
const articleAnswer = {
  ...activityAnswer('The Article.'),
  410: rawAnswer(
    'A Tombstone: followers on the social web were sent a Delete of this post.',
    ACTIVITY_STREAMS_MEDIA_TYPE,
  ),
};

function sendArticle(reply: FastifyReply, answer: ArticleAnswer) {
  return sendActivity(reply.code(answer.status), answer.document);
}

const webFingerQuerySchema = z.object({
  resource: z.string({ error: 'resource must be given once' }).max(512, 'resource is too long').optional(),
});

const webFingerAnswer = z
  .strictObject({
    subject: z.string().describe('The account asked for, as `acct:name@host`.'),
    aliases: z.array(z.string()).describe('The actor’s id and its page.'),
    links: z.array(
      z.strictObject({
        rel: z.string(),
        type: z.string().optional(),
        href: z.string(),
      }),
    ),
  })
  .meta({ id: 'WebFinger' });

const nodeInfoLinksAnswer = z
  .strictObject({ links: z.array(z.strictObject({ rel: z.string(), href: z.string() })) })
  .meta({ id: 'NodeInfoLinks' });

const nodeInfoAnswer = z
  .looseObject({
    version: z.literal('2.1'),
    software: z.looseObject({ name: z.string(), version: z.string() }),
    protocols: z.array(z.string()),
    openRegistrations: z.boolean(),
    usage: z.looseObject({
      users: z.strictObject({ total: z.number(), activeMonth: z.number(), activeHalfyear: z.number() }),
      localPosts: z.number(),
    }),
  })
  .meta({ id: 'NodeInfo' });

const actorIdParams = z.object({ id: idSchema('id', ACTOR_NOT_FOUND_MESSAGE) });
const postIdParams = z.object({ id: idSchema('id', POST_NOT_FOUND_MESSAGE) });
const commentIdParams = z.object({ id: idSchema('id', COMMENT_OBJECT_NOT_FOUND_MESSAGE) });
const outboxQuerySchema = z.object({
  page: z.literal('true', { error: 'page must be true' }).optional(),
  cursor: z.string({ error: 'cursor is not valid' }).max(256, 'cursor is not valid').optional(),
});

/** What other servers post: ActivityStreams, as either media type (or plain JSON, which some send). */
const INBOX_MEDIA_TYPES = ['application/activity+json', 'application/ld+json', 'application/json'];
/** An activity is a few KB; a long reply with its context, a few tens. */
export const INBOX_BODY_LIMIT_BYTES = 256 * 1024;

const ACCEPTED = z
  .null()
  .describe('Accepted: the signature checked out; what the activity asks is done, or left alone.');

/** The pages whose address also answers ActivityStreams (content negotiation, decision 70). */
const NEGOTIATED_PAGES = new Set(['/readblog', '/profile']);

export function sendActivity(reply: FastifyReply, document: ActivityDocument) {
  return reply
    .type(ACTIVITY_CONTENT_TYPE)
    .header('cache-control', ACTIVITY_CACHE_CONTROL)
    .send(JSON.stringify(document));
}

/** The answer depends on Accept: shared caches (and ours, by its key) keep the two apart. */
function varyOnAccept(reply: FastifyReply): void {
  reply.header('vary', varyWith(reply.getHeader('vary'), 'accept'));
}

/**
 * The social web's routes: WebFinger, NodeInfo, actors, posts as Articles and the actors'
 * collections, the pages' addresses answering ActivityStreams to those who ask for it, and the
 * inboxes, which act only on activities whose HTTP Signature checks out (inbox.ts).
 */
export async function registerFederationRoutes(
  app: FastifyInstance,
  deps: { federation: FederationService; inbox: Inbox },
): Promise<void> {
  const { federation, inbox } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Every page a negotiated address can also be says so, cached or not (see NEGOTIATED_PAGES).
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET') || route.constraints?.[REPRESENTATION_CONSTRAINT] !== undefined) return;
    const negotiated = NEGOTIATED_PAGES.has(route.url);
    const catchAll = route.url === '/*';
    if (!negotiated && !catchAll) return;
    const hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      if (negotiated || request.url.startsWith('/@')) varyOnAccept(reply);
      done();
    };
    route.onRequest = [
      ...(Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : []),
      hook,
    ];
  });

  routes.get(
    WEBFINGER_PATH,
    {
      schema: declareRoute({
        summary: 'Find an account (WebFinger)',
        description:
          'RFC 7033, as Mastodon asks it: `resource=acct:handle@host` names a writer, `acct:slug@host` a team publication (a writer’s own blog answers with the writer). The address of an actor or profile here works too. A team publication with a verified domain of its own is answered with `subject` `acct:slug@domain`, its name there, and that domain answers `/.well-known/webfinger?resource=acct:slug@domain` for that publication only. 400 without a resource or with one that is not an account or an address; 404 for nobody here.',
        tag: 'Social web',
        access: 'public',
        querystring: webFingerQuerySchema,
        answers: { 200: webFingerAnswer, 304: NOT_MODIFIED },
      }),
    },
    async (request, reply) => {
      const answer = await federation.webFinger(request.query.resource);
      // RFC 7033 §5: any page may look an account up.
      return reply
        .type('application/jrd+json; charset=utf-8')
        .header('access-control-allow-origin', '*')
        .send(answer);
    },
  );

  // A publication's own verified domain answers for that publication (decision 0084's addendum):
  // site-hosts.ts routes the domain's /.well-known/webfinger here. Anywhere else, nobody is here.
  routes.get(
    `${SITE_PATH_PREFIX}:slug${WEBFINGER_PATH}`,
    {
      schema: {
        ...declareRoute({
          summary: 'Find a publication at its own domain (WebFinger)',
          tag: 'Social web',
          access: 'public',
          params: z.object({ slug: z.string().max(200) }),
          querystring: webFingerQuerySchema,
          answers: { 200: webFingerAnswer, 304: NOT_MODIFIED },
        }),
        hide: true,
      },
    },
    async (request, reply) => {
      const answer = await federation.webFingerOnSite(
        request.params.slug,
        hostNameOf(request.headers.host),
        request.query.resource,
      );
      return reply
        .type('application/jrd+json; charset=utf-8')
        .header('access-control-allow-origin', '*')
        .send(answer);
    },
  );

  routes.get(
    NODEINFO_DISCOVERY_PATH,
    {
      schema: declareRoute({
        summary: 'Where NodeInfo is',
        tag: 'Social web',
        access: 'public',
        answers: { 200: nodeInfoLinksAnswer, 304: NOT_MODIFIED },
      }),
    },
    async (_request, reply) =>
      reply
        .header('cache-control', NODEINFO_CACHE_CONTROL)
        .header('access-control-allow-origin', '*')
        .send(federation.nodeInfoLinks()),
  );

  routes.get(
    NODEINFO_PATH,
    {
      schema: declareRoute({
        summary: 'What this instance is (NodeInfo 2.1)',
        description:
          'Software, protocols and figures: accounts with a handle that are not suspended, the writers among them who published in the last 30 and 180 days, the posts listed publicly and the comments readers can see.',
        tag: 'Social web',
        access: 'public',
        answers: { 200: nodeInfoAnswer, 304: NOT_MODIFIED },
      }),
    },
    async (_request, reply) =>
      reply
        .type(`application/json; profile="${NODEINFO_SCHEMA}#"; charset=utf-8`)
        .header('cache-control', NODEINFO_CACHE_CONTROL)
        .header('access-control-allow-origin', '*')
        .send(await federation.nodeInfo()),
  );

  const actors = [
    {
      kind: 'writer',
      base: '/ap/users/:id',
      noun: 'A writer',
      actor: (id: string) => federation.writerActor(id),
    },
    {
      kind: 'publication',
      base: '/ap/publications/:id',
      noun: 'A team publication',
      actor: (id: string) => federation.publicationActor(id),
    },
  ] as const;
  for (const { kind, base, noun, actor } of actors) {
    routes.get(
      base,
      {
        schema: declareRoute({
          summary: `${noun} as an actor (ActivityPub)`,
          description:
            kind === 'writer'
              ? 'A Person: handle, name, bio, picture, profile page, inbox, outbox, collections and the shared inbox. The profile’s own addresses (`/@handle`, `/profile?userId=`) answer the same document to `Accept: application/activity+json`. 404 for suspended accounts and former members.'
              : 'A Group: address, name, description, logo, site, inbox, outbox, collections and the shared inbox. A writer’s own blog is the writer’s actor, not one of these.',
          tag: 'Social web',
          access: 'public',
          params: actorIdParams,
          answers: activityAnswer(`The ${kind === 'writer' ? 'Person' : 'Group'}.`),
        }),
      },
      async (request, reply) => sendActivity(reply, await actor(request.params.id)),
    );
    routes.get(
      `${base}/outbox`,
      {
        schema: declareRoute({
          summary: `${noun}'s outbox`,
          description:
            'An OrderedCollection of Create(Article), newest first: `page=true` for its first page, `cursor` (from `next`) for the following ones. Only posts listed publicly.',
          tag: 'Social web',
          access: 'public',
          params: actorIdParams,
          querystring: outboxQuerySchema,
          answers: activityAnswer('The collection, or one of its pages.'),
        }),
      },
      async (request, reply) =>
        sendActivity(reply, await federation.outbox({ kind, id: request.params.id }, request.query)),
    );
    for (const which of ['followers', 'following'] as const) {
      routes.get(
        `${base}/${which}`,
        {
          schema: declareRoute({
            summary: `${noun}'s ${which} (a count)`,
            description: 'An OrderedCollection with its total only: who is in it is not public.',
            tag: 'Social web',
            access: 'public',
            params: actorIdParams,
            answers: activityAnswer('The collection.'),
          }),
        },
        async (request, reply) =>
          sendActivity(reply, await federation.countOnlyCollection({ kind, id: request.params.id }, which)),
      );
    }
  }

  routes.get(
    '/ap/posts/:id',
    {
      schema: declareRoute({
        summary: 'A post as an Article (ActivityPub)',
        description:
          'Title, sanitized HTML, summary, page address, author, publication time, topics as hashtags and the cover. The read page’s address (`/readblog?id=`) answers the same document to `Accept: application/activity+json`. 404 for drafts, scheduled, hidden and deleted posts; 410 with a Tombstone for one whose followers were sent a Delete (deleted, unpublished or hidden after it went out).',
        tag: 'Social web',
        access: 'public',
        params: postIdParams,
        answers: articleAnswer,
      }),
    },
    async (request, reply) => sendArticle(reply, await federation.articleOrTombstone(request.params.id)),
  );

  routes.get(
    '/ap/comments/:id',
    {
      schema: declareRoute({
        summary: 'A writer’s reply as a Note (ActivityPub)',
        description:
          'A reply of a post’s writer that went out to the social web (an answer to a comment from there): its sanitized HTML with the mention of whom it answers, `inReplyTo` their Note, the writer as `attributedTo`, `url` the post’s discussion. Answered as a post’s id is, to `application/activity+json` and `application/ld+json` alike. 404 for a comment that never went out, a hidden one, or one under a post the public cannot read (a draft, scheduled, hidden or deleted post); 410 with a Tombstone once its Delete was sent.',
        tag: 'Social web',
        access: 'public',
        params: commentIdParams,
        answers: {
          ...activityAnswer('The Note.'),
          410: rawAnswer(
            'A Tombstone: the reply was deleted, and its Delete sent.',
            ACTIVITY_STREAMS_MEDIA_TYPE,
          ),
        },
      }),
    },
    async (request, reply) => sendArticle(reply, await federation.commentNote(request.params.id)),
  );

  // The pages' own addresses, for clients that ask for ActivityStreams (activity-negotiation.ts).
  // Hidden from the reference: their paths are the pages'; the routes above document the answers.
  const negotiated = { constraints: { [REPRESENTATION_CONSTRAINT]: 'activity' } };
  routes.get(
    '/readblog',
    {
      ...negotiated,
      schema: {
        ...declareRoute({
          summary: 'A post page as an Article',
          tag: 'Social web',
          access: 'public',
          querystring: z.object({ id: idSchema('id', POST_NOT_FOUND_MESSAGE) }),
          answers: articleAnswer,
        }),
        hide: true,
      },
    },
    async (request, reply) => {
      varyOnAccept(reply);
      return sendArticle(reply, await federation.articleOrTombstone(request.query.id));
    },
  );
  routes.get(
    '/profile',
    {
      ...negotiated,
      schema: {
        ...declareRoute({
          summary: 'A profile page as an actor',
          tag: 'Social web',
          access: 'public',
          querystring: z.object({ userId: idSchema('userId', USER_NOT_FOUND_MESSAGE) }),
          answers: activityAnswer('The Person.'),
        }),
        hide: true,
      },
    },
    async (request, reply) => {
      varyOnAccept(reply);
      return sendActivity(reply, await federation.writerActor(request.query.userId));
    },
  );
  routes.get(
    '/@:handle',
    {
      ...negotiated,
      schema: {
        ...declareRoute({
          summary: 'A /@handle page as an actor',
          tag: 'Social web',
          access: 'public',
          params: z.object({ handle: z.string().max(64, ACTOR_NOT_FOUND_MESSAGE) }),
          answers: activityAnswer('The Person.'),
        }),
        hide: true,
      },
    },
    async (request, reply) => {
      varyOnAccept(reply);
      return sendActivity(reply, await federation.writerActorByHandle(request.params.handle));
    },
  );

  // The inboxes take the raw body: the signature's Digest is over its bytes, not over parsed JSON.
  await app.register(async (scope) => {
    const inboxes = scope.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      INBOX_MEDIA_TYPES,
      { parseAs: 'buffer', bodyLimit: INBOX_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    const inboxDeclaration = (summary: string, description: string) =>
      declareRoute({
        summary,
        description: `${description} The Date must be within 12 hours and the Digest the body's. Follow adds a follower and sends it a signed Accept; Undo(Follow) removes it; other activities are accepted and left alone for now. At most ${INBOX_BODY_LIMIT_BYTES / 1024} KB; 300 activities a minute per server (\`RATE_INBOX_PER_SERVER\`).`,
        tag: 'Social web',
        access: 'http-signature',
        consumes: INBOX_MEDIA_TYPES,
        answers: { 202: ACCEPTED },
      });
    const receive = async (request: FastifyRequest, reply: FastifyReply, owner: InboxOwner) => {
      if (owner !== null && !(await federation.exists(owner))) throw notFound(NOT_OURS_MESSAGE);
      const changed = await inbox.receive({
        owner,
        url: request.url,
        headers: request.headers,
        body: request.body as Buffer,
      });
      // A reply or a like shows on the post's page and in its read: cached answers go.
      if (changed) request.changedCachedReads = true;
      return reply.code(202).send();
    };
    // Followers are not on any page the response cache keeps: a Follow leaves it as it is; a reply,
    // a like or a boost empties it (decision 0084).
    const keepsCache = { keepsResponseCache: true };
    inboxes.post(
      SHARED_INBOX_PATH,
      {
        config: keepsCache,
        schema: inboxDeclaration(
          'The shared inbox (ActivityPub)',
          'Where other servers post activities for any actor here, once per server.',
        ),
      },
      async (request, reply) => receive(request, reply, null),
    );
    for (const [kind, base] of [
      ['writer', '/ap/users/:id'],
      ['publication', '/ap/publications/:id'],
    ] as const) {
      inboxes.post(
        `${base}/inbox`,
        {
          config: keepsCache,
          schema: {
            ...inboxDeclaration(
              kind === 'writer'
                ? "A writer's inbox (ActivityPub)"
                : "A team publication's inbox (ActivityPub)",
              'Where other servers post activities for this actor. 404 for an actor that is not here.',
            ),
            params: actorIdParams,
          },
        },
        async (request, reply) => receive(request, reply, { kind, id: request.params.id }),
      );
    }
  });
}
