// Writes the published OpenAPI document (what /api/v1/openapi.json answers) to a file, for the
// CI lint (`npx redocly lint`) and for generating clients (examples/pos-sync): `npx tsx scripts/openapi.ts out.json`.
import { writeFileSync } from 'node:fs';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { openApiDocument } from '../src/features/docs/routes.js';

const out = process.argv[2] ?? 'openapi.json';
const database = openDatabase('sqlite::memory:');
await migrateToLatest(database);
const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), { database });
await app.ready();
writeFileSync(out, `${JSON.stringify(openApiDocument(app), null, 2)}\n`);
await app.close();
await database.close();
console.log(`OpenAPI document written to ${out}`);
