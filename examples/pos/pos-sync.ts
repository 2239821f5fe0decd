// A point-of-sale integration end to end, on the generated client (client.ts):
//   1. first load: the POS's whole catalogue in one PUT /admin/menu (matched by external_id, so it
//      can be sent again any time), after a dry run that says what would change;
//   2. a price change by the POS's own id, safe to retry: find the dish by external_id, PATCH it
//      with If-Match (no lost update) and an Idempotency-Key (a retry after a time-out is harmless);
//   3. change tracking: what changed since a moment, in one call;
//   4. a photo for a dish, sent as the file it is;
//   5. the spreadsheet way: the menu exported as CSV, a price changed in it, imported back (dry run
//      first), as an owner's spreadsheet would travel;
//   6. a webhook receiver that verifies Menu-Signature before trusting a delivery.
// Run against a server: MENU_URL=https://demo.example.com MENU_TOKEN='1|…' npx tsx examples/pos/pos-sync.ts
// (MENU_CONNECT=127.0.0.1:3000 reaches a local server; WEBHOOK_HOST is the address the menu service
// can reach this receiver on, needing WEBHOOKS_ALLOW_PRIVATE=true on the server when it is local).
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { type MenuClient, menuClient } from './client.js';

const baseUrl = process.env.MENU_URL ?? 'http://demo.localhost:3000';
const token = process.env.MENU_TOKEN ?? '';
if (!token.includes('|')) {
  console.error('Set MENU_TOKEN to an API token with menu:read and menu:write (menu token:create).');
  process.exit(2);
}
const api: MenuClient = menuClient(baseUrl, token, process.env.MENU_CONNECT);

/** What the POS knows: its own ids, names and prices. */
const catalogue = [
  { sku: 'POS-ANT-1', section: 'POS-SEC-ANT', name: 'Bruschetta al pomodoro', en: 'Tomato bruschetta', price: 6.5 },
  { sku: 'POS-ANT-2', section: 'POS-SEC-ANT', name: 'Tagliere di salumi', en: 'Cured meats board', price: 14 },
  { sku: 'POS-PRI-1', section: 'POS-SEC-PRI', name: 'Tagliatelle al ragù', en: 'Tagliatelle with ragù', price: 13 },
];

function fail(step: string, detail: unknown): never {
  console.error(`${step} failed:`, JSON.stringify(detail));
  process.exit(1);
}

async function firstLoad(): Promise<void> {
  const document = {
    sections: [
      { external_id: 'POS-SEC-ANT', name: { it: 'Antipasti (POS)', en: 'Starters (POS)' } },
      { external_id: 'POS-SEC-PRI', name: { it: 'Primi (POS)', en: 'First courses (POS)' } },
    ].map((section) => ({
      ...section,
      items: catalogue
        .filter((dish) => dish.section === section.external_id)
        .map((dish) => ({ external_id: dish.sku, name: { it: dish.name, en: dish.en }, price: dish.price })),
    })),
  };
  const dry = await api.PUT('/api/v1/admin/menu', { params: { query: { dry_run: 'true' } }, body: document });
  if (!dry.data) fail('dry run', dry.error);
  console.log(`dry run: ${dry.data.data.summary.items.created} dishes to create, ${dry.data.data.summary.items.updated} to update`);
  const loaded = await api.PUT('/api/v1/admin/menu', {
    body: document,
    headers: { 'Idempotency-Key': `first-load-${randomUUID()}` },
  });
  if (!loaded.data) fail('first load', loaded.error);
  console.log(`first load: ${JSON.stringify(loaded.data.data.summary.items)}`);
}

async function changePrice(sku: string, price: number): Promise<void> {
  const found = await api.GET('/api/v1/admin/items', { params: { query: { external_id: sku } } });
  const dish = found.data?.data[0];
  if (!dish) fail(`find ${sku}`, found.error);
  const read = await api.GET('/api/v1/admin/items/{id}', { params: { path: { id: dish.id } } });
  const etag = read.response.headers.get('etag');
  if (!read.data || !etag) fail(`read ${sku}`, read.error);
  const key = `price-${sku}-${randomUUID()}`;
  const changed = await api.PATCH('/api/v1/admin/items/{id}', {
    params: { path: { id: dish.id }, header: { 'If-Match': etag } },
    body: { price },
    headers: { 'Idempotency-Key': key },
  });
  if (!changed.data) fail(`price of ${sku}`, changed.error);
  // The same write again with the old ETag: refused (412), nothing changes.
  const stale = await api.PATCH('/api/v1/admin/items/{id}', {
    params: { path: { id: dish.id }, header: { 'If-Match': etag } },
    body: { price: price + 100 },
  });
  console.log(`price of ${sku}: ${changed.data.data.price} (a stale If-Match answers ${stale.response.status})`);
}

async function changedSince(since: string): Promise<void> {
  const res = await api.GET('/api/v1/admin/items', { params: { query: { updated_since: since, per_page: 100 } } });
  if (!res.data) fail('changes since', res.error);
  const names = res.data.data.map((d) => d.external_id ?? String(d.id));
  console.log(`changed since ${since}: ${names.join(', ') || 'nothing'}; deleted: ${JSON.stringify(res.data.meta.deleted ?? [])}`);
}

/** A 32×24 JPEG (the POS would read its own picture from disk). */
const PHOTO = Buffer.from(
  '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAYACADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAUG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AigI7bgAAAAAP/9k=',
  'base64',
);

async function uploadPhoto(sku: string): Promise<void> {
  const found = await api.GET('/api/v1/admin/items', { params: { query: { external_id: sku } } });
  const dish = found.data?.data[0];
  if (!dish) fail(`find ${sku}`, found.error);
  const uploaded = await api.PUT('/api/v1/admin/items/{id}/image', {
    params: { path: { id: dish.id } },
    body: new Blob([PHOTO], { type: 'image/jpeg' }),
    headers: { 'Content-Type': 'image/jpeg' },
  });
  if (!uploaded.data) fail(`photo of ${sku}`, uploaded.error);
  console.log(`photo of ${sku}: ${uploaded.data.data.image_url}`);
}

async function csvRoundTrip(sku: string, price: number): Promise<void> {
  const exported = await api.GET('/api/v1/admin/menu/export.csv', {
    params: { query: { delimiter: 'comma' } },
    parseAs: 'text',
  });
  if (exported.data === undefined) fail('CSV export', exported.error);
  // The POS changes one cell, as an owner would in a spreadsheet: the price on its dish's row. A
  // CSV library reads and writes the file (cells may hold commas, quotes and line breaks).
  const rows: Record<string, string>[] = parse(exported.data, { bom: true, columns: true });
  for (const row of rows) if (row.external_id === sku) row.price = price.toFixed(2);
  const csv = stringify(rows, { header: true, columns: Object.keys(rows[0] ?? {}) });
  const dry = await api.PUT('/api/v1/admin/menu', {
    params: { query: { dry_run: 'true' } },
    body: csv,
    headers: { 'Content-Type': 'text/csv' },
  });
  if (!dry.data) fail('CSV dry run', dry.error);
  const imported = await api.PUT('/api/v1/admin/menu', { body: csv, headers: { 'Content-Type': 'text/csv' } });
  if (!imported.data) fail('CSV import', imported.error);
  console.log(`CSV import: ${imported.data.data.summary.items.updated} dish(es) updated (dry run said ${dry.data.data.summary.items.updated})`);
}

/** `Menu-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, at most 5 minutes old. */
export function verified(secret: string, rawBody: string, header: string | undefined, now = Date.now() / 1000): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2)));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now - t) > 300 || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  const mac = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return timingSafeEqual(mac, Buffer.from(parts.v1 ?? '', 'hex'));
}

async function webhookRoundTrip(): Promise<void> {
  let secret = '';
  let resolveDelivery: (body: string) => void = () => {};
  const delivered = new Promise<string>((resolve) => {
    resolveDelivery = resolve;
  });
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const ok = verified(secret, body, req.headers['menu-signature'] as string | undefined);
      res.writeHead(ok ? 204 : 401).end();
      if (ok) resolveDelivery(body);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  const url = `http://${process.env.WEBHOOK_HOST ?? '127.0.0.1'}:${port}/menu-hook`;
  const registered = await api.POST('/api/v1/admin/webhooks', { body: { url, events: ['menu.updated'] } });
  if (!registered.data) fail('webhook registration', registered.error);
  secret = registered.data.data.secret;
  await changePrice('POS-PRI-1', 13.5);
  const timeout = new Promise<string>((_, reject) => setTimeout(() => reject(new Error('no delivery in 15 s')), 15_000));
  const body = JSON.parse(await Promise.race([delivered, timeout])) as { type: string; data: { changes: unknown[] } };
  console.log(`webhook: ${body.type} with ${body.data.changes.length} change(s), signature verified`);
  await api.DELETE('/api/v1/admin/webhooks/{id}', { params: { path: { id: registered.data.data.id } } });
  receiver.close();
}

const start = new Date(Date.now() - 1000).toISOString();
await firstLoad();
await changePrice('POS-ANT-2', 15);
await changedSince(start);
await uploadPhoto('POS-ANT-1');
await csvRoundTrip('POS-PRI-1', 12.5);
await webhookRoundTrip();
console.log('POS example: done');
