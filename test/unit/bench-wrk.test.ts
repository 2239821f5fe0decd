// bench/load.ts reads wrk's report: the figures `npm run bench` prints come from this parser.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseWrk } from '../../bench/load.js';

const REPORT = `Running 8s test @ http://127.0.0.1:41209/api/v1/menu/it
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.03ms    1.35ms  66.79ms   97.10%
    Req/Sec    54.21k     5.01k   60.00k    88.00%
  Latency Distribution
     50%  812.00us
     75%    1.10ms
     90%    1.50ms
     99%    5.00ms
  431234 requests in 8.00s, 10.95GB read
Requests/sec:  53922.07
Transfer/sec:      1.37GB
`;

test('reads throughput, latency percentiles, bytes and duration', () => {
  const r = parseWrk(REPORT, 8);
  assert.equal(r.requestsPerSec, 53922.07);
  assert.equal(r.latencyP50Ms, 0.812);
  assert.equal(r.latencyP99Ms, 5);
  assert.equal(r.latencyMeanMs, 1.03);
  assert.equal(r.responses, 431234);
  assert.equal(r.durationSec, 8);
  assert.equal(Math.round(r.bytesTotal / 1e6), Math.round((10.95 * 1024 ** 3) / 1e6));
  assert.deepEqual(r.problems, []);
});

test('non-2xx answers and socket errors make the run invalid', () => {
  const bad = REPORT.replace(
    'Requests/sec',
    '  Non-2xx or 3xx responses: 12\n  Socket errors: connect 0, read 3, write 0, timeout 1\nRequests/sec',
  );
  const r = parseWrk(bad, 8);
  assert.equal(r.responses, 431234 - 12);
  assert.equal(r.problems.length, 2);
  assert.match(r.problems.join(' '), /12 non-2xx/);
  assert.match(r.problems.join(' '), /read 3/);
});

test('output without a request count is an error, not a zero', () => {
  assert.throws(() => parseWrk('unable to connect to 127.0.0.1:1 Connection refused', 8), /no request count/);
});
