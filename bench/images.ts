// Cost of one image upload's encoding (issue 24 point 6): the PNG bomb (7000×7000 RGBA of one
// colour, ~200 kB) and phone photos (12 and 48 megapixels, with noise like a real sensor), CPU
// time (every thread of the process) and wall time per encode, median of BENCH_IMAGE_ROUNDS.
// Run: npx tsx bench/images.ts
import sharp from 'sharp';
import { encodeImage } from '../src/resources/media/encode.js';

const rounds = Number(process.env.BENCH_IMAGE_ROUNDS ?? 3);

async function pngBomb(): Promise<Buffer> {
  return sharp({ create: { width: 7000, height: 7000, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 1 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A photo-like JPEG: smooth gradient plus sensor noise, so it compresses like a real one. */
async function phonePhoto(width: number, height: number): Promise<Buffer> {
  const small = Buffer.alloc((width / 8) * (height / 8) * 3);
  for (let i = 0; i < small.length; i++) small[i] = (i * 7 + (((i / 3) | 0) % 251)) & 0xff;
  return sharp(small, { raw: { width: width / 8, height: height / 8, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality: 90 })
    .toBuffer()
    .then((b) => sharp(b).blur(0.3).jpeg({ quality: 88 }).toBuffer());
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(name: string, body: Buffer): Promise<void> {
  const cpu: number[] = [];
  const wall: number[] = [];
  let outcome = '';
  for (let i = 0; i < rounds; i++) {
    const startCpu = process.cpuUsage();
    const started = performance.now();
    try {
      const encoded = await encodeImage(body, 'photo');
      outcome = `${encoded.files.length} files`;
    } catch (err) {
      outcome = `refused: ${(err as Error).message}`;
    }
    wall.push(performance.now() - started);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  console.log(
    `| ${name} | ${(body.length / 1024).toFixed(0)} kB | ${median(cpu).toFixed(0)} ms | ${median(wall).toFixed(0)} ms | ${outcome} |`,
  );
}

console.log(
  `sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, threads ${sharp.concurrency()}, ${rounds} rounds`,
);
console.log('| upload | size | CPU per encode | wall | result |');
console.log('|---|---|---|---|---|');
await measure('PNG bomb 7000×7000 RGBA, one colour', await pngBomb());
await measure('phone photo 4000×3000 JPEG (12 MP)', await phonePhoto(4000, 3000));
await measure('phone photo 8000×6000 JPEG (48 MP)', await phonePhoto(8000, 6000));
