// The SVG codes of many tables at once (the public /qr/tables sheet, the panel's printable sheet):
// kept per link, and a batch of missing ones drawn by the worker pool (200 codes are ~90 ms of CPU,
// too much for the request thread; an anonymous client could otherwise ask for range after range).
import { UnavailableError } from '../../core/errors.js';
import { JobRefusedError, type WorkerPool } from '../../runtime/worker-pool.js';
import { ByteLru } from './cache.js';
import { QR_CODES_MODULE, qrSvg } from './codes.js';

/** A handful of codes (~0.5 ms each) are drawn here; more go to a worker. */
const DRAWN_HERE = 8;

export type SvgCodes = (links: string[], owner: string) => Promise<string[]>;

export function svgCodes(jobs: WorkerPool, maxBytes = 8 * 1024 * 1024): SvgCodes {
  const kept = new ByteLru<string>(maxBytes);
  return async (links, owner) => {
    const missing = links.filter((link) => kept.get(link) === undefined);
    if (missing.length > 0) {
      const drawn =
        missing.length <= DRAWN_HERE
          ? await Promise.all(missing.map((link) => qrSvg(link)))
          : await jobs
              .run<string[]>({ module: QR_CODES_MODULE, fn: 'qrSvgs', args: [missing], owner })
              .catch((err: unknown) => {
                throw err instanceof JobRefusedError ? new UnavailableError(err.retryAfterSeconds) : err;
              });
      missing.forEach((link, i) => {
        kept.set(link, drawn[i]!);
      });
    }
    // Drawn a moment ago but already evicted again (a tiny cache): draw those here.
    return Promise.all(links.map((link) => kept.get(link) ?? qrSvg(link)));
  };
}
