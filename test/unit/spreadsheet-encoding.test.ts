// Which encoding a spreadsheet's CSV is in (src/features/sync/encoding.ts) and the formula guard
// (src/features/sync/sheet.ts), without a database: every encoding Excel writes decodes to the
// same text; what cannot be told is refused, never decoded with U+FFFD.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import iconv from 'iconv-lite';
import { ValidationError } from '../../src/core/errors.js';
import { decodeSpreadsheetText } from '../../src/features/sync/encoding.js';
import { protectText, unprotectText } from '../../src/features/sync/sheet.js';

const TEXT =
  'section;price;name_it\r\nPrimi;12,50;Tagliatelle al ragù — «bio» ’buone’\r\nDolci;6;Crème brûlée, Würstel, Paella española\r\n';

const refusal = (bytes: Buffer) => {
  try {
    decodeSpreadsheetText(bytes);
  } catch (err) {
    assert.ok(err instanceof ValidationError);
    return err.issues;
  }
  assert.fail('the file was decoded');
};

describe('spreadsheet encodings', () => {
  test('UTF-8 with and without BOM, UTF-16LE and BE with BOM, Windows-1252 decode to the same text', () => {
    const files: [string, Buffer][] = [
      ['utf-8', Buffer.from(TEXT, 'utf8')],
      ['utf-8', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT, 'utf8')])],
      ['utf-16le', iconv.encode(TEXT, 'utf-16le', { addBOM: true })],
      ['utf-16be', iconv.encode(TEXT, 'utf-16be', { addBOM: true })],
      ['windows-1252', iconv.encode(TEXT, 'windows-1252')],
    ];
    for (const [encoding, bytes] of files) assert.deepEqual(decodeSpreadsheetText(bytes), { text: TEXT, encoding });
  });

  test('without Windows-1252’s own bytes, 0xA4 is ISO-8859-15’s euro sign', () => {
    const latin9 = iconv.encode('piatto;prezzo\r\nCaffè;€ 1,20\r\n', 'iso-8859-15');
    assert.deepEqual(decodeSpreadsheetText(latin9), {
      text: 'piatto;prezzo\r\nCaffè;€ 1,20\r\n',
      encoding: 'iso-8859-15',
    });
  });

  test('Shift_JIS, GBK, KOI8-R, UTF-16 without BOM or cut in half, and binary bytes are refused on `file`', () => {
    const refused = [
      iconv.encode('寿司;価格\r\n寿司 特上;1200\r\n', 'shift_jis'),
      iconv.encode('菜单;价格\r\n饺子;12\r\n', 'gbk'),
      iconv.encode('Меню;цена\r\nБорщ;12\r\n', 'koi8-r'),
      iconv.encode(TEXT, 'utf-16le'),
      iconv.encode(TEXT, 'utf-16le', { addBOM: true }).subarray(0, 21),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]),
    ];
    for (const bytes of refused) assert.deepEqual(refusal(bytes), [{ field: 'file', rule: 'file_encoding' }]);
  });

  test('a text already holding U+FFFD is refused naming its line', () => {
    assert.deepEqual(refusal(Buffer.from('a;b\r\nx;1\r\nrag\uFFFD;2\r\n', 'utf8')), [
      { field: 'file', rule: 'file_damaged', params: { line: 3 } },
    ]);
  });

  test('the formula guard adds one apostrophe to formula-like text and import removes exactly that one', () => {
    const cases: [string, string][] = [
      ['=1+1', "'=1+1"],
      ['+39 menu', "'+39 menu"],
      ['-10%', "'-10%"],
      ['@chef', "'@chef"],
      ['\tTab', "'\tTab"],
      ['\rCR', "'\rCR"],
      ["'=già", "''=già"],
      ["'Nduja", "'Nduja"],
      ['Caprese', 'Caprese'],
      ['', ''],
    ];
    for (const [text, written] of cases) {
      assert.equal(protectText(text), written, JSON.stringify(text));
      assert.equal(unprotectText(written), text, JSON.stringify(written));
    }
  });
});
