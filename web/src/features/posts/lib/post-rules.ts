import { postInputSchema, type PostInput } from '../../../../../contracts/posts';
import { validate, type Validation } from '../../../lib/validate';

/**
 * SPEC §5's checks of a post, with the schema the server uses. A module of its own so the writing
 * pages load Zod (about 21 KB on the wire) once the writer starts typing, not before the editor
 * works.
 */
export function validatePost(values: PostInput): Validation<PostInput> {
  return validate(postInputSchema, values);
}
