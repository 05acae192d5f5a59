import { z } from 'zod';
import {
  GRANTABLE_ROLES,
  PUBLICATION_ROLES,
  type DomainStatus,
  type Invitation,
  type Membership,
  type Publication,
  type PublicationDetails,
} from '../../contracts/publications';
import { agrees } from './agrees';

/* The answers of the publications routes (decision 44), tied to their contracts like answers.ts's. */

const id = z.string().describe('A UUID.');
const time = z.string().describe('An ISO 8601 time in UTC.');

const publicationShape = {
  id,
  slug: z.string().describe('Its address: the sub-domain, and the path /pub/{slug} on the main site.'),
  name: z.string(),
  description: z.string(),
  accentColor: z.string().nullable().describe('#rrggbb, or null for the instance default.'),
  logoUrl: z.string().nullable().describe('The logo picture, a path on the main site; null without one.'),
  personal: z.boolean().describe("A writer's own blog, rather than a team's."),
  url: z.string().describe('Where its site is read: its verified domain, its sub-domain, or its path.'),
  createdAt: time,
};
export const publicationSchema = z.strictObject(publicationShape).meta({ id: 'Publication' });
agrees<z.output<typeof publicationSchema>, Publication>();

export const publicationDetailsSchema = z
  .strictObject({
    ...publicationShape,
    members: z.array(z.strictObject({ username: z.string(), role: z.enum(PUBLICATION_ROLES), since: time })),
  })
  .meta({ id: 'PublicationDetails' });
agrees<z.output<typeof publicationDetailsSchema>, PublicationDetails>();

export const membershipSchema = z
  .strictObject({ publication: publicationSchema, role: z.enum(PUBLICATION_ROLES) })
  .meta({ id: 'Membership' });
agrees<z.output<typeof membershipSchema>, Membership>();

export const invitationSchema = z
  .strictObject({
    id,
    publication: publicationSchema,
    username: z.string().describe('Who is invited.'),
    role: z.enum(GRANTABLE_ROLES),
    invitedBy: z.string().nullable(),
    createdAt: time,
  })
  .meta({ id: 'Invitation' });
agrees<z.output<typeof invitationSchema>, Invitation>();

export const domainStatusSchema = z
  .strictObject({
    domain: z.string(),
    state: z.enum(['pending', 'verified', 'failed']),
    failure: z.string().nullable().describe('Why the last check failed, for the owner; null otherwise.'),
    checkedAt: time.nullable(),
    record: z
      .strictObject({ type: z.literal('TXT'), name: z.string(), value: z.string() })
      .describe('The DNS record that proves control of the domain.'),
    pointing: z
      .strictObject({
        target: z.string().describe("The host the records follow: BASE_DOMAIN, or else PUBLIC_URL's host."),
        records: z.array(
          z.strictObject({
            type: z.enum(['CNAME', 'A', 'AAAA']),
            name: z.string(),
            value: z
              .string()
              .nullable()
              .describe(
                "null: the server's public address, which it does not know (the address `target` has).",
              ),
          }),
        ),
      })
      .describe('The DNS records that point the domain at this server: a CNAME, or A/AAAA at an apex.'),
    url: z.string().describe("The site's address at this domain once verified."),
  })
  .meta({ id: 'DomainStatus' });
agrees<z.output<typeof domainStatusSchema>, DomainStatus>();
