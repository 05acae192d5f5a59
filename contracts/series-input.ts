import { isUuid } from './ids';
import {
  SERIES_DESCRIPTION_MAX,
  SERIES_PARTS_MAX,
  SERIES_TITLE_MAX,
  type CreateSeriesInput,
  type SeriesPostsInput,
  type UpdateSeriesInput,
} from './series';
import { z } from './zod';

/** The rules of a series' fields, shared by the management page's form and the routes. */
const title = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(SERIES_TITLE_MAX, `Title must be at most ${SERIES_TITLE_MAX} characters`);
const description = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(SERIES_DESCRIPTION_MAX, `Description must be at most ${SERIES_DESCRIPTION_MAX} characters`)
  .optional();

export const createSeriesSchema = z.object({
  title,
  description,
  publication: z.string({ error: 'publication must be a slug' }).trim().min(1).max(100).nullish(),
}) satisfies z.ZodType<CreateSeriesInput>;

export const updateSeriesSchema = z.object({ title, description }) satisfies z.ZodType<UpdateSeriesInput>;

export const seriesPostsSchema = z.object({
  postIds: z
    .array(z.string({ error: 'postIds must be post ids' }).refine(isUuid, 'postIds must be post ids'), {
      error: 'postIds must be a list of post ids',
    })
    .max(SERIES_PARTS_MAX, `A series can have at most ${SERIES_PARTS_MAX} posts`)
    .refine((ids) => new Set(ids).size === ids.length, 'A post can be in the series only once'),
}) satisfies z.ZodType<SeriesPostsInput>;
