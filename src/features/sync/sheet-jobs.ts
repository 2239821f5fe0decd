// The spreadsheet work that costs CPU, run by the worker pool (runtime/worker-pool.ts) so a big
// file never holds up other restaurants' requests: reading an uploaded CSV (decoding, parsing) or
// workbook into rows, and writing a workbook. Laying the rows over the menu (lookups, the
// database) stays on the request thread. A refusal comes back as issues (an error's class does
// not survive the trip between threads) and is thrown again here as the ValidationError it was.
import type { FastifyInstance } from 'fastify';
import { type FieldIssue, UnavailableError, ValidationError } from '../../core/errors.js';
import { JobRefusedError, JobTimeoutError } from '../../runtime/worker-pool.js';
import type { SheetTables } from './cells.js';
import { csvTables } from './csv.js';
import { decodeSpreadsheetText } from './encoding.js';
import { readXlsx, renderXlsx, type XlsxTables } from './xlsx.js';

/** This module, for the worker pool. */
export const SHEET_JOBS = import.meta.url;

type Read = { tables: SheetTables } | { issues: FieldIssue[] };

/** In a worker: the tables of a CSV (any encoding a spreadsheet writes: one table) or a workbook (a table per sheet). */
export async function readSheetJob(bytes: Uint8Array, xlsx: boolean): Promise<Read> {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (xlsx) return { tables: await readXlsx(body) };
    return { tables: csvTables(decodeSpreadsheetText(body).text) };
  } catch (err) {
    if (err instanceof ValidationError) return { issues: err.issues };
    throw err;
  }
}

/**
 * In a worker: loads what reading and writing a spreadsheet needs (ExcelJS's ~400 modules, the CSV
 * reader, the encodings) and runs each once on a tiny file, so an owner's first import does not
 * pay for loading and compiling them (warm.ts asks for it).
 */
export async function warmSheetJob(): Promise<boolean> {
  const workbook = await renderXlsx({ dishes: [], options: [], sections: [], types: [], wineries: [] });
  await readXlsx(Buffer.from(workbook.buffer, workbook.byteOffset, workbook.byteLength));
  // A Windows-1252 file, as Excel saves it: the encoding's whole check (chardet included) runs.
  const csv = Buffer.from('section;name_it;price\r\nPrimi;Tagliatelle al ragù;12,50\r\n', 'latin1');
  csvTables(decodeSpreadsheetText(csv).text);
  return true;
}

/** In a worker: a workbook's bytes. */
export function renderXlsxJob(tables: XlsxTables): Promise<Uint8Array> {
  return renderXlsx(tables);
}

/** Seconds to wait before sending again a file whose reading ran past the pool's deadline. */
const RETRY_AFTER_TIMEOUT = 60;

const refused = (err: unknown) => {
  if (err instanceof JobRefusedError) throw new UnavailableError(err.retryAfterSeconds);
  // Past the deadline the machine was too busy to finish (a file too big for it is refused by
  // size first): "try again", not "your file is broken" (which a loaded run once said of a good file).
  if (err instanceof JobTimeoutError) throw new UnavailableError(RETRY_AFTER_TIMEOUT);
  throw err;
};

/** Reads an uploaded spreadsheet off the request thread; a bad file throws its ValidationError. */
export async function readSheet(
  app: FastifyInstance,
  tenantId: number,
  bytes: Buffer,
  xlsx: boolean,
): Promise<SheetTables> {
  const read = await app.jobs
    .run<Read>({ module: SHEET_JOBS, fn: 'readSheetJob', args: [bytes, xlsx], owner: String(tenantId) })
    .catch((err: unknown) => {
      // A workbook that kills its worker (one that expands past the worker's heap) is not readable.
      if (xlsx && !(err instanceof JobRefusedError) && !(err instanceof JobTimeoutError)) {
        throw new ValidationError([{ field: 'file', rule: 'xlsx_unreadable' }]);
      }
      return refused(err);
    });
  if ('issues' in read) throw new ValidationError(read.issues);
  return read.tables;
}

/** Writes a workbook off the request thread. */
export async function writeXlsx(app: FastifyInstance, tenantId: number, tables: XlsxTables): Promise<Buffer> {
  const bytes = await app.jobs
    .run<Uint8Array>({ module: SHEET_JOBS, fn: 'renderXlsxJob', args: [tables], owner: String(tenantId) })
    .catch(refused);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
