import { z } from 'zod';
import type { Series, SeriesSummary } from '../../contracts/series';
import { agrees } from './agrees';

/* The answers of the series routes (decision 78), tied to their contracts like answers.ts's. */

const id = z.string().describe('A UUID.');
const time = z.string().describe('An ISO 8601 time in UTC.');

export const seriesPartSchema = z
  .strictObject({
    id: id.describe("The post's id: its page is /readblog?id={id}."),
    title: z.string(),
    description: z.string().describe("The writer's summary, or the start of the text."),
    publishedAt: time.nullable().describe('null for a draft.'),
    visible: z
      .boolean()
      .optional()
      .describe("Only for the series' managers: whether readers see it (published, not hidden, listed)."),
  })
  .meta({ id: 'SeriesPart' });

export const seriesSchema = z
  .strictObject({
    id,
    title: z.string(),
    description: z.string(),
    owner: z.strictObject({
      id,
      username: z.string(),
      publication: z
        .strictObject({ id, slug: z.string(), name: z.string() })
        .nullable()
        .describe("A team publication's series; null: the writer's own."),
    }),
    createdAt: time,
    updatedAt: time,
    parts: z.array(seriesPartSchema).describe('In order; to readers only the posts they can read.'),
  })
  .meta({ id: 'Series' });
agrees<z.output<typeof seriesSchema>, Series>();

export const seriesSummarySchema = z
  .strictObject({
    id,
    title: z.string(),
    description: z.string(),
    partCount: z.number().int().describe('Parts readers can see.'),
    updatedAt: time,
  })
  .meta({ id: 'SeriesSummary' });
agrees<z.output<typeof seriesSummarySchema>, SeriesSummary>();
