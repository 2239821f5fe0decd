// Spreadsheets off the request thread (issue 30 point 4): an uploaded CSV or workbook is decoded
// and parsed by the worker pool, a workbook is written there too; a bad file's errors come back
// from the worker as the same 422; with the pool stopping, the answer is 503, never 500.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { warmImport } from '../../src/features/sync/warm.js';
import { dialects } from '../helper.js';
import { menuSuite } from './menu-suite.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

for (const dialect of dialects) {
  describe(`spreadsheets read and written by the worker pool (${dialect})`, () => {
    const { suite, restaurant } = menuSuite(dialect, 'jobs');

    test('export.xlsx and an uploaded CSV and workbook go through the pool; a broken workbook is a 422 on file', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const jobs = suite().app.jobs;
      const done = jobs.counts.done;
      const workbook = await r.admin('GET', '/menu/export.xlsx');
      assert.equal(workbook.statusCode, 200);
      assert.equal(workbook.rawPayload.subarray(0, 2).toString(), 'PK');
      const csv = (await r.admin('GET', '/menu/export.csv')).rawPayload;
      const fromCsv = await r.admin('PUT', '/menu?dry_run=true', csv, { 'content-type': 'text/csv' });
      assert.equal(fromCsv.statusCode, 200, fromCsv.body);
      assert.equal(fromCsv.json.data.changed, false, 'an untouched export changes nothing');
      const fromXlsx = await r.admin('PUT', '/menu?dry_run=true', workbook.rawPayload, { 'content-type': XLSX });
      assert.equal(fromXlsx.statusCode, 200, fromXlsx.body);
      assert.equal(fromXlsx.json.data.changed, false);
      assert.equal(jobs.counts.done - done, 3, 'written once, read twice, each by a worker');
      const broken = await r.admin('PUT', '/menu', Buffer.from('PK\u0003\u0004 not really a workbook'), {
        'content-type': XLSX,
        'accept-language': 'en',
      });
      assert.equal(broken.statusCode, 422);
      assert.deepEqual(Object.keys(broken.json.errors), ['file']);
      // The other restaurant's export is its own.
      const theirs = await other.admin('GET', '/menu/export.csv');
      assert.notEqual(theirs.body, (await r.admin('GET', '/menu/export.csv')).body);
    });

    test('the warm-up (once the server listens; when the import page opens) readies a worker with one job; imports then read as before', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const { app } = suite();
      const jobs = suite().app.jobs;
      const done = jobs.counts.done;
      await warmImport(app);
      assert.equal(jobs.counts.done - done, 1, 'the warm-up is one job, done by a worker');
      assert.equal(jobs.load.workers, 1, 'that worker is kept for the next job');
      const workbook = (await r.admin('GET', '/menu/export.xlsx')).rawPayload;
      const fromXlsx = await r.admin('PUT', '/menu?dry_run=true', workbook, { 'content-type': XLSX });
      assert.equal(fromXlsx.statusCode, 200, fromXlsx.body);
      assert.equal(fromXlsx.json.data.changed, false);
      const theirs = await other.admin(
        'PUT',
        '/menu?dry_run=true',
        (await other.admin('GET', '/menu/export.csv')).rawPayload,
        {
          'content-type': 'text/csv',
        },
      );
      assert.equal(theirs.json.data.changed, false);
      assert.equal(jobs.counts.done - done, 4, 'then each export and read is one job, as before');
    });
  });
}
