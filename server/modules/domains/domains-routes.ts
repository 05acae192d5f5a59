import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { domainSchema } from '../../../contracts/publications';
import { answer, messageAnswer } from '../../openapi/answers';
import { domainStatusSchema } from '../../openapi/publication-answers';
import { NO_CONTENT, declareRoute } from '../../openapi/route-schema';
import { slugParams } from '../publications/publications-routes';
import type { DomainsService } from './domains-service';

const askQuery = z.object({ domain: z.string().trim().toLowerCase().max(253) });

/**
 * HTTP for publications' custom domains (decision 44), listed under Publications in the API's
 * document: a publication's owner claims, verifies and removes its domain; Caddy asks whether a
 * name is served.
 */
export function registerDomainRoutes(app: FastifyInstance, deps: { domains: DomainsService }): void {
  const { domains } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tag = 'Publications' as const;

  api.get(
    '/api/publications/:slug/domain',
    {
      schema: declareRoute({
        summary: "A publication's custom domain and its state",
        description: 'For its owner; `response` is null while no domain is claimed.',
        tag,
        access: 'token',
        params: slugParams,
        answers: { 200: answer(domainStatusSchema.nullable()) },
      }),
    },
    async (request) => {
      const { slug } = request.params;
      return { response: await domains.domain(request.viewer, slug) };
    },
  );

  api.put(
    '/api/publications/:slug/domain',
    {
      schema: declareRoute({
        summary: 'Claim a custom domain',
        description:
          'Pending until the DNS TXT record the answer names is found (POST …/domain/verify). Replaces an earlier domain.',
        tag,
        access: 'token',
        params: slugParams,
        body: domainSchema,
        bodyExample: { domain: 'blog.example.com' },
        answers: { 200: answer(domainStatusSchema) },
      }),
    },
    async (request) => {
      const { slug } = request.params;
      const { domain } = request.body;
      return { response: await domains.claimDomain(request.viewer, slug, domain) };
    },
  );

  api.post(
    '/api/publications/:slug/domain/verify',
    {
      schema: declareRoute({
        summary: 'Check the DNS record now',
        tag,
        access: 'token',
        params: slugParams,
        answers: { 200: answer(domainStatusSchema) },
      }),
    },
    async (request) => {
      const { slug } = request.params;
      return { response: await domains.verifyDomain(request.viewer, slug) };
    },
  );

  api.delete(
    '/api/publications/:slug/domain',
    {
      schema: declareRoute({
        summary: 'Remove the custom domain',
        tag,
        access: 'token',
        params: slugParams,
        answers: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      const { slug } = request.params;
      await domains.deleteDomain(request.viewer, slug);
      return reply.code(204).send();
    },
  );

  api.get(
    '/api/domains/ask',
    {
      schema: declareRoute({
        summary: "Caddy's on-demand TLS question: may a certificate be issued for this name?",
        description:
          "200 for a verified custom domain or an existing publication's sub-domain of BASE_DOMAIN; 404 otherwise.",
        tag,
        access: 'public',
        querystring: askQuery,
        answers: { 200: messageAnswer },
      }),
    },
    async (request, reply) => {
      const { domain } = request.query;
      if (!(await domains.servesDomain(domain.replace(/\.$/, '')))) {
        return reply.code(404).send({ message: 'Not a domain this instance serves' });
      }
      return { message: 'Yes' };
    },
  );
}
