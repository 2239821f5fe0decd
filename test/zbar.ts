// Reading QR codes back as a phone would, with the system's zbarimg (zbar-tools), and a PDF's pages
// as a printer lays them (Ghostscript): one copy for every test that scans codes.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const ZBARIMG = '/usr/bin/zbarimg';
export const GHOSTSCRIPT = '/usr/bin/gs';
const run = promisify(execFile);

/** What zbarimg reads in an image (PNG, or SVG through the caller's conversion): one text per code found. */
export async function zbar(png: Buffer): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'qr-'));
  try {
    const file = join(dir, 'code.png');
    writeFileSync(file, png);
    const { stdout } = await run(ZBARIMG, ['-q', '--raw', file]);
    return stdout.trim().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each page of a PDF as a PNG (Ghostscript at 200 dpi, as a printer would lay it). */
export async function pdfPages(pdf: Buffer): Promise<Buffer[]> {
  const dir = mkdtempSync(join(tmpdir(), 'qr-pdf-'));
  try {
    writeFileSync(join(dir, 'sheet.pdf'), pdf);
    await run(GHOSTSCRIPT, [
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-sDEVICE=png16m',
      '-r200',
      `-sOutputFile=${join(dir, 'page-%d.png')}`,
      join(dir, 'sheet.pdf'),
    ]);
    const pages: Buffer[] = [];
    for (let n = 1; existsSync(join(dir, `page-${n}.png`)); n++) pages.push(readFileSync(join(dir, `page-${n}.png`)));
    return pages;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
