// Reusable buffers for documents read from the disk tier and sent once, without being kept in
// memory. A fresh buffer per read cost more than the read itself: with MALLOC_MMAP_THRESHOLD_ at
// 16 kB (npm start) each 22 kB body was an mmap, six page faults and an munmap, and the buffers' external
// memory made V8 collect more often. Here a buffer goes back to its size class once the answer
// using it is in the kernel (see menu/fast-path.ts), and the next read fills it again.

/** Size classes: powers of two from 16 kB to 1 MB; a bigger body gets a buffer of its own. */
const SMALLEST = 14;
const LARGEST = 20;
/** At most this many bytes wait in the free lists (what a burst leaves behind beyond it is dropped). */
const KEPT_BYTES = 16 * 1024 * 1024;

export class ReadPool {
  private readonly free: Buffer[][] = [];
  private kept = 0;

  /** A buffer of exactly `bytes` (a view of a pooled one), to be handed back with `release`. */
  acquire(bytes: number): Buffer {
    const size = sizeClass(bytes);
    if (size === undefined) return Buffer.allocUnsafeSlow(bytes);
    const list = this.free[size];
    const whole = list?.pop();
    if (whole) {
      this.kept -= whole.length;
      return whole.subarray(0, bytes);
    }
    return Buffer.allocUnsafeSlow(1 << size).subarray(0, bytes);
  }

  /** The buffer is no longer read by anyone: the next acquire of its size may reuse it. */
  release(view: Buffer): void {
    if (view.byteOffset !== 0) return;
    const whole = Buffer.from(view.buffer);
    const size = sizeClass(whole.length);
    if (size === undefined || 1 << size !== whole.length || this.kept + whole.length > KEPT_BYTES) return;
    this.free[size] ??= [];
    this.free[size].push(whole);
    this.kept += whole.length;
  }
}

function sizeClass(bytes: number): number | undefined {
  const size = Math.max(SMALLEST, Math.ceil(Math.log2(Math.max(bytes, 1))));
  return size > LARGEST ? undefined : size;
}
