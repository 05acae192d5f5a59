import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { request, type ApiContext, type JsonResponse } from './harness';
import type { UploadedMediaResponse } from '../../../contracts/media';

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipartBody(
  data: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----inkwell${Math.random().toString(16).slice(2)}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'picture.jpg'}"\r\n` +
    `Content-Type: ${options.contentType ?? 'image/jpeg'}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function upload(
  ctx: ApiContext,
  token: string | undefined,
  data: Buffer,
  options: Parameters<typeof multipartBody>[1] = {},
): Promise<JsonResponse<UploadedMediaResponse & { message?: string }>> {
  const { payload, headers } = multipartBody(data, options);
  return request<UploadedMediaResponse & { message?: string }>(ctx, {
    method: 'POST',
    url: '/api/media',
    payload,
    headers,
    ...(token ? { token } : {}),
  });
}

/** A photograph-like picture (noise compresses like a real photo), optionally with EXIF and GPS. */
export async function photo(
  width: number,
  height: number,
  options: {
    orientation?: number;
    withGps?: boolean;
    format?: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
  } = {},
): Promise<Buffer> {
  let image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 200, g: 120, b: 40 },
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  });
  const format = options.format ?? 'jpeg';
  if (format === 'jpeg' && (options.orientation !== undefined || options.withGps)) {
    image = image.withMetadata({ orientation: options.orientation ?? 1 }).withExif({
      IFD0: { Copyright: 'Secret Owner', Make: 'PhoneCo' },
      ...(options.withGps ? { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } } : {}),
    });
  }
  // AVIF's encoder is slow at its default effort; the test only needs a valid file.
  return image.toFormat(format, format === 'avif' ? { effort: 0 } : {}).toBuffer();
}

/**
 * A PNG that declares 60,000 × 60,000 pixels in a few bytes: decoding it would need 10 GB. Made by
 * hand (signature, IHDR, one tiny IDAT, IEND) so the test never allocates what it claims.
 */
export function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60_000, 0);
  header.writeUInt32BE(60_000, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(60_001))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
