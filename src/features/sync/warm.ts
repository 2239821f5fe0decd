// Readies a process for its first spreadsheet import, off the request path: the job worker started
// with ExcelJS, the CSV reader and the encodings loaded and run once (sheet-jobs.ts `warmSheetJob`),
// and the import's row checks compiled on this thread (apply.ts `compileImportChecks`). A fresh
// process's first 2,000-dish preview took 3.9–4.7 s on a quiet machine without it, 1.1–1.7 s once
// warm (bench/README.md, "Spreadsheet imports"). The server runs it two seconds after it listens, and the
// panel's import page whenever it is opened (the worker ends after a minute without a job, and the
// owner is choosing a file meanwhile). Nothing here is needed: a failure is logged and forgotten.
import type { FastifyInstance } from 'fastify';
import { compileImportChecks } from './apply.js';
import { SHEET_JOBS } from './sheet-jobs.js';

/** The pool's owner of warm-up jobs: never a restaurant's, so a restaurant's own jobs are not held behind it. */
const WARM_OWNER = 'warm-up';

let compiled = false;

/** Starts (or keeps) the worker warm and compiles the import's checks once; resolves when done, never rejects. */
export async function warmImport(app: FastifyInstance): Promise<void> {
  try {
    // The worker starts on its own thread while the checks compile here, one at a time.
    const worker = app.jobs.run({ module: SHEET_JOBS, fn: 'warmSheetJob', args: [], owner: WARM_OWNER });
    // Handled at once: a server stopping while the checks compile refuses the job, and that refusal,
    // left unhandled until the checks are done, is an unhandled rejection.
    worker.catch(() => {});
    if (!compiled) {
      compiled = true;
      await compileImportChecks();
    }
    await worker;
  } catch (err) {
    app.log.debug({ err }, 'spreadsheet import warm-up skipped');
  }
}
