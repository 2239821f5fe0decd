// Turns an uploaded image into the files diners download: the content is sniffed (never the
// declared type), auto-rotated, stripped of EXIF and other metadata, and re-encoded at a few
// widths as WebP plus a JPEG fallback.
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { ValidationError } from '../../core/errors.js';
import { type ImageRef, mediaName } from './urls.js';

/** Bump when the encoding changes: the same upload then gets new addresses, never new bytes at an old one. */
const ENCODER = 'v1';
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const SNIFFED = new Set(['jpeg', 'png', 'webp']);

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

export async function encodeImage(body: Buffer, purpose: keyof typeof WIDTHS, field = 'image'): Promise<EncodedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(body, { failOn: 'error', limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw notAnImage(field);
  }
  if (!meta.format || !SNIFFED.has(meta.format) || !meta.width || !meta.height) throw notAnImage(field);
  // Width after EXIF orientation (5..8 swap the sides).
  const upright = meta.orientation && meta.orientation >= 5 ? meta.height : meta.width;
  const widths = [...new Set(WIDTHS[purpose].map((w) => Math.min(w, upright)))];
  const key = createHash('sha256').update(ENCODER).update(body).digest('hex').slice(0, 24);
  const files: MediaFile[] = [];
  try {
    for (const width of widths) {
      // .rotate() applies the EXIF orientation; sharp writes no metadata unless asked (EXIF, GPS gone).
      const base = sharp(body, { failOn: 'error', limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width, withoutEnlargement: true });
      const [jpeg, webp] = await Promise.all([
        base.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
        base.clone().webp({ quality: 78 }).toBuffer(),
      ]);
      files.push({ name: mediaName(key, width, 'jpg'), content_type: 'image/jpeg', body: jpeg });
      files.push({ name: mediaName(key, width, 'webp'), content_type: 'image/webp', body: webp });
    }
  } catch {
    // Header fine, pixels broken (a truncated upload).
    throw notAnImage(field);
  }
  return { ref: { key, widths, modern: 'webp' }, files };
}
