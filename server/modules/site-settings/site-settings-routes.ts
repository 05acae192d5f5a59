import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteChromeSchema, siteLookSchema } from '../../../contracts/publication-site';
import { answer } from '../../openapi/answers';
import { declareRoute } from '../../openapi/route-schema';
import { siteSettingsSchema } from '../../openapi/site-settings-answers';
import { slugParams } from '../publications/publications-routes';
import type { SiteSettingsService } from './site-settings-service';

const tag = 'Publications' as const;

/** A publication site's navigation, footer and look (decision 83): read by anyone, set by its owner. */
export function registerSiteSettingsRoutes(
  app: FastifyInstance,
  deps: { settings: SiteSettingsService },
): void {
  const { settings } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/publications/:slug/site',
    {
      schema: declareRoute({
        summary: "A publication site's navigation and footer",
        tag,
        access: 'public',
        params: slugParams,
        answers: { 200: answer(siteSettingsSchema) },
      }),
    },
    async (request) => ({ response: await settings.get(request.params.slug) }),
  );

  api.put(
    '/api/publications/:slug/site',
    {
      schema: declareRoute({
        summary: "Set a publication site's navigation and footer",
        description:
          'Its owner. The whole list of links in order (at most 8), each `{label, kind, target}`: `page` (the ' +
          "address of one of its pages), `topic` (a topic's name), `url` (an https address) or `series` (a " +
          "series' id). Errors name the field, like `nav.2.target`.",
        tag,
        access: 'token',
        params: slugParams,
        body: siteChromeSchema,
        bodyExample: {
          nav: [
            { label: 'About', kind: 'page', target: 'about' },
            { label: 'Our shop', kind: 'url', target: 'https://shop.example.com' },
          ],
          footer: 'Written by lamplight. [Write to us](https://example.com/contact).',
        },
        answers: { 200: answer(siteSettingsSchema) },
      }),
    },
    async (request) => ({
      response: await settings.setChrome(request.viewer, request.params.slug, request.body),
    }),
  );

  api.put(
    '/api/publications/:slug/site/look',
    {
      schema: declareRoute({
        summary: "Set a publication site's home layout and cover picture",
        description:
          'Its owner. `layout`: `list`, `grid` or `magazine`; `coverId`: a picture the owner uploaded ' +
          '(POST /api/media; 400 by `coverId` otherwise), or null for none.',
        tag,
        access: 'token',
        params: slugParams,
        body: siteLookSchema,
        bodyExample: { layout: 'grid', coverId: null },
        answers: { 200: answer(siteSettingsSchema) },
      }),
    },
    async (request) => ({
      response: await settings.setLook(request.viewer, request.params.slug, request.body),
    }),
  );
}
