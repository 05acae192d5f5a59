import PQueue from 'p-queue';
import {
  MEDIA_NOT_FOUND_MESSAGE,
  MEDIA_QUOTA_MESSAGE,
  MEDIA_RATE_MESSAGE,
  mediaCover,
  type UploadedMedia,
} from '../../../contracts/media';
import { nowIso } from '../../lib/clock';
import type { Viewer } from '../accounts/authenticator';
import { HttpError, notFound, serviceUnavailable } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { RateLimiter, RateLimiters } from '../../lib/rate-limiter';
import { processImage, processProfilePicture, type ProcessedImage } from './image-pipeline';
import type { MediaRepository } from './media-repository';
import type { MediaStorage } from './media-storage';
import { fetchRemotePicture, REMOTE_PICTURE_DEFAULTS, type RemotePictureOptions } from './remote-picture';

export interface MediaLimits {
  /** Bytes of stored pictures (every width) one writer may keep. */
  quotaBytes: number;
  /** Pictures processed at once; each holds its input and outputs in memory meanwhile. */
  concurrency: number;
  /** Uploads waiting beyond those; more are answered 503 rather than queued without end. */
  maxWaiting: number;
}

const FILE_PATTERN = /^(\d{1,5})\.webp$/;

export const mediaKey = (id: string, width: number) => `media/${id}/${width}.webp`;

/** Uploads: who may, how much, and the pipeline from bytes to stored widths. */
export class MediaService {
  private readonly rate: RateLimiter;
  private readonly queue: PQueue;

  constructor(
    private readonly media: MediaRepository,
    private readonly storage: MediaStorage,
    private readonly limits: MediaLimits,
    limiters: RateLimiters<'mediaUploadsPerUser'>,
    private readonly remote: RemotePictureOptions = REMOTE_PICTURE_DEFAULTS,
  ) {
    this.rate = limiters.limiter('mediaUploadsPerUser');
    this.queue = new PQueue({ concurrency: limits.concurrency });
  }

  async upload(viewer: Viewer, input: Buffer): Promise<UploadedMedia> {
    await this.rate.spend(viewer.id, MEDIA_RATE_MESSAGE);
    return this.store(viewer.id, input);
  }

  /** A profile picture: cropped square at PICTURE_SIZES, under the same limits and quota. */
  async uploadProfilePicture(viewer: Viewer, input: Buffer): Promise<UploadedMedia> {
    await this.rate.spend(viewer.id, MEDIA_RATE_MESSAGE);
    return this.store(viewer.id, input, processProfilePicture);
  }

  /**
   * A picture on another site (pasted from a web page), copied in as if the writer had uploaded it:
   * the same per-writer limit, spent before anything is fetched, the same size limit, pipeline and
   * quota.
   */
  async uploadFrom(viewer: Viewer, url: string): Promise<UploadedMedia> {
    await this.rate.spend(viewer.id, MEDIA_RATE_MESSAGE);
    return this.store(viewer.id, await fetchRemotePicture(url, this.remote));
  }

  /**
   * Processes and keeps a picture for `ownerId` within their storage quota, files and row together
   * or neither. Uploads come through `upload`; an import (`npm run import`) calls it directly.
   */
  async store(
    ownerId: string,
    input: Buffer,
    process: (input: Buffer) => Promise<ProcessedImage> = processImage,
  ): Promise<UploadedMedia> {
    const stored = await this.media.bytesStoredBy(ownerId);
    // Output is smaller than input for photographs; the input's size is a fair early bound.
    if (stored >= this.limits.quotaBytes) throw new HttpError(413, MEDIA_QUOTA_MESSAGE);
    if (this.queue.size >= this.limits.maxWaiting) {
      throw serviceUnavailable('Too many images are being processed; try again in a moment', 5);
    }
    const image = await this.queue.add(() => process(input));
    const bytes = image.variants.reduce((sum, variant) => sum + variant.data.length, 0);
    if (stored + bytes > this.limits.quotaBytes) throw new HttpError(413, MEDIA_QUOTA_MESSAGE);

    const id = uuidv7();
    const largest = image.variants[image.variants.length - 1];
    if (!largest) throw new HttpError(400, 'This image has no pixels');
    const files = image.variants.map((variant) => ({ key: mediaKey(id, variant.width), data: variant.data }));
    await this.storage.putAll(files);
    const widths = image.variants.map((variant) => variant.width).join(' ');
    try {
      await this.media.insert({
        id,
        owner_id: ownerId,
        width: largest.width,
        height: largest.height,
        widths,
        bytes,
        created_at: nowIso(),
      });
    } catch (error) {
      // No row, no files: a picture nobody can reference must not linger in storage.
      await this.storage.deleteAll(files.map((file) => file.key)).catch(() => undefined);
      throw error;
    }
    return mediaCover({ id, width: largest.width, height: largest.height, widths });
  }

  /** Removes pictures `store` kept, files and rows (an import's post that then failed). */
  async discard(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      const widths = await this.media.find(id);
      if (!widths) continue;
      await this.media.delete(id);
      await this.storage.deleteAll(widths.widths.split(' ').map((width) => mediaKey(id, Number(width))));
    }
  }

  /** One stored width's bytes; a width that was not stored is a 404 like an unknown picture. */
  async file(id: string, file: string): Promise<Buffer> {
    const width = FILE_PATTERN.exec(file)?.[1];
    const media = width === undefined ? undefined : await this.media.find(id);
    if (!media || width === undefined || !media.widths.split(' ').includes(String(Number(width)))) {
      throw notFound(MEDIA_NOT_FOUND_MESSAGE);
    }
    const data = await this.storage.get(mediaKey(id, Number(width)));
    if (!data) throw notFound(MEDIA_NOT_FOUND_MESSAGE);
    return data;
  }
}
