import { z } from 'zod';
import type {
  ConduitArticle,
  ConduitComment,
  ConduitErrorBody,
  ConduitProfile,
  ConduitUser,
} from '../../../contracts/conduit';
import { agrees } from '../../openapi/agrees';
import { declareRoute, type RouteDeclaration } from '../../openapi/route-schema';

/*
 * What the Conduit routes answer, as Zod schemas tied to contracts/conduit.ts (agrees<…>), for the
 * OpenAPI reference and the API tests' answer checks (decision 41), like server/openapi/answers.ts.
 */

const time = z.string().describe('An ISO 8601 time in UTC.');

const conduitUserSchema = z
  .strictObject({
    email: z.string(),
    token: z
      .string()
      .describe('The token the request carried, or a fresh one after sign-up, sign-in or a change.'),
    username: z.string(),
    bio: z.string().nullable(),
    image: z.string().nullable(),
  })
  .meta({ id: 'ConduitUser' });
agrees<z.output<typeof conduitUserSchema>, ConduitUser>();

const conduitProfileSchema = z
  .strictObject({
    username: z.string(),
    bio: z.string().nullable(),
    image: z.string().nullable(),
    following: z.boolean().describe('Whether the viewer follows them; false without a token.'),
  })
  .meta({ id: 'ConduitProfile' });
agrees<z.output<typeof conduitProfileSchema>, ConduitProfile>();

const conduitArticleSchema = z
  .strictObject({
    slug: z.string().describe("The title's words and the post's id; any slug ending in the id finds it."),
    title: z.string(),
    description: z.string().describe("The writer's summary, or the text's own when none was given."),
    body: z.string().optional().describe('Markdown; left out of lists.'),
    tagList: z
      .array(z.string())
      .describe("In the writer's order, each topic by the name its first writer typed."),
    createdAt: time,
    updatedAt: time,
    favorited: z.boolean(),
    favoritesCount: z.number().int(),
    author: conduitProfileSchema,
  })
  .meta({ id: 'ConduitArticle' });
agrees<z.output<typeof conduitArticleSchema>, ConduitArticle>();

const conduitCommentSchema = z
  .strictObject({
    id: z.number().int().describe("The comment's number, never reused; Inkwell's own routes use its UUID."),
    createdAt: time,
    updatedAt: time,
    body: z.string(),
    author: conduitProfileSchema,
  })
  .meta({ id: 'ConduitComment' });
agrees<z.output<typeof conduitCommentSchema>, ConduitComment>();

export const conduitErrorSchema = z
  .strictObject({
    errors: z
      .record(z.string(), z.array(z.string()))
      .describe('Field name → messages; `body` when no field is to blame.'),
  })
  .meta({ id: 'ConduitError' });
agrees<z.output<typeof conduitErrorSchema>, ConduitErrorBody>();

export const userAnswer = z.strictObject({ user: conduitUserSchema });
export const profileAnswer = z.strictObject({ profile: conduitProfileSchema });
export const articleAnswer = z.strictObject({ article: conduitArticleSchema });
export const articlesAnswer = z.strictObject({
  articles: z.array(conduitArticleSchema),
  articlesCount: z.number().int().describe('How many articles the filter matches in all.'),
});
export const commentAnswer = z.strictObject({ comment: conduitCommentSchema });
export const commentsAnswer = z.strictObject({ comments: z.array(conduitCommentSchema) });

/** A Conduit route's declaration: as any route's, with Conduit's error shape for 4xx and 5xx. */
export function conduitRoute<const D extends Omit<RouteDeclaration, 'tag'>>(route: D) {
  const schema = declareRoute({ ...route, tag: 'RealWorld (Conduit)' });
  return {
    schema: {
      ...schema,
      // Typed loosely, as every declaration's answers are: the API tests check them (decision 41).
      response: {
        ...(schema.response as Record<string, unknown>),
        '4xx': conduitErrorSchema,
        '5xx': conduitErrorSchema,
      } as Record<string, unknown>,
    },
  };
}
