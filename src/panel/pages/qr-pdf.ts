// The table cards as a print-ready PDF (pdf-lib): A4 pages of four cards, each carrying the
// restaurant's name in the theme's main colour, the table's QR code (error correction H) with the
// uploaded logo in its middle, the table, a line in the menu's language, the address the code
// opens and the restaurant's address in words. The code is drawn as vector rectangles, one per run
// of dark modules in a row (sharp at any print size, ~2 ms a card; a 600 px PNG per card, encoded,
// decoded and deflated again by pdf-lib, took ~100 ms of CPU a card). Text is set in the PDF's standard Helvetica
// (nothing to embed); a letter it cannot show is written without its accent, else as "?". The
// logo is the uploaded one only: the server never fetches a typed logo address (an address of
// anyone's choosing is not fetched from inside the network).
import type * as PdfLib from 'pdf-lib';
import type { PDFFont, PDFImage, PDFPage } from 'pdf-lib';
import { CARD_TEXTS, menuLink, qrModules } from '../../features/qr/codes.js';
import type { Locale } from '../../i18n/locales.js';

/** A4 in PDF points (1/72 inch). */
/** pdf-lib (about 170 modules) loads with the first sheet, in the worker that draws it. */
let pdf: typeof PdfLib;

export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 28;
const GAP = 17;
const COLUMNS = 2;
const ROWS = 2;
export const CARDS_PER_PAGE = COLUMNS * ROWS;

export interface CardSheet {
  name: string;
  address: string;
  locale: Locale;
  /** The address codes open, without `?table=`. */
  base: string;
  tables: string[];
  colors: { primary: string; background: string; text: string };
  /** The uploaded logo as JPEG bytes, or undefined. */
  logo?: Uint8Array;
}

function color(hex: string, fallback: string) {
  const value = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(hex) ? hex : fallback;
  let digits = value.slice(1);
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16) / 255);
  return pdf.rgb(r, g, b);
}

/** The text as the font can write it: accents dropped where the letter is missing, else "?". */
function printable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.replace(/\s+/g, ' ')) {
    for (const candidate of [ch, ch.normalize('NFKD').replace(/\p{M}/gu, ''), '?']) {
      try {
        font.encodeText(candidate);
        out += candidate;
        break;
      } catch {
        // next candidate
      }
    }
  }
  return out.trim();
}

/** Words laid out in lines no wider than `width` (at most `max` lines, the last one cut with "…"). */
function lines(font: PDFFont, text: string, size: number, width: number, max: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of printable(font, text).split(' ').filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  if (out.length <= max) return out.map((l) => fit(font, l, size, width));
  const kept = out.slice(0, max);
  kept[max - 1] = fit(font, `${kept[max - 1]}…`, size, width);
  return kept;
}

/** One line cut to the width (a long name or address keeps its start). */
function fit(font: PDFFont, text: string, size: number, width: number): string {
  let t = text;
  while (t.length > 1 && font.widthOfTextAtSize(t, size) > width) t = `${t.slice(0, -2)}…`;
  return t;
}

/** Quiet zone around a code, in modules (the standard's minimum). */
const QUIET = 4;

/** The code of `link` in black on the square at (x, y) of `side` points, quiet zone included. */
function drawCode(page: PDFPage, link: string, at: { x: number; y: number; side: number }): void {
  const { size, dark } = qrModules(link);
  const unit = at.side / (size + 2 * QUIET);
  const ops = [pdf.pushGraphicsState(), pdf.setFillingRgbColor(0, 0, 0)];
  for (let row = 0; row < size; row++) {
    // PDF's y grows upwards: row 0 is the top of the square.
    const y = at.y + at.side - (QUIET + row + 1) * unit;
    let col = 0;
    while (col < size) {
      if (!dark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && dark(row, col)) col++;
      ops.push(pdf.rectangle(at.x + (QUIET + start) * unit, y, (col - start) * unit, unit));
    }
  }
  ops.push(pdf.fill(), pdf.popGraphicsState());
  page.pushOperators(...ops);
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

function centered(
  page: PDFPage,
  text: string,
  o: { x: number; width: number; y: number; size: number; font: PDFFont; color: ReturnType<typeof PdfLib.rgb> },
) {
  const w = o.font.widthOfTextAtSize(text, o.size);
  page.drawText(text, { x: o.x + (o.width - w) / 2, y: o.y, size: o.size, font: o.font, color: o.color });
}

async function drawCard(
  page: PDFPage,
  sheet: CardSheet,
  fonts: Fonts,
  logo: PDFImage | undefined,
  table: string,
  box: { x: number; y: number; width: number; height: number },
): Promise<void> {
  const primary = color(sheet.colors.primary, '#222222');
  const ink = color(sheet.colors.text, '#000000');
  const words = CARD_TEXTS[sheet.locale];
  page.drawRectangle({
    ...box,
    color: color(sheet.colors.background, '#ffffff'),
    borderColor: primary,
    borderWidth: 3,
  });
  const inner = { x: box.x + 12, width: box.width - 24 };
  let y = box.y + box.height - 30;
  for (const line of lines(fonts.bold, sheet.name, 16, inner.width, 2)) {
    centered(page, line, { ...inner, y, size: 16, font: fonts.bold, color: primary });
    y -= 19;
  }
  // The code on white (a dark background would not scan), 215 pt ≈ 76 mm.
  const side = 215;
  const codeX = box.x + (box.width - side) / 2;
  const codeY = y - side + 6;
  page.drawRectangle({ x: codeX, y: codeY, width: side, height: side, color: pdf.rgb(1, 1, 1) });
  drawCode(page, menuLink(sheet.base, table), { x: codeX, y: codeY, side });
  if (logo) {
    // At most ~14 mm square in the middle, on white: error correction H reads through it.
    const max = 40;
    const scale = Math.min(max / logo.width, max / logo.height);
    const [w, h] = [logo.width * scale, logo.height * scale];
    const [cx, cy] = [codeX + side / 2, codeY + side / 2];
    page.drawRectangle({ x: cx - w / 2 - 3, y: cy - h / 2 - 3, width: w + 6, height: h + 6, color: pdf.rgb(1, 1, 1) });
    page.drawImage(logo, { x: cx - w / 2, y: cy - h / 2, width: w, height: h });
  }
  y = codeY - 30;
  centered(page, printable(fonts.bold, `${words.table} ${table}`), {
    ...inner,
    y,
    size: 20,
    font: fonts.bold,
    color: ink,
  });
  y -= 20;
  for (const line of lines(fonts.regular, words.scan, 10.5, inner.width, 2)) {
    centered(page, line, { ...inner, y, size: 10.5, font: fonts.regular, color: ink });
    y -= 13;
  }
  y -= 2;
  const link = menuLink(sheet.base, table).replace(/^https?:\/\//, '');
  centered(page, fit(fonts.mono, printable(fonts.mono, link), 8, inner.width), {
    ...inner,
    y,
    size: 8,
    font: fonts.mono,
    color: ink,
  });
  y -= 12;
  for (const line of lines(fonts.regular, sheet.address, 9, inner.width, 2)) {
    centered(page, line, { ...inner, y, size: 9, font: fonts.regular, color: ink });
    y -= 11;
  }
}

/** This module, for the worker pool that runs `tableCardsPdf` off the request thread. */
export const QR_PDF_MODULE = import.meta.url;

/** The sheet as PDF bytes: one card per table, four a page, in the order given. */
export async function tableCardsPdf(sheet: CardSheet): Promise<Uint8Array> {
  pdf ??= await import('pdf-lib');
  const doc = await pdf.PDFDocument.create();
  doc.setTitle(`${sheet.name} · QR`);
  doc.setCreator('menu-service');
  doc.setLanguage(sheet.locale);
  const fonts: Fonts = {
    regular: await doc.embedFont(pdf.StandardFonts.Helvetica),
    bold: await doc.embedFont(pdf.StandardFonts.HelveticaBold),
    mono: await doc.embedFont(pdf.StandardFonts.Courier),
  };
  let logo: PDFImage | undefined;
  if (sheet.logo) {
    try {
      // A copy with its own ArrayBuffer: pdf-lib reads the bytes from offset 0 of the buffer, and a
      // small Buffer is a slice of Node's shared pool (its logo was silently left out before).
      logo = await doc.embedJpg(Uint8Array.from(sheet.logo));
    } catch {
      logo = undefined;
    }
  }
  const width = (A4.width - 2 * MARGIN - (COLUMNS - 1) * GAP) / COLUMNS;
  const height = (A4.height - 2 * MARGIN - (ROWS - 1) * GAP) / ROWS;
  let page: PDFPage | undefined;
  for (const [i, table] of sheet.tables.entries()) {
    const slot = i % CARDS_PER_PAGE;
    if (slot === 0) page = doc.addPage([A4.width, A4.height]);
    const col = slot % COLUMNS;
    const row = Math.floor(slot / COLUMNS);
    const box = {
      x: MARGIN + col * (width + GAP),
      y: A4.height - MARGIN - (row + 1) * height - row * GAP,
      width,
      height,
    };
    await drawCard(page as PDFPage, sheet, fonts, logo, table, box);
  }
  if (!page) doc.addPage([A4.width, A4.height]);
  return doc.save();
}
