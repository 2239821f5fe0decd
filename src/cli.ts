// The `menu` command line: migrations, the demo seed, tenants, and the server; same DATABASE_URL as the
// app. Started by bin/menu.js, which loads runtime/tick-shape before this module. `main` takes its
// environment and its standard streams as arguments and returns the exit code, so tests run it in
// process (test/cli/run.ts) instead of spawning node for every command.

import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { countTenantRows, eraseTenantRows } from './accounts/tenants/erase.js';
import { findTenantStateBySlug, listTenants, setTenantStatus, tenantDomain } from './accounts/tenants/repo.js';
import { createTenant } from './accounts/tenants/service.js';
import { listTokens, revokeToken } from './accounts/tokens/repo.js';
import { createToken } from './accounts/tokens/service.js';
import { generatePassword } from './accounts/users/password.js';
import { changeRole, createUser, resetPassword } from './accounts/users/service.js';
import { buildApp } from './app.js';
import { backup, restore } from './backup/commands.js';
import { CLI_ACTOR, ownerSnapshot } from './catalog/write.js';
import { loadConfig, publicAddress } from './config.js';
import { InputError, ValidationError } from './core/errors.js';
import { type Db, type DbHandle, openDatabase } from './db/connect.js';
import { assertMigrated, migrateToLatest } from './db/migrate.js';
import { USER_ROLES, type UserRole } from './db/schema.js';
import { menuLink, qrPng, qrSvg, TABLE_LABEL } from './features/qr/codes.js';
import { importMenu } from './features/sync/apply.js';
import { csvToDocument, exportCsv } from './features/sync/csv.js';
import { exportDocument } from './features/sync/document.js';
import { sheetIssues } from './features/sync/menu-sheets.js';
import { exportXlsx, looksLikeXlsx, xlsxToDocument } from './features/sync/xlsx.js';
import { validationBody } from './http/error-handler.js';
import { createOperator } from './panel/operator/service.js';
import { createInvite, inviteState, listInvites } from './panel/signup/invites.js';
import { type Announcement, openAnnouncer } from './runtime/announcements.js';
import { seedDemoCopies } from './seed/copies.js';
import { seedDemo } from './seed/demo.js';
import { serve } from './server.js';

const USAGE = `Usage: menu <command> [options]

Commands:
  serve [--migrate] [--seed-demo]          start the HTTP server
  migrate                                  apply database migrations
  demo [--copies N --prefix r]             seed the demo restaurant (idempotent), or N copies r0…r<N-1>
  tenant:create <slug> --name "<name>" [--domain <host>]
  tenant:list
  operator:create <email> [--password-stdin]   an account of the operator console (/operator on BASE_DOMAIN); again: a new password
  invite:create [--note "<text>"] [--days N]   an invite code for SIGNUP=invite (shown once; 30 days by default)
  invite:list
  tenant:suspend <slug> [--reason "<text>"]   its API answers 403 with the reason, diners see a neutral page
  tenant:resume <slug>
  tenant:delete <slug> [--export <file>] [--yes]   erase a restaurant and all its data (without --yes: what would go)
  user:create <tenant> <email> [--role owner|staff] [--name "<name>"] [--password-stdin]   owner by default
  user:role <tenant> <email> <owner|staff>   staff edit the menu; owners also settings, theme, staff, tokens
  user:password <tenant> <email> [--password-stdin]   reset a password (ends the user's sessions)
  token:create <tenant> <email> --name "<name>" --scopes menu:read,menu:write,analytics:read
  token:list <tenant>
  token:revoke <tenant> <token-id>
  qr <tenant> [--table N] [--format svg|png] [--out <file>]   the menu's QR code (PNG needs --out)
  backup <file> [--tenant <slug> [--with-passwords]]   consistent copy while the server runs
  restore <file> [--force] | restore --tenant <file> [--slug <slug>]

Environment: DATABASE_URL (default sqlite:./data/menu.db), PORT, HOST, BASE_DOMAIN, PUBLIC_URL, LOG_LEVEL, TRUST_PROXY, SMTP_URL, MAIL_FROM, SIGNUP.
`;

class UsageError extends Error {}

/** The standard streams a command uses; the process's own unless a caller (a test) passes others. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Read to the end by `--password-stdin`. */
  stdin: AsyncIterable<string | Uint8Array>;
}

const processIo: CliIo = {
  stdout: process.stdout,
  stderr: process.stderr,
  get stdin() {
    return process.stdin; // touched only when a command reads it
  },
};

type Handler = (args: string[], env: Env) => Promise<void>;
interface Env {
  config: ReturnType<typeof loadConfig>;
  io: CliIo;
  open(): Promise<DbHandle>;
  out(line: string): void;
}

function positional(
  args: string[],
  count: number,
  usage: string,
  options: Record<string, { type: 'string' | 'boolean' }> = {},
) {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\nUsage: ${usage}`);
  }
  if (parsed.positionals.length !== count) throw new UsageError(`Usage: ${usage}`);
  return { positionals: parsed.positionals, values: parsed.values as Record<string, string | boolean | undefined> };
}

function roleOf(value: string | boolean, usage: string): UserRole {
  if (typeof value === 'string' && (USER_ROLES as readonly string[]).includes(value)) return value as UserRole;
  throw new UsageError(`The role is owner or staff, got "${value}".\nUsage: ${usage}`);
}

const commands: Record<string, Handler> = {
  async serve(args, env) {
    const { values } = positional(args, 0, 'menu serve [--migrate] [--seed-demo]', {
      migrate: { type: 'boolean' },
      'seed-demo': { type: 'boolean' },
    });
    await serve(env.config, { migrate: Boolean(values.migrate), seedDemo: Boolean(values['seed-demo']) }, (text) =>
      env.io.stdout.write(text),
    );
  },
  async migrate(args, env) {
    positional(args, 0, 'menu migrate');
    const database = await env.open();
    try {
      const applied = await migrateToLatest(database);
      env.out(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
    } finally {
      await database.close();
    }
  },
  async demo(args, env) {
    const usage = 'menu demo [--copies N --prefix r]';
    const { values } = positional(args, 0, usage, { copies: { type: 'string' }, prefix: { type: 'string' } });
    if (values.copies !== undefined || values.prefix !== undefined) return demoCopies(env, values, usage);
    const database = await env.open();
    try {
      await migrateToLatest(database);
      const result = await seedDemo(database.db, env.config.baseDomain);
      if (result.created && result.tenantId) await announce(env, { tenantId: result.tenantId, kind: 'created' });
      env.out(
        result.created ? 'Demo restaurant created: slug "demo".' : 'Demo restaurant already present: nothing to do.',
      );
    } finally {
      await database.close();
    }
  },
  async 'tenant:create'(args, env) {
    const usage = 'menu tenant:create <slug> --name "<name>" [--domain <host>]';
    const { positionals, values } = positional(args, 1, usage, {
      name: { type: 'string' },
      domain: { type: 'string' },
    });
    if (typeof values.name !== 'string') throw new UsageError(`--name is required.\nUsage: ${usage}`);
    const database = await openMigrated(env);
    try {
      const domain = typeof values.domain === 'string' ? values.domain : undefined;
      const id = await createTenant(
        database.db,
        { slug: positionals[0], name: values.name, domain },
        env.config.baseDomain,
      );
      await announce(env, { tenantId: id, kind: 'created' });
      env.out(
        `Tenant ${id} created: http://${positionals[0]}.${env.config.baseDomain}${domain ? ` and http://${domain}` : ''}`,
      );
    } finally {
      await database.close();
    }
  },
  async 'operator:create'(args, env) {
    const usage = 'menu operator:create <email> [--password-stdin]';
    const { positionals, values } = positional(args, 1, usage, { 'password-stdin': { type: 'boolean' } });
    const fromStdin = Boolean(values['password-stdin']);
    const password = fromStdin ? (await readStdin(env.io)).replace(/\r?\n$/, '') : generatePassword();
    const database = await openMigrated(env);
    try {
      let outcome: 'created' | 'updated';
      try {
        outcome = await createOperator(database.db, positionals[0], password);
      } catch (err) {
        if (err instanceof RangeError) throw new InputError(err.message);
        throw err;
      }
      const what = outcome === 'created' ? 'created' : 'given a new password (its sessions ended)';
      env.out(
        fromStdin
          ? `Operator ${positionals[0]} ${what}.`
          : `Operator ${positionals[0]} ${what}. Password (shown once): ${password}`,
      );
      env.out(`Console: ${publicAddress(env.config, 'x').replace(/^(https?:\/\/)x\./, '$1')}/operator`);
    } finally {
      await database.close();
    }
  },
  async 'invite:create'(args, env) {
    const usage = 'menu invite:create [--note "<text>"] [--days N]';
    const { values } = positional(args, 0, usage, { note: { type: 'string' }, days: { type: 'string' } });
    const days = values.days === undefined ? undefined : Number(values.days);
    if (days !== undefined && (!Number.isInteger(days) || days < 1 || days > 365)) {
      throw new UsageError(`--days must be a whole number from 1 to 365.\nUsage: ${usage}`);
    }
    const note = typeof values.note === 'string' ? values.note : '';
    if (note.length > 200) throw new UsageError(`--note must be at most 200 characters.\nUsage: ${usage}`);
    const database = await openMigrated(env);
    try {
      const invite = await createInvite(database.db, { note, createdBy: 'command line', days });
      env.out(`Invite code (shown once): ${invite.code}  valid until ${invite.expiresAt}`);
      if (env.config.signup !== 'invite')
        env.out(`Note: SIGNUP is ${env.config.signup}; codes are asked for only with SIGNUP=invite.`);
    } finally {
      await database.close();
    }
  },
  async 'invite:list'(args, env) {
    positional(args, 0, 'menu invite:list');
    const database = await openMigrated(env);
    try {
      const invites = await listInvites(database.db);
      if (invites.length === 0) env.out('No invite codes.');
      for (const i of invites) {
        env.out([i.id, inviteState(i), i.created_at, i.expires_at, i.used_by_tenant ?? '', i.note].join('\t'));
      }
    } finally {
      await database.close();
    }
  },
  async 'tenant:list'(args, env) {
    positional(args, 0, 'menu tenant:list');
    const database = await openMigrated(env);
    try {
      const tenants = await listTenants(database.db);
      if (tenants.length === 0) env.out('No tenants.');
      for (const t of tenants) {
        env.out([t.id, t.slug, t.status, t.name, t.domains.join(',')].join('\t'));
      }
    } finally {
      await database.close();
    }
  },
  async 'user:create'(args, env) {
    const usage = 'menu user:create <tenant> <email> [--role owner|staff] [--name "<name>"] [--password-stdin]';
    const { positionals, values } = positional(args, 2, usage, {
      name: { type: 'string' },
      role: { type: 'string' },
      'password-stdin': { type: 'boolean' },
    });
    const role = roleOf(values.role ?? 'owner', usage);
    const fromStdin = Boolean(values['password-stdin']);
    const password = fromStdin ? (await readStdin(env.io)).replace(/\r?\n$/, '') : generatePassword();
    await withTenant(env, positionals[0], async (db, tenantId) => {
      const name = typeof values.name === 'string' ? values.name : '';
      await createUser(db, tenantId, { email: positionals[1], password, name, role });
      env.out(
        fromStdin
          ? `User ${positionals[1]} created (${role}).`
          : `User ${positionals[1]} created (${role}). Password (shown once): ${password}`,
      );
    });
  },
  async 'user:role'(args, env) {
    const usage = 'menu user:role <tenant> <email> <owner|staff>';
    const { positionals } = positional(args, 3, usage);
    const role = roleOf(positionals[2], usage);
    await withTenant(env, positionals[0], async (db, tenantId) => {
      await changeRole(db, tenantId, positionals[1], role);
      env.out(`${positionals[1]} is now ${role === 'owner' ? 'an owner' : 'staff'}.`);
    });
  },
  async 'user:password'(args, env) {
    const usage = 'menu user:password <tenant> <email> [--password-stdin]';
    const { positionals, values } = positional(args, 2, usage, { 'password-stdin': { type: 'boolean' } });
    const fromStdin = Boolean(values['password-stdin']);
    const password = fromStdin ? (await readStdin(env.io)).replace(/\r?\n$/, '') : generatePassword();
    await withTenant(env, positionals[0], async (db, tenantId) => {
      const ended = await resetPassword(db, tenantId, positionals[1], password);
      const sessions = `${ended} panel session${ended === 1 ? '' : 's'} ended`;
      env.out(
        fromStdin
          ? `Password of ${positionals[1]} changed; ${sessions}.`
          : `Password of ${positionals[1]} changed; ${sessions}. New password (shown once): ${password}`,
      );
    });
  },
  async 'token:create'(args, env) {
    const usage =
      'menu token:create <tenant> <email> --name "<name>" --scopes menu:read,menu:write,analytics:read,webhooks:write';
    const { positionals, values } = positional(args, 2, usage, {
      name: { type: 'string' },
      scopes: { type: 'string' },
    });
    if (typeof values.name !== 'string') throw new UsageError(`--name is required.\nUsage: ${usage}`);
    if (typeof values.scopes !== 'string') throw new UsageError(`--scopes is required.\nUsage: ${usage}`);
    const { name, scopes } = values;
    await withTenant(env, positionals[0], async (db, tenantId) => {
      const token = await createToken(db, tenantId, { email: positionals[1], name, scopes: scopes.split(',') });
      env.out(token.plain); // the plain token and nothing else, so scripts can capture it
    });
  },
  async 'token:list'(args, env) {
    const { positionals } = positional(args, 1, 'menu token:list <tenant>');
    await withTenant(env, positionals[0], async (db, tenantId) => {
      const tokens = await listTokens(db, tenantId);
      if (tokens.length === 0) env.out('No tokens.');
      for (const t of tokens) {
        const state = t.revoked_at ? `revoked ${t.revoked_at}` : 'active';
        env.out(
          [t.id, t.name, t.scopes.join(','), t.email, state, `last used ${t.last_used_at ?? 'never'}`].join('\t'),
        );
      }
    });
  },
  async 'token:revoke'(args, env) {
    const { positionals } = positional(args, 2, 'menu token:revoke <tenant> <token-id>');
    const id = Number(positionals[1]);
    if (!Number.isSafeInteger(id) || id < 1) throw new UsageError(`Invalid token id "${positionals[1]}".`);
    await withTenant(env, positionals[0], async (db, tenantId) => {
      if (!(await revokeToken(db, tenantId, id))) {
        throw new InputError(`No active token ${id} in tenant "${positionals[0]}".`);
      }
      env.out(`Token ${id} revoked.`);
    });
  },
  async qr(args, env) {
    const usage = 'menu qr <tenant> [--table N] [--format svg|png] [--out <file>]';
    const { positionals, values } = positional(args, 1, usage, {
      table: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
    });
    const format = values.format ?? 'svg';
    if (format !== 'svg' && format !== 'png') throw new UsageError(`--format must be svg or png.\nUsage: ${usage}`);
    const table = typeof values.table === 'string' ? values.table : undefined;
    if (table !== undefined && !TABLE_LABEL.test(table)) {
      throw new UsageError(`--table must be 1-16 letters, digits, "-" or "_", got "${table}".`);
    }
    const out = typeof values.out === 'string' ? values.out : undefined;
    if (format === 'png' && !out) throw new UsageError(`A PNG needs --out <file>.\nUsage: ${usage}`);
    await withTenant(env, positionals[0], async (db, tenantId) => {
      // The restaurant's own domain when it has one, as on the panel's QR page.
      const url = menuLink(publicAddress(env.config, positionals[0], await tenantDomain(db, tenantId)), table);
      const body = format === 'svg' ? await qrSvg(url) : await qrPng(url);
      if (out) {
        await writeFile(out, body);
        env.out(`${out}: QR code of ${url}`);
      } else {
        env.out(String(body).trimEnd());
      }
    });
  },
  async backup(args, env) {
    const usage = 'menu backup <file> [--tenant <slug> [--with-passwords]]';
    const { positionals, values } = positional(args, 1, usage, {
      tenant: { type: 'string' },
      'with-passwords': { type: 'boolean' },
    });
    const tenant = typeof values.tenant === 'string' ? values.tenant : undefined;
    const lines = await backup(env.config, positionals[0], {
      tenant,
      withPasswords: Boolean(values['with-passwords']),
    });
    for (const line of lines) env.out(line);
  },
  async restore(args, env) {
    const usage = 'menu restore <file> [--force] | menu restore --tenant <file> [--slug <slug>]';
    const { positionals, values } = positional(args, 1, usage, {
      tenant: { type: 'boolean' },
      force: { type: 'boolean' },
      slug: { type: 'string' },
    });
    const outcome = await restore(env.config, positionals[0], {
      tenant: Boolean(values.tenant),
      force: Boolean(values.force),
      slug: typeof values.slug === 'string' ? values.slug : undefined,
    });
    if (outcome.tenantId !== undefined) await announce(env, { tenantId: outcome.tenantId, kind: 'created' });
    for (const line of outcome.lines) env.out(line);
  },
  async export(args, env) {
    const usage = 'menu export <tenant> [--out <file.json|file.csv|file.xlsx>] [--format json|csv|xlsx] [--semicolon]';
    const { positionals, values } = positional(args, 1, usage, {
      out: { type: 'string' },
      format: { type: 'string' },
      semicolon: { type: 'boolean' },
    });
    const out = typeof values.out === 'string' ? values.out : undefined;
    const format =
      typeof values.format === 'string'
        ? values.format
        : (/\.(csv|xlsx)$/i.exec(out ?? '')?.[1].toLowerCase() ?? 'json');
    if (!['json', 'csv', 'xlsx'].includes(format))
      throw new UsageError(`The format is json, csv or xlsx.\nUsage: ${usage}`);
    if (format === 'xlsx' && !out) throw new UsageError(`An Excel workbook needs --out <file.xlsx>.\nUsage: ${usage}`);
    await withApp(env, positionals[0], async (app, tenantId) => {
      const snapshot = await ownerSnapshot(app, tenantId);
      const content =
        format === 'xlsx'
          ? await exportXlsx(snapshot)
          : format === 'csv'
            ? exportCsv(snapshot, values.semicolon ? ';' : ',')
            : `${JSON.stringify(exportDocument(snapshot), null, 2)}\n`;
      if (out) {
        await writeFile(out, content);
        env.out(`${out}: ${format === 'json' ? 'the whole menu' : 'the dishes'} of "${positionals[0]}"`);
      } else {
        env.out(
          content
            .toString()
            .replace(/^\uFEFF/, '')
            .trimEnd(),
        );
      }
    });
  },
  async import(args, env) {
    const usage =
      'menu import <tenant> <file.json|file.csv|file.xlsx> [--dry-run] [--prune [--confirm-delete <number of dishes>]]';
    const { positionals, values } = positional(args, 2, usage, {
      'dry-run': { type: 'boolean' },
      prune: { type: 'boolean' },
      'confirm-delete': { type: 'string' },
    });
    let bytes: Buffer;
    try {
      bytes = await readFile(positionals[1]);
    } catch (err) {
      throw new InputError(`${positionals[1]} cannot be read: ${(err as Error).message}`);
    }
    const confirm = values['confirm-delete'];
    const confirmDelete = typeof confirm === 'string' ? Number(confirm) : undefined;
    if (confirmDelete !== undefined && !(Number.isInteger(confirmDelete) && confirmDelete >= 0))
      throw new UsageError(`--confirm-delete takes the number of dishes the prune deletes.\nUsage: ${usage}`);
    const dryRun = Boolean(values['dry-run']);
    // A workbook by its zip signature, a CSV by its name; anything else is the JSON document.
    const kind = looksLikeXlsx(bytes) ? 'xlsx' : /\.csv$/i.test(positionals[1]) ? 'csv' : 'json';
    await withApp(env, positionals[0], async (app, tenantId) => {
      let lines = new Map<string, string>();
      try {
        let doc: unknown;
        if (kind === 'json') {
          try {
            doc = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
          } catch (err) {
            throw new InputError(`${positionals[1]} is not a readable JSON document: ${(err as Error).message}`);
          }
        } else {
          const snapshot = await ownerSnapshot(app, tenantId);
          const prune = { prune: Boolean(values.prune) };
          const sheet =
            kind === 'xlsx' ? await xlsxToDocument(snapshot, bytes, prune) : csvToDocument(snapshot, bytes, prune);
          doc = sheet.doc;
          lines = sheet.lines;
        }
        const {
          changed,
          summary,
          deletions,
          confirmDelete: needed,
        } = await importMenu(app, tenantId, { ...CLI_ACTOR, via: 'import' }, doc, {
          dryRun,
          prune: Boolean(values.prune),
          confirmDelete,
        });
        for (const [kind, t] of Object.entries(summary)) {
          env.out(
            `${kind}: ${t.created} created, ${t.updated} updated, ${t.deleted} deleted, ${t.unchanged} unchanged`,
          );
        }
        for (const [kind, rows] of Object.entries(deletions)) {
          for (const row of rows) env.out(`  deletes ${kind} ${row.id}: ${row.name}`);
        }
        if (needed)
          env.out(
            `The prune deletes ${needed.deleted} of ${needed.total} dishes: apply it with --confirm-delete ${needed.deleted}.`,
          );
        env.out(dryRun ? 'Dry run: nothing was written.' : changed ? 'Imported.' : 'Nothing to change.');
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        const { errors } = validationBody(sheetIssues(err.issues, lines), 'en');
        const problems = Object.entries(errors).map(([path, messages]) => `  ${path}: ${messages.join(' ')}`);
        throw new InputError(`The file has ${problems.length} error(s); nothing was changed:\n${problems.join('\n')}`);
      }
    });
  },
  'tenant:suspend': (args, env) => changeStatus(args, env, 'suspended'),
  'tenant:resume': (args, env) => changeStatus(args, env, 'active'),
  'tenant:delete': (args, env) => deleteTenant(args, env),
};

async function demoCopies(env: Env, values: Record<string, string | boolean | undefined>, usage: string) {
  const copies = Number(values.copies);
  const prefix = typeof values.prefix === 'string' ? values.prefix : 'r';
  if (!Number.isSafeInteger(copies) || copies < 1 || copies > 1_000_000) {
    throw new UsageError(`--copies must be a whole number from 1 to 1000000.\nUsage: ${usage}`);
  }
  if (!/^[a-z0-9](?:[a-z0-9-]{0,50})$/.test(prefix)) {
    throw new UsageError(
      `--prefix must be lower-case letters, digits and hyphens, starting with a letter or digit.\nUsage: ${usage}`,
    );
  }
  const database = await env.open();
  try {
    await migrateToLatest(database);
    const started = Date.now();
    let last = 0;
    const result = await seedDemoCopies(database.db, copies, prefix, (done) => {
      if (Date.now() - last > 5000) {
        last = Date.now();
        process.stderr.write(`  ${done}/${copies}\n`);
      }
    });
    // One announcement tells running servers that new restaurants exist.
    if (result.tenantIds.length > 0) await announce(env, { tenantId: result.tenantIds[0], kind: 'created' });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    env.out(
      `${result.created} demo restaurant(s) created (${prefix}0 … ${prefix}${copies - 1}, ${result.skipped} already there) in ${seconds} s.`,
    );
  } finally {
    await database.close();
  }
}

/**
 * Tells running servers about a change made here, as the server does after its own writes
 * (runtime/announcements.ts). If that fails the change still stands: servers see it at their next
 * safety-net refresh, so this warns instead of failing the command.
 */
async function announce(env: Env, announcement: Announcement): Promise<void> {
  const announcer = openAnnouncer({
    redisUrl: env.config.redisUrl,
    redisPrefix: env.config.redisPrefix,
    databaseUrl: env.config.databaseUrl,
    databaseSchema: env.config.databaseSchema,
    onError: () => undefined,
  });
  try {
    await announcer.announceNow(announcement);
  } catch (err) {
    process.stderr.write(
      `Warning: running servers were not told (${(err as Error).message}); they will notice within a second or so.\n`,
    );
  } finally {
    await announcer.close();
  }
}

async function readStdin(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** Opens the database, refusing one whose migrations have not all been applied (it says what to run). */
async function openMigrated(env: Env): Promise<DbHandle> {
  const database = await env.open();
  try {
    await assertMigrated(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/** Like withTenant, with the app assembled (not listening): writes go through writeMenu with its audit, webhooks and announcements. */
async function withApp(env: Env, slug: string, work: (app: FastifyInstance, tenantId: number) => Promise<void>) {
  const database = await openMigrated(env);
  try {
    const tenant = await findTenantStateBySlug(database.db, slug);
    if (!tenant) throw new InputError(`Unknown tenant "${slug}".`);
    const app = await buildApp(env.config, { database });
    try {
      await app.ready();
      await work(app, tenant.id);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** Opens the database, resolves the tenant slug (or fails clearly) and runs `work`. */
async function withTenant(env: Env, slug: string, work: (db: Db, tenantId: number) => Promise<void>): Promise<void> {
  const database = await openMigrated(env);
  try {
    const tenant = await findTenantStateBySlug(database.db, slug);
    if (!tenant) throw new InputError(`Unknown tenant "${slug}".`);
    await work(database.db, tenant.id);
  } finally {
    await database.close();
  }
}

/**
 * `menu tenant:delete <slug>`: without --yes, says what would be erased and how to keep a copy,
 * and changes nothing; with --yes, writes the export first when --export names a file, suspends
 * the restaurant (every instance stops serving it and drops its caches), then erases its rows.
 */
async function deleteTenant(args: string[], env: Env): Promise<void> {
  const usage = 'menu tenant:delete <slug> [--export <file>] [--yes]';
  const { positionals, values } = positional(args, 1, usage, {
    export: { type: 'string' },
    yes: { type: 'boolean' },
  });
  const slug = positionals[0];
  const database = await openMigrated(env);
  try {
    const tenant = await findTenantStateBySlug(database.db, slug);
    if (!tenant) throw new InputError(`Unknown tenant "${slug}".`);
    if (typeof values.export === 'string') {
      // The same file as `menu backup <file> --tenant <slug> --with-passwords`.
      for (const line of await backup(env.config, values.export, { tenant: slug, withPasswords: true })) env.out(line);
      env.out(`(menu restore --tenant ${values.export} brings it back.)`);
    }
    if (values.yes !== true) {
      const counts = await countTenantRows(database.db, tenant.id);
      env.out(
        `Would erase "${slug}" (id ${tenant.id}): ${Object.entries(counts)
          .filter(([, n]) => n > 0)
          .map(([table, n]) => `${table} ${n}`)
          .join(', ')}.`,
      );
      throw new InputError(
        `Nothing erased. Keep a copy with --export <file>, then run again with --yes: ${usage.replace('[--yes]', '--yes')}`,
      );
    }
    await setTenantStatus(database.db, slug, 'suspended');
    await announce(env, { tenantId: tenant.id, kind: 'tenant' });
    const deleted = await eraseTenantRows(database.db, tenant.id);
    await announce(env, { tenantId: tenant.id, kind: 'tenant' });
    const total = Object.values(deleted).reduce((a, b) => a + b, 0);
    env.out(
      `Erased "${slug}": ${total} rows (${Object.entries(deleted)
        .filter(([, n]) => n > 0)
        .map(([t, n]) => `${t} ${n}`)
        .join(', ')}).`,
    );
  } finally {
    await database.close();
  }
}

async function changeStatus(args: string[], env: Env, status: 'active' | 'suspended') {
  const usage = status === 'active' ? 'menu tenant:resume <slug>' : 'menu tenant:suspend <slug> [--reason "<text>"]';
  const { positionals, values } = positional(args, 1, usage, status === 'active' ? {} : { reason: { type: 'string' } });
  const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
  if (reason.length > 500) throw new UsageError(`--reason must be at most 500 characters.\nUsage: ${usage}`);
  const database = await openMigrated(env);
  try {
    if (!(await setTenantStatus(database.db, positionals[0], status, reason))) {
      throw new InputError(`Unknown tenant "${positionals[0]}".`);
    }
    const tenant = await findTenantStateBySlug(database.db, positionals[0]);
    if (tenant) await announce(env, { tenantId: tenant.id, kind: 'tenant' });
    env.out(`Tenant "${positionals[0]}" is now ${status}.`);
  } finally {
    await database.close();
  }
}

/**
 * Runs one command; returns the process exit code (0 ok, 1 failure, 2 bad usage) and never exits
 * the process itself. `environment` is read instead of process.env, `io` instead of the process's
 * streams.
 */
export async function main(
  argv: string[],
  environment: Record<string, string | undefined> = process.env,
  io: CliIo = processIo,
): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.stdout.write(USAGE);
    return name ? 0 : 2;
  }
  const handler = commands[name];
  if (!handler) {
    io.stderr.write(`Unknown command "${name}".\n\n${USAGE}`);
    return 2;
  }
  try {
    const config = loadConfig(environment);
    await handler(args, {
      config,
      io,
      open: async () => openDatabase(config.databaseUrl, config.databaseSchema),
      out: (line) => io.stdout.write(`${line}\n`),
    });
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`${err.message}\n`);
      return 2;
    }
    if (err instanceof InputError) {
      io.stderr.write(`Error: ${err.message}\n`);
      return 1;
    }
    io.stderr.write(`Error: ${(err as Error).message ?? String(err)}\n`);
    return 1;
  }
}
