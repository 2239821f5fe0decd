// A small QR decoder for tests: reads a clean, upright QR image (as our PNGs are) back into its
// text, independently of how it was encoded: modules sampled from the pixels, format read and
// BCH-matched, mask removed, codewords de-interleaved, numeric/alphanumeric/byte segments parsed.
// The per-version block counts are the standard's table (taken from the qrcode package's copy).
import { createRequire } from 'node:module';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const ecc = require('qrcode/lib/core/error-correction-code.js');
const alignment = require('qrcode/lib/core/alignment-pattern.js');
const levels = require('qrcode/lib/core/error-correction-level.js');
/** The level named by the format's two bits: 00 M, 01 L, 10 H, 11 Q. */
const EC_LEVELS = [levels.M, levels.L, levels.H, levels.Q];

const MASKS: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i + j) % 2) + ((i * j) % 3)) % 2 === 0,
];

function formatWord(data: number): number {
  let rem = data << 10;
  for (let bit = 14; bit >= 10; bit--) if (rem & (1 << bit)) rem ^= 0x537 << (bit - 10);
  return ((data << 10) | rem) ^ 0x5412;
}

const popcount = (n: number) => n.toString(2).replace(/0/g, '').length;

export async function decodeQr(image: Buffer): Promise<string> {
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const dark = (x: number, y: number) => data[y * info.width + x] < 128;
  let top = -1;
  let left = info.width;
  let right = -1;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++)
      if (dark(x, y)) {
        if (top < 0) top = y;
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
  if (top < 0) throw new Error('no QR code in the image');
  let run = 0;
  while (dark(left + run, top)) run++;
  const module = run / 7; // the finder pattern's top edge is 7 modules wide
  const size = Math.round((right - left + 1) / module);
  const version = (size - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > 40) throw new Error(`bad symbol size ${size}`);
  const m = (row: number, col: number) =>
    dark(Math.floor(left + (col + 0.5) * module), Math.floor(top + (row + 0.5) * module));

  // Format information beside the top-left finder (row 8 then column 8, most significant bit first).
  let read = 0;
  const cells: [number, number][] = [
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ];
  for (const [r, c] of cells) read = (read << 1) | (m(r, c) ? 1 : 0);
  let best = 0;
  for (let d = 1; d < 32; d++) if (popcount(formatWord(d) ^ read) < popcount(formatWord(best) ^ read)) best = d;
  if (popcount(formatWord(best) ^ read) > 3) throw new Error('unreadable format information');
  const levelBits = best >> 3;
  const mask = MASKS[best & 7];
  const level = EC_LEVELS[levelBits];

  // Which modules are function patterns (not data).
  const reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const box = (r0: number, c0: number, h: number, w: number) => {
    for (let r = Math.max(0, r0); r < Math.min(size, r0 + h); r++)
      for (let c = Math.max(0, c0); c < Math.min(size, c0 + w); c++) reserved[r][c] = true;
  };
  box(0, 0, 9, 9);
  box(0, size - 8, 9, 8);
  box(size - 8, 0, 8, 9);
  box(6, 0, 1, size);
  box(0, 6, size, 1);
  for (const [r, c] of alignment.getPositions(version) as [number, number][]) box(r - 2, c - 2, 5, 5);
  if (version >= 7) {
    box(0, size - 11, 6, 3);
    box(size - 11, 0, 3, 6);
  }

  const bits: number[] = [];
  let upward = true;
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right--;
    for (let step = 0; step < size; step++) {
      const row = upward ? size - 1 - step : step;
      for (const col of [right, right - 1]) {
        if (reserved[row][col]) continue;
        bits.push((m(row, col) ? 1 : 0) ^ (mask(row, col) ? 1 : 0));
      }
    }
    upward = !upward;
  }
  const total = Math.floor(bits.length / 8);
  const codewords: number[] = [];
  for (let i = 0; i < total; i++) codewords.push(bits.slice(i * 8, i * 8 + 8).reduce((a, b) => (a << 1) | b, 0));

  const blocks: number = ecc.getBlocksCount(version, level);
  const ecTotal: number = ecc.getTotalCodewordsCount(version, level);
  const dataTotal = total - ecTotal;
  const short = Math.floor(dataTotal / blocks);
  const longBlocks = dataTotal % blocks;
  const sizes = Array.from({ length: blocks }, (_, b) => short + (b >= blocks - longBlocks ? 1 : 0));
  const byBlock: number[][] = sizes.map(() => []);
  let k = 0;
  for (let i = 0; i < short + 1; i++)
    for (let b = 0; b < blocks; b++) if (i < sizes[b]) byBlock[b].push(codewords[k++]);
  const stream = byBlock.flat();

  let pos = 0;
  const take = (n: number) => {
    let v = 0;
    for (let i = 0; i < n; i++) {
      const byte = stream[(pos + i) >> 3] ?? 0;
      v = (v << 1) | ((byte >> (7 - ((pos + i) & 7))) & 1);
    }
    pos += n;
    return v;
  };
  const small = version <= 9;
  const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
  const bytes: number[] = [];
  while (pos + 4 <= dataTotal * 8) {
    const mode = take(4);
    if (mode === 0) break;
    if (mode === 1) {
      let count = take(small ? 10 : version <= 26 ? 12 : 14);
      for (; count >= 3; count -= 3) for (const ch of String(take(10)).padStart(3, '0')) bytes.push(ch.charCodeAt(0));
      if (count === 2) for (const ch of String(take(7)).padStart(2, '0')) bytes.push(ch.charCodeAt(0));
      if (count === 1) bytes.push(String(take(4)).charCodeAt(0));
    } else if (mode === 2) {
      let count = take(small ? 9 : version <= 26 ? 11 : 13);
      for (; count >= 2; count -= 2) {
        const v = take(11);
        bytes.push(ALNUM.charCodeAt(Math.floor(v / 45)), ALNUM.charCodeAt(v % 45));
      }
      if (count === 1) bytes.push(ALNUM.charCodeAt(take(6)));
    } else if (mode === 4) {
      const count = take(small ? 8 : 16);
      for (let i = 0; i < count; i++) bytes.push(take(8));
    } else {
      throw new Error(`unsupported segment mode ${mode}`);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
