// Names and addresses of stored images: `/media/<key>-<width>.<ext>`, where key is the hash of the
// uploaded content, so an address never changes meaning and can be cached for a year.
import { parseJson } from '../../i18n/text.js';

/** What a dish, logo or cover row stores about its image (JSON): the content key and the widths made. */
export interface ImageRef {
  key: string;
  widths: number[];
  /** Modern format served beside the JPEG fallback. */
  modern: 'webp' | 'avif';
  /** AVIF made too (images encoded since v3), offered before the modern format. */
  avif?: boolean;
}

export function parseImageRef(json: string | null | undefined): ImageRef | null {
  if (!json) return null;
  const ref = parseJson<ImageRef | null>(json, null);
  return ref && typeof ref.key === 'string' && Array.isArray(ref.widths) && ref.widths.length > 0 ? ref : null;
}

export const mediaName = (key: string, width: number, ext: 'jpg' | 'webp' | 'avif') => `${key}-${width}.${ext}`;

/** The address of the largest JPEG of an image (what `image_url`, `logo_url` and `cover_image_url` carry). */
export function mediaUrl(json: string | null | undefined): string | null {
  const ref = parseImageRef(json);
  if (!ref) return null;
  return `/media/${mediaName(ref.key, Math.max(...ref.widths), 'jpg')}`;
}

/** `srcset` values of an image, per format, for <picture> (`avif` empty when none was made). */
export function imageSrcsets(ref: ImageRef): { jpeg: string; modern: string; type: string; src: string; avif: string } {
  const set = (ext: 'jpg' | 'webp' | 'avif') =>
    ref.widths.map((w) => `/media/${mediaName(ref.key, w, ext)} ${w}w`).join(', ');
  const smallest = Math.min(...ref.widths);
  return {
    jpeg: set('jpg'),
    modern: set(ref.modern),
    type: `image/${ref.modern}`,
    src: `/media/${mediaName(ref.key, smallest, 'jpg')}`,
    avif: ref.avif && ref.modern !== 'avif' ? set('avif') : '',
  };
}

/** Is this key's file name one of ours (hex key, width, known extension)? */
export const MEDIA_NAME = /^([0-9a-f]{24})-(\d{2,4})\.(jpg|webp|avif)$/;
