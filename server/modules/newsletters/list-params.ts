import { z } from 'zod';

/** The `:list` of the writer's side of a newsletter list's routes (settings, subscribers). */
export const listParams = z.object({
  list: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe("The publication's address (slug) or id; a writer's own blog has the writer's user id."),
});
