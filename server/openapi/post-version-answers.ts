import { z } from 'zod';
import { POST_VERSION_KINDS, type PostVersion, type PostVersionSummary } from '../../contracts/post-versions';
import { agrees } from './agrees';

/** The version history's answers (docs/decisions/0076-post-versions.md), held to the contracts. */

const summaryShape = {
  id: z.string().describe('A UUID (version 7).'),
  postId: z.string().describe('A UUID (version 7).'),
  kind: z
    .enum(POST_VERSION_KINDS)
    .describe('autosave (at a pause in typing), manual (a button), publish (or schedule), or restore.'),
  title: z.string(),
  savedAt: z.string().describe('When its text was saved (ISO 8601, UTC).'),
  wordsAdded: z.number().int().describe('Words added since the previous version (title and body).'),
  wordsRemoved: z.number().int().describe('Words removed since the previous version.'),
};

export const postVersionSummarySchema = z.strictObject(summaryShape).meta({ id: 'PostVersionSummary' });
agrees<z.output<typeof postVersionSummarySchema>, PostVersionSummary>();

export const postVersionSchema = z
  .strictObject({ ...summaryShape, content: z.string().describe('Markdown, as it was saved.') })
  .meta({ id: 'PostVersion' });
agrees<z.output<typeof postVersionSchema>, PostVersion>();
