// Lighthouse (npm `lighthouse`, driving Debian's Chromium) on the public menu page at phone width:
// three runs, the median score per category, and the audits that cost points.
// Usage: node scripts/lighthouse.mjs [url]   (default http://demo.localhost:3000/?lang=de; start the
// server first with `npm start`). CHROME_PATH overrides /usr/bin/chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const url = process.argv[2] ?? 'http://demo.localhost:3000/?lang=de';
const runs = Number(process.env.RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
const lost = new Map();

for (let i = 0; i < runs; i++) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    // The default configuration is Lighthouse's mobile one: a phone-sized screen, simulated slow 4G and CPU.
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const lhr = result.lhr;
    for (const c of CATEGORIES) {
      scores[c].push(Math.round((lhr.categories[c].score ?? 0) * 100));
      for (const ref of lhr.categories[c].auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) lost.set(`${c}: ${ref.id}`, audit.title);
      }
    }
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ]
      .map(
        (id) =>
          `${id
            .split('-')
            .map((w) => w[0])
            .join('')
            .toUpperCase()} ${lhr.audits[id].displayValue} (${lhr.audits[id].score})`,
      )
      .join(', ');
    console.log(`run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${scores[c].at(-1)}`).join(', ')}\n  ${metrics}`);
  } finally {
    await chrome.kill();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\nmedian of ${runs} runs on ${url}`);
for (const c of CATEGORIES) console.log(`  ${c.padEnd(15)} ${median(scores[c])}`);
if (lost.size > 0) {
  console.log('\naudits below full marks in some run:');
  for (const [id, title] of lost) console.log(`  ${id} — ${title}`);
}
