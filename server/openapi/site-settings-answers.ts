import { z } from 'zod';
import { NAV_LINK_KINDS, type SiteSettings } from '../../contracts/publication-site';
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
  })
  .meta({ id: 'SiteSettings' });
agrees<z.output<typeof siteSettingsSchema>, SiteSettings>();
