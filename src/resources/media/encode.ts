// Turns an uploaded image into the files diners download: the content is sniffed (never the
// declared type), auto-rotated, stripped of EXIF and other metadata, and re-encoded at a few
// widths as AVIF and WebP plus a JPEG fallback (a browser takes the first it can show).
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { UnavailableError, ValidationError } from '../../core/errors.js';
import { type ImageRef, mediaName } from './urls.js';

/** Bump when the encoding changes: the same upload then gets new addresses, never new bytes at an old one. */
const ENCODER = 'v3';
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const SNIFFED = new Set(['jpeg', 'png', 'webp']);
/**
 * The pixel cap: a 48-megapixel phone photo (8064×6048) passes, anything above 50 megapixels is
 * refused with 422 from its header alone, before a pixel is decoded.
 */
export const IMAGE_MAX_MEGAPIXELS = 50;
const MAX_PIXELS = IMAGE_MAX_MEGAPIXELS * 1_000_000;
/** Uploads waiting for the encoder beyond the one being encoded; one more answers 503. */
export const ENCODE_QUEUE_MAX = 8;

export interface MediaFile {
  name: string;
  content_type: string;
  body: Buffer;
}

export interface EncodedImage {
  ref: ImageRef;
  files: MediaFile[];
}

/** Widths made for each purpose (never wider than the upload). */
export const WIDTHS = { photo: [320, 640, 1024], logo: [96, 192, 512], cover: [640, 1280, 1920] } as const;

const notAnImage = (field: string) => new ValidationError([{ field, rule: 'image' }]);

/**
 * Runs encodes one at a time per process, so photos never take every core from menu reads; at most
 * `max` wait their turn, the next one is refused (503 + Retry-After).
 */
export function encoderQueue(max: number) {
  let busy = false;
  const waiting: (() => void)[] = [];
  return {
    get waiting() {
      return waiting.length;
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (busy) {
        if (waiting.length >= max) throw new UnavailableError(2);
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      busy = true;
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else busy = false;
      }
    },
  };
}

const queue = encoderQueue(ENCODE_QUEUE_MAX);

export async function encodeImage(body: Buffer, purpose: keyof typeof WIDTHS, field = 'image'): Promise<EncodedImage> {
  let meta: Metadata;
  try {
    // The header only: the size is known before any pixel is decoded.
    meta = await sharp(body, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage(field);
  }
  if (!meta.format || !SNIFFED.has(meta.format) || !meta.width || !meta.height) throw notAnImage(field);
  if (meta.width * meta.height > MAX_PIXELS) {
    throw new ValidationError([
      {
        field,
        rule: 'image_too_large',
        params: { width: meta.width, height: meta.height, max: IMAGE_MAX_MEGAPIXELS },
      },
    ]);
  }
  // Width after EXIF orientation (5..8 swap the sides).
  const upright = meta.orientation && meta.orientation >= 5 ? meta.height : meta.width;
  const widths = [...new Set(WIDTHS[purpose].map((w) => Math.min(w, upright)))];
  const key = createHash('sha256').update(ENCODER).update(body).digest('hex').slice(0, 24);
  return queue.run(async () => {
    try {
      // Decoded once, straight to the largest width: JPEG and WebP shrink on load (libvips decodes
      // at 1/2, 1/4, 1/8 scale), a PNG is read once, line by line. .rotate() applies the EXIF
      // orientation; raw pixels carry no metadata, so EXIF and GPS are gone.
      const largest = Math.max(...widths);
      const { data, info } = await sharp(body, { failOn: 'error', limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width: largest, withoutEnlargement: true })
        .toColourspace('srgb')
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const files: MediaFile[] = [];
      for (const width of widths) {
        // Every width from the small decoded copy: no second decode of the upload.
        const base = sharp(data, raw).resize({ width, withoutEnlargement: true });
        // AVIF at a low effort: about half the WebP's bytes for a photo, encoded in tens of ms.
        const [jpeg, webp, avif] = await Promise.all([
          base.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
          base.clone().webp({ quality: 78 }).toBuffer(),
          base.clone().avif({ quality: 50, effort: 1 }).toBuffer(),
        ]);
        files.push({ name: mediaName(key, width, 'jpg'), content_type: 'image/jpeg', body: jpeg });
        files.push({ name: mediaName(key, width, 'webp'), content_type: 'image/webp', body: webp });
        files.push({ name: mediaName(key, width, 'avif'), content_type: 'image/avif', body: avif });
      }
      return { ref: { key, widths, modern: 'webp' as const, avif: true }, files };
    } catch {
      // Header fine, pixels broken (a truncated upload).
      throw notAnImage(field);
    }
  });
}
