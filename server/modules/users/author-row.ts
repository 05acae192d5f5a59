import type { Author } from '../../../contracts/posts';
import { PICTURE_SIZE, PICTURE_SIZES, type ProfilePicture } from '../../../contracts/profile';
import { mediaCover } from '../../../contracts/media';

/**
 * The author as every list, read and comment answers it (docs/decisions/0073-author-pictures.md).
 * Queries select `AUTHOR_PICTURE` beside the username and handle: the picture's id is a column of
 * users, and an uploaded picture always has every size (decision 0068), so no join with media is
 * needed and a page of posts costs what it did.
 */
export const AUTHOR_PICTURE = 'users.picture_id as author_picture_id' as const;

export interface AuthorRow {
  author_id: string;
  username: string;
  handle: string | null;
  author_picture_id: string | null;
}

export function toAuthor(row: AuthorRow): Author {
  return {
    id: row.author_id,
    username: row.username,
    handle: row.handle,
    picture: authorPicture(row.author_picture_id),
  };
}

/** An uploaded picture's sizes from its id alone: 64, 128 and 256 px squares. */
export function authorPicture(pictureId: string | null): ProfilePicture | null {
  if (pictureId === null) return null;
  const { id, url, srcset } = mediaCover({
    id: pictureId,
    width: PICTURE_SIZE,
    height: PICTURE_SIZE,
    widths: PICTURE_SIZES.join(' '),
  });
  return { id, url, srcset };
}
