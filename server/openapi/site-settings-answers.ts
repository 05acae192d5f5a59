import { z } from 'zod';
import { HOME_LAYOUTS, NAV_LINK_KINDS, type SiteSettings } from '../../contracts/publication-site';
import { pictureSchema } from './answers';
import { agrees } from './agrees';

/* The answers of a publication site's settings routes (decision 83), tied to their contract. */

export const siteSettingsSchema = z
  .strictObject({
    nav: z
      .array(
        z.strictObject({
          label: z.string(),
          kind: z.enum(NAV_LINK_KINDS),
          target: z
            .string()
            .describe("A page's address (/p/{target}), a topic's name, an https address, or a series' id."),
        }),
      )
      .describe("The site header's links, in order; Posts and RSS are always there besides."),
    footer: z.string().describe('Plain text with **bold**, *italic* and [links](https://…).'),
    layout: z
      .enum(HOME_LAYOUTS)
      .describe(
        'The home page: `list` (newest first), `grid` (cards with covers), `magazine` (a lead post, then a grid).',
      ),
    cover: pictureSchema.nullable().describe("The cover picture on the site's home; null for none."),
  })
  .meta({ id: 'SiteSettings' });
agrees<z.output<typeof siteSettingsSchema>, SiteSettings>();
