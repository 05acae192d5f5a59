import sharp, { type Metadata, type SharpOptions } from 'sharp';
import {
  MEDIA_CORRUPT_MESSAGE,
  MEDIA_TOO_MANY_PIXELS_MESSAGE,
  MEDIA_UNSUPPORTED_MESSAGE,
  MEDIA_WIDTHS,
} from '../../../contracts/media';
import { PICTURE_SIZE, PICTURE_SIZES } from '../../../contracts/profile';
import { HttpError } from '../../lib/http-errors';

/**
 * Decoding a picture costs memory by its pixels, not its bytes: a 100 KB PNG can claim 50,000 ×
 * 50,000 pixels (a decompression bomb). sharp refuses to decode more than this many, before
 * allocating them. 50 megapixels is above any phone camera (a 48 MP sensor shoots 8064 × 6048).
 */
export const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 80;
/** libwebp's effort 0–6 (default 4): 2 encodes about twice as fast for a few percent more bytes. */
const WEBP_EFFORT = 2;

export interface ImageVariant {
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  /** Ascending by width; the last is the largest, whose size the picture is described by. */
  variants: ImageVariant[];
}

export const unsupportedImage = () => new HttpError(415, MEDIA_UNSUPPORTED_MESSAGE);
const corruptImage = () => new HttpError(400, MEDIA_CORRUPT_MESSAGE);
const tooManyPixels = () => new HttpError(400, MEDIA_TOO_MANY_PIXELS_MESSAGE);

/** The format sharp found in the bytes themselves; AVIF is HEIF with AV1 compression. */
function acceptedFormat(metadata: Metadata): boolean {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return true;
    case 'heif':
      return metadata.compression === 'av1';
    default:
      return false;
  }
}

/** The stored widths: each standard width narrower than the picture, and the picture's own up to the largest. */
export function widthsFor(originalWidth: number): number[] {
  const largest = MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1] ?? originalWidth;
  const widths: number[] = MEDIA_WIDTHS.filter((width) => width < originalWidth);
  if (originalWidth <= largest) widths.push(originalWidth);
  else if (!widths.includes(largest)) widths.push(largest);
  return widths;
}

/**
 * Recognizes the picture by its content and re-encodes it: turned upright by its EXIF orientation,
 * every metadata block (EXIF, GPS, XMP, ICC beyond sRGB) dropped (sharp keeps none unless asked),
 * resized to widthsFor(...) without ever enlarging, as WebP; animated GIF and WebP keep their frames.
 * sharp does the work on libuv's thread pool, so the event loop keeps serving other requests.
 * Throws an HttpError: 415 for anything that is not an accepted format (SVG, PDF, text), 400 for a
 * damaged file or a decompression bomb.
 */
/**
 * Whether the first bytes are those of an accepted format (JPEG, PNG, GIF, WebP, AVIF): such a
 * file that sharp cannot read is damaged (400), anything else is simply not an image we take (415).
 */
export function looksLikeAcceptedImage(input: Buffer): boolean {
  const ascii = (start: number, end: number) => input.subarray(start, end).toString('latin1');
  if (input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return true;
  if (input.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  if (ascii(0, 4) === 'GIF8') return true;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return true;
  return ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12));
}

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const options: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: true };
  const { width, frames } = await inspect(input, options);
  try {
    const widths = widthsFor(width);
    return {
      variants:
        frames > 1 ? await encodeAnimated(input, options, widths) : await encodeStill(input, options, widths),
    };
  } catch (error) {
    throw decodeFailure(error);
  }
}

/**
 * A profile picture (docs/decisions/0068-profile-pictures-links-and-pins.md): the same recognition,
 * limits and metadata stripping as any upload, then the centred square ("cover" crop) at each of
 * PICTURE_SIZES. Every size is made, a small original enlarged, so pages can always ask for the one
 * their layout needs; an animated picture keeps only its first frame, as a still avatar.
 */
export async function processProfilePicture(input: Buffer): Promise<ProcessedImage> {
  const options: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false };
  await inspect(input, options);
  try {
    const largest = PICTURE_SIZE;
    const { data: pixels, info } = await sharp(input, options)
      .autoOrient()
      .resize({ width: largest, height: largest, fit: 'cover', position: 'centre' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const variants = await Promise.all(
      PICTURE_SIZES.map(async (size) => {
        const { data, info: out } = await sharp(pixels, { raw })
          .resize({ width: size, height: size })
          .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
          .toBuffer({ resolveWithObject: true });
        return { width: out.width, height: out.height, data };
      }),
    );
    return { variants };
  } catch (error) {
    throw decodeFailure(error);
  }
}

function decodeFailure(error: unknown): HttpError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) return tooManyPixels();
  return corruptImage();
}

/** Recognizes the format and measures the picture without decoding it; the upright width and frames. */
async function inspect(input: Buffer, options: SharpOptions): Promise<{ width: number; frames: number }> {
  let metadata: Metadata;
  try {
    // Reading the header allocates no pixels, so it may look at a bomb to measure it.
    metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    // Bytes sharp cannot even identify are not an image we accept, whatever their name claims,
    // unless they start like one: then the file is damaged.
    throw looksLikeAcceptedImage(input) ? corruptImage() : unsupportedImage();
  }
  if (!acceptedFormat(metadata)) throw unsupportedImage();
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (!metadata.width || !frameHeight) throw corruptImage();
  const frames = metadata.pages ?? 1;
  if (metadata.width * frameHeight * frames > MAX_INPUT_PIXELS) throw tooManyPixels();

  // Orientations 5–8 swap the sides: the upright picture's width is the stored height.
  const upright = (metadata.orientation ?? 1) >= 5;
  return { width: upright ? frameHeight : metadata.width, frames };
}

/**
 * A still picture is decoded once, at the largest stored width (JPEG decodes at 1/2 or 1/4 scale
 * directly when that is enough), kept as raw pixels, and each width is encoded from those: one
 * decode of a 12-megapixel photo instead of three.
 */
async function encodeStill(input: Buffer, options: SharpOptions, widths: number[]): Promise<ImageVariant[]> {
  const largest = widths[widths.length - 1] ?? 1;
  const { data: pixels, info } = await sharp(input, options)
    .autoOrient()
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return Promise.all(
    widths.map(async (width) => {
      const { data, info: out } = await sharp(pixels, { raw })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
        .toBuffer({ resolveWithObject: true });
      return { width: out.width, height: out.height, data };
    }),
  );
}

/** Animated GIF and WebP keep their frames: each width is made from the original. */
async function encodeAnimated(
  input: Buffer,
  options: SharpOptions,
  widths: number[],
): Promise<ImageVariant[]> {
  return Promise.all(
    widths.map(async (width) => {
      const { data, info } = await sharp(input, options)
        .autoOrient()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.pageHeight ?? info.height, data };
    }),
  );
}
