// A webhook receiver for the menu service: verifies `Menu-Signature` over the raw body before
// trusting anything, drops repeated deliveries of one event, and answers 2xx fast (work is done
// after answering). Run: WEBHOOK_SECRET=whsec_… npx tsx examples/webhook-receiver.ts (port 8787).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const secret = process.env.WEBHOOK_SECRET ?? '';
const port = Number(process.env.PORT ?? 8787);
if (!secret.startsWith('whsec_')) {
  console.error('Set WEBHOOK_SECRET to the secret shown when the webhook was registered.');
  process.exit(2);
}

/** `Menu-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, at most 5 minutes old. */
export function verified(key: string, rawBody: string, header: string | undefined, now = Date.now() / 1000): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2)));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now - t) > 300 || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  const mac = createHmac('sha256', key).update(`${t}.${rawBody}`).digest();
  return timingSafeEqual(mac, Buffer.from(parts.v1, 'hex'));
}

const seen = new Set<string>();

createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(405).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    if (!verified(secret, raw, req.headers['menu-signature'] as string | undefined)) {
      res.writeHead(400).end('bad signature');
      return;
    }
    const event = JSON.parse(raw) as { id: string; type: string; data: { changes: unknown[] } };
    res.writeHead(204).end();
    // A retried delivery carries the same event id: handle each event once.
    if (seen.has(event.id)) return;
    seen.add(event.id);
    console.log(`${event.type} ${event.id}: ${JSON.stringify(event.data.changes)}`);
    // Here: re-read what changed from the API (GET /api/v1/admin/items/{id}, …) and update the POS.
  });
}).listen(port, () => console.log(`listening on http://localhost:${port}`));
