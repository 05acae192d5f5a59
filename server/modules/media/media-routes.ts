import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Viewer } from '../accounts/authenticator';
import { z } from 'zod';
import { isUuid } from '../../../contracts/ids';
import {
  MEDIA_FIELD,
  MEDIA_MAX_BYTES,
  MEDIA_MISSING_MESSAGE,
  MEDIA_NOT_FOUND_MESSAGE,
  MEDIA_TOO_LARGE_MESSAGE,
  type UploadedMediaResponse,
} from '../../../contracts/media';
import { remoteMediaSchema } from '../../../contracts/remote-media';
import { HttpError, badRequest, notFound } from '../../lib/http-errors';
import { IMMUTABLE_CACHE_CONTROL } from './media-storage';
import type { MediaService } from './media-service';
import { answer, pictureSchema, profilePictureSchema as profilePictureAnswer } from '../../openapi/answers';
import { servePublicFile } from '../../lib/public-files';
import { NO_CONTENT, rawAnswer, declareRoute } from '../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const mediaParamsSchema = z.object({ id: z.string(), file: z.string() });
/** For the reference only: the upload is read from the multipart stream, never parsed as a whole. */
const uploadSchema = z.object({ [MEDIA_FIELD]: z.string().meta({ format: 'binary' }) });

function isTooLarge(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT';
}

/** The one file of a multipart upload, with the pipeline's refusals for anything else. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, MEDIA_MISSING_MESSAGE);
  try {
    const part = await request.file();
    if (!part || part.fieldname !== MEDIA_FIELD) throw badRequest(MEDIA_MISSING_MESSAGE);
    return await part.toBuffer();
  } catch (error) {
    if (isTooLarge(error)) throw new HttpError(413, MEDIA_TOO_LARGE_MESSAGE);
    if (error instanceof HttpError) throw error;
    throw badRequest(MEDIA_MISSING_MESSAGE);
  }
}

/** The users module's side of a profile picture: each answers the upload it replaced, if any. */
export interface ProfilePictures {
  usePicture(viewer: Viewer, picture: { id: string; imageUrl: string }): Promise<string | null>;
  removePicture(viewer: Viewer): Promise<string | null>;
}

/** POST /api/media (bearer, multipart field `file`) and the pictures' own addresses. */
export async function registerMediaRoutes(
  app: FastifyInstance,
  deps: { media: MediaService; pictures: ProfilePictures; publicUrl: string },
): Promise<void> {
  const { media, pictures, publicUrl } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Scoped to this plugin, so no other route ever accepts multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 100 },
    });

    scope.post(
      '/api/media',
      {
        schema: declareRoute({
          summary: 'Upload a picture',
          description:
            'JPEG, PNG, WebP, GIF or AVIF up to 10 MB, recognized by content, in the multipart field `file`. 400 damaged or over 50 megapixels, 413 over 10 MB or the quota, 415 any other type, 429 too many uploads.',
          tag: 'Posts',
          access: 'token',
          consumes: ['multipart/form-data'],
          body: uploadSchema,
          answers: { 201: answer(pictureSchema) },
        }),
      },
      async (request, reply) => {
        const buffer = await uploadedFile(request);
        const body: UploadedMediaResponse = { response: await media.upload(request.viewer, buffer) };
        return reply.code(201).send(body);
      },
    );

    // A picture is the person's own face on every page: an API key may not change it (decision 38).
    scope.put(
      '/api/user/picture',
      {
        schema: declareRoute({
          summary: 'Upload your profile picture',
          description:
            'The same formats and limits as POST /api/media, in the multipart field `file`; cropped to its centred square and stored at 64, 128 and 256 px, metadata stripped. Replaces any earlier picture, and the profile’s `image` (the RealWorld API’s too) becomes the 256 px address. 400 damaged or over 50 megapixels, 413 over 10 MB or the quota, 415 any other type, 429 too many uploads.',
          tag: 'People',
          access: 'sign-in',
          consumes: ['multipart/form-data'],
          body: uploadSchema,
          answers: { 200: answer(profilePictureAnswer) },
        }),
      },
      async (request) => {
        const buffer = await uploadedFile(request);
        const uploaded = await media.uploadProfilePicture(request.viewer, buffer);
        const replaced = await pictures.usePicture(request.viewer, {
          id: uploaded.id,
          imageUrl: new URL(uploaded.url, publicUrl).href,
        });
        if (replaced) await media.discard([replaced]);
        return { response: { id: uploaded.id, url: uploaded.url, srcset: uploaded.srcset } };
      },
    );
  });

  api.delete(
    '/api/user/picture',
    {
      schema: declareRoute({
        summary: 'Remove your profile picture',
        description:
          'Removes the uploaded picture (its files too) or the picture address; the profile then shows the initial.',
        tag: 'People',
        access: 'sign-in',
        answers: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      const replaced = await pictures.removePicture(request.viewer);
      if (replaced) await media.discard([replaced]);
      return reply.code(204).send();
    },
  );

  api.post(
    '/api/media/remote',
    {
      schema: declareRoute({
        summary: 'Copy a picture from another site',
        description:
          'For a picture pasted from a web page: the server fetches `url` (http or https, up to 3 redirects, 10 s) and stores it as an upload, so posts never hot-link. Addresses that are or resolve to private, loopback or link-local addresses are refused (400) as for webhooks. 413 over 10 MB or the quota, 415 not a picture, 502 the other site answered with an error or could not be reached, 504 it was too slow, 429 too many uploads.',
        tag: 'Posts',
        access: 'token',
        body: remoteMediaSchema,
        answers: { 201: answer(pictureSchema) },
      }),
    },
    async (request, reply) => {
      const { url } = request.body;
      const body: UploadedMediaResponse = { response: await media.uploadFrom(request.viewer, url) };
      return reply.code(201).send(body);
    },
  );

  api.get(
    '/media/:id/:file',
    {
      schema: declareRoute({
        summary: 'A stored picture at one width',
        description:
          '`file` is `<width>.webp` (480, 960, 1600 or its own, never enlarged). Cached for a year.',
        tag: 'Posts',
        access: 'public',
        params: mediaParamsSchema,
        answers: { 200: rawAnswer('The picture.', 'image/webp') },
      }),
    },
    async (request, reply) => {
      const { id, file } = request.params;
      if (!isUuid(id)) throw notFound(MEDIA_NOT_FOUND_MESSAGE);
      const data = await media.file(id, file);
      // Publications' sites, at other origins, show these pictures.
      return servePublicFile(reply)
        .header('content-type', 'image/webp')
        .header('cache-control', IMMUTABLE_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}
