import { z } from 'zod';
import { PAGE_STATUSES, type PublicationPage } from '../../contracts/publication-pages';
import { agrees } from './agrees';

/* The answers of a publication's pages routes (decision 83), tied to their contract. */

const time = z.string().describe('An ISO 8601 time in UTC.');

export const publicationPageSchema = z
  .strictObject({
    id: z.string().describe('A UUID.'),
    slug: z.string().describe('Its address on the site: /p/{slug}; unique in the publication.'),
    title: z.string(),
    body: z.string().describe("Markdown, in the posts' dialect."),
    status: z.enum(PAGE_STATUSES).describe('A draft is not on the site.'),
    url: z.string().describe('Its address on the site (answers 404 while it is a draft).'),
    createdAt: time,
    updatedAt: time,
  })
  .meta({ id: 'PublicationPage' });
agrees<z.output<typeof publicationPageSchema>, PublicationPage>();
