import { z } from '../../../../../contracts/zod';
import { publicationCreateSchema, publicationUpdateSchema } from '../../../../../contracts/publications';

/**
 * The forms keep every field as text; an empty accent colour means none (null), which the contract
 * schemas accept, so the same rules and messages apply as on the server.
 */
function withAccent(values: unknown): unknown {
  if (typeof values !== 'object' || values === null) return values;
  const { accentColor, ...rest } = values as Record<string, unknown>;
  return { ...rest, accentColor: accentColor === '' ? null : accentColor };
}

export const createFormSchema = z.preprocess(withAccent, publicationCreateSchema);
export const detailsFormSchema = z.preprocess(withAccent, publicationUpdateSchema);

export interface PublicationFormValues extends Record<string, string> {
  name: string;
  description: string;
  accentColor: string;
}
