import type { PostCover } from './posts';

/**
 * Uploaded images (POST /api/media, multipart field `file`). See
 * docs/decisions/0024-image-pipeline.md.
 */
export const MEDIA_FIELD = 'file';
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** Pictures are stored at these widths (never wider than the original), as WebP. */
export const MEDIA_WIDTHS = [480, 960, 1600] as const;
/** The formats accepted, recognized by their content (never by name or declared type). */
export const MEDIA_ACCEPTED_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif'] as const;

export const MEDIA_TOO_LARGE_MESSAGE = 'Images can be at most 10 MB';
export const MEDIA_UNSUPPORTED_MESSAGE = 'Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded';
export const MEDIA_CORRUPT_MESSAGE = 'This image could not be read; it may be damaged';
export const MEDIA_TOO_MANY_PIXELS_MESSAGE = 'This image is too large in pixels (at most 50 megapixels)';
export const MEDIA_MISSING_MESSAGE = 'Send the image as multipart/form-data in the field "file"';
export const MEDIA_QUOTA_MESSAGE = 'You have used your storage for images; delete some to upload more';
export const MEDIA_RATE_MESSAGE = 'Too many uploads; try again later';
export const MEDIA_NOT_FOUND_MESSAGE = 'Image not found';

/** The answer to an upload: the picture as a post's cover would show it. */
export type UploadedMedia = PostCover;

export interface UploadedMediaResponse {
  response: UploadedMedia;
}

/** Where one stored width of a picture is served (immutable: a picture never changes in place). */
export function mediaUrl(id: string, width: number): string {
  return `/media/${id}/${width}.webp`;
}

/** A stored picture as posts and uploads show it: `widths` is the stored list, ascending, space-joined. */
export function mediaCover(media: { id: string; width: number; height: number; widths: string }): PostCover {
  const widths = media.widths.split(' ').map(Number);
  const largest = widths[widths.length - 1] ?? media.width;
  return {
    id: media.id,
    url: mediaUrl(media.id, largest),
    width: media.width,
    height: media.height,
    srcset: widths.map((width) => `${mediaUrl(media.id, width)} ${width}w`).join(', '),
  };
}
