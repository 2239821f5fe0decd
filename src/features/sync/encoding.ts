// The text of a spreadsheet's CSV file, whatever encoding the spreadsheet wrote: UTF-8 with or
// without a byte order mark, UTF-16 with one (Excel's "Unicode text"), or Windows-1252 /
// ISO-8859-15 (Excel's plain "CSV" on a Western Windows). A file whose encoding cannot be told is
// refused rather than guessed: a wrong guess would write damaged names into every dish, and a
// decoded text never contains U+FFFD (the replacement character of a byte that was not understood).
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { ValidationError } from '../../core/errors.js';

export type SpreadsheetEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'iso-8859-15';

/** The field of an encoding problem: the whole file, not a line of it. */
export const FILE_FIELD = 'file';

const unknownEncoding = () => new ValidationError([{ field: FILE_FIELD, rule: 'file_encoding' }]);

/** Bytes 0x81, 0x8D, 0x8F, 0x90, 0x9D mean nothing in Windows-1252: a file holding one is not in it. */
const UNDEFINED_IN_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/** Beyond Latin-1: the typographic signs Windows-1252 adds (€ ‚ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ). */
const WINDOWS_SIGNS = new Set('€‚„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Whether a single-byte decoding reads like a Western European menu: printable ASCII, tabs and line
 * breaks, Latin-1 letters and signs, the typographic ones, and never four non-ASCII characters in
 * a row (how double-byte scripts such as Shift_JIS or GBK look decoded byte by byte, never a
 * Western word). Anything else (C0/C1 controls, box drawing) is another encoding or not text.
 */
function readsAsWestern(text: string): boolean {
  let run = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) {
      if (code < 0x20 && char !== '\t' && char !== '\n' && char !== '\r') return false;
      if (code === 0x7f) return false;
      run = 0;
      continue;
    }
    if (!((code >= 0xa0 && code <= 0xff) || WINDOWS_SIGNS.has(char))) return false;
    if (++run >= 4) return false;
  }
  return true;
}

function singleByte(bytes: Buffer): SpreadsheetEncoding | undefined {
  for (const byte of bytes) if (UNDEFINED_IN_1252.has(byte)) return undefined;
  // chardet proposes (its statistics know Latin-1 text from other single-byte families); the
  // character check below decides, since chardet also names windows-1252 for Shift_JIS bytes.
  const candidates = chardet.analyse(bytes).map((c) => c.name.toLowerCase());
  if (!candidates.some((name) => ['iso-8859-1', 'iso-8859-15', 'windows-1252'].includes(name))) return undefined;
  const hasC1 = bytes.some((b) => b >= 0x80 && b <= 0x9f);
  // Without Windows-1252's own range (0x80-0x9F: € ’ “ … œ), a 0xA4 byte is the euro sign of ISO-8859-15, never ¤ on a menu.
  return !hasC1 && bytes.includes(0xa4) ? 'iso-8859-15' : 'windows-1252';
}

/** Which encoding `bytes` are in, or undefined when it cannot be told. */
export function detectEncoding(bytes: Buffer): SpreadsheetEncoding | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  // NUL bytes: UTF-16 without its byte order mark, or not a text file at all.
  if (bytes.includes(0)) return undefined;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return singleByte(bytes);
  }
}

/** `bytes` as text, its byte order mark removed; throws a ValidationError on `file` when the encoding cannot be told. */
export function decodeSpreadsheetText(bytes: Buffer): { text: string; encoding: SpreadsheetEncoding } {
  const encoding = detectEncoding(bytes);
  if (!encoding) throw unknownEncoding();
  let text: string;
  if (encoding === 'utf-8') {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      throw unknownEncoding();
    }
  } else {
    if (encoding.startsWith('utf-16') && bytes.length % 2 !== 0) throw unknownEncoding();
    text = iconv.decode(bytes, encoding, { stripBOM: true });
    if (!encoding.startsWith('utf-16') && !readsAsWestern(text)) throw unknownEncoding();
  }
  const damaged = text.indexOf('\uFFFD');
  if (damaged >= 0) {
    // A character already lost (an earlier wrong conversion), or a UTF-16 file cut in the middle.
    const line = text.slice(0, damaged).split('\n').length;
    throw new ValidationError([{ field: FILE_FIELD, rule: 'file_damaged', params: { line } }]);
  }
  return { text, encoding };
}
