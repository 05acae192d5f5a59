import { z } from './zod';

/**
 * POST /api/media/remote {url}: a picture on another site (pasted from a web page) copied into the
 * media store, so posts never hot-link. Fetched by the server through the same guard as webhooks.
 * Apart from media.ts, which the writing page loads: Zod comes with this schema.
 */
export const MEDIA_REMOTE_URL_MAX = 2048;
export const MEDIA_REMOTE_URL_MESSAGE = 'Give the picture’s web address, starting with http:// or https://';
export const MEDIA_REMOTE_URL_TOO_LONG_MESSAGE = `A picture’s address can be at most ${MEDIA_REMOTE_URL_MAX} characters`;

export const remoteMediaSchema = z.object({
  url: z
    .string({ error: MEDIA_REMOTE_URL_MESSAGE })
    .trim()
    .min(1, { message: MEDIA_REMOTE_URL_MESSAGE, abort: true })
    .max(MEDIA_REMOTE_URL_MAX, { message: MEDIA_REMOTE_URL_TOO_LONG_MESSAGE, abort: true })
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, MEDIA_REMOTE_URL_MESSAGE),
});
export type RemoteMediaInput = z.infer<typeof remoteMediaSchema>;
