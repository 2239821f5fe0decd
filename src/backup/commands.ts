// What `menu backup` and `menu restore` do, given the parsed options: picks the whole-database
// path (SQLite backup API, pg_dump) or the one-restaurant export by the options and the file.
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { Config } from '../config.js';
import { InputError } from '../core/errors.js';
import { openDatabase } from '../db/connect.js';
import { assertMigrated } from '../db/migrate.js';
import { backupKind, backupPostgres, backupSqlite, restorePostgres, restoreSqlite, sqlitePath } from './database.js';
import { exportTenant, importTenant, parseTenantExport } from './tenant.js';

type DbConfig = Pick<Config, 'databaseUrl' | 'databaseSchema' | 'baseDomain'>;

export interface BackupOptions {
  tenant?: string;
  withPasswords: boolean;
}

/** Makes the backup; returns the lines to print. */
export async function backup(config: DbConfig, file: string, options: BackupOptions): Promise<string[]> {
  if (options.tenant !== undefined) {
    const handle = openDatabase(config.databaseUrl, config.databaseSchema);
    try {
      await assertMigrated(handle);
      const doc = await exportTenant(handle.db, options.tenant, options.withPasswords);
      await writeFile(`${file}.partial`, JSON.stringify(doc));
      await rename(`${file}.partial`, file);
      const count = (t: keyof typeof doc.tables) => doc.tables[t]?.length ?? 0;
      return [
        `${file}: restaurant "${options.tenant}" (${count('categories')} section(s), ${count('items')} dish(es), ${count('media')} image file(s), ${count('users')} user(s)${options.withPasswords ? ', password hashes and webhook secrets included' : ', without password hashes or webhook secrets'}).`,
      ];
    } finally {
      await handle.close();
    }
  }
  if (options.withPasswords)
    throw new InputError('--with-passwords applies to --tenant exports: a whole-database backup has everything.');
  const result = sqlitePath(config.databaseUrl)
    ? await backupSqlite(config.databaseUrl, file)
    : await backupPostgres(config.databaseUrl, config.databaseSchema, file);
  return [`${file}: ${result.summary}.`];
}

export interface RestoreOptions {
  tenant: boolean;
  force: boolean;
  /** Load a restaurant export under another slug. */
  slug?: string;
}

export interface RestoreOutcome {
  lines: string[];
  /** The restaurant created by a `--tenant` restore (running servers are told). */
  tenantId?: number;
}

export async function restore(config: DbConfig, file: string, options: RestoreOptions): Promise<RestoreOutcome> {
  let kind: ReturnType<typeof backupKind>;
  try {
    kind = backupKind(file);
  } catch {
    throw new InputError(`Cannot read ${file}.`);
  }
  if (kind === 'tenant' || options.tenant) {
    if (kind !== 'tenant')
      throw new InputError(`${file} is not a restaurant export (made by \`menu backup --tenant\`).`);
    if (!options.tenant)
      throw new InputError(`${file} is a restaurant export: load it with \`menu restore --tenant ${file}\`.`);
    const doc = parseTenantExport(await readFile(file, 'utf8'));
    const handle = openDatabase(config.databaseUrl, config.databaseSchema);
    try {
      await assertMigrated(handle);
      const result = await importTenant(handle.db, doc, config.baseDomain, options.slug);
      const counts = Object.entries(result.counts)
        .map(([table, n]) => `${n} ${table}`)
        .join(', ');
      return {
        tenantId: result.tenantId,
        lines: [
          `Restaurant "${result.slug}" loaded (${counts}).`,
          ...(doc.with_passwords
            ? []
            : ['Passwords were not exported: give each user a new one with `menu user:password <tenant> <email>`.']),
        ],
      };
    } finally {
      await handle.close();
    }
  }
  if (options.slug !== undefined) throw new InputError('--slug applies to --tenant restores only.');
  const sqlite = sqlitePath(config.databaseUrl) !== undefined;
  if (kind === 'sqlite' && !sqlite) {
    throw new InputError(
      'This is a SQLite backup and DATABASE_URL is PostgreSQL: move restaurants across with `menu backup --tenant <slug>` and `menu restore --tenant`.',
    );
  }
  if (kind === 'pg_dump' && sqlite) {
    throw new InputError(
      'This is a PostgreSQL dump and DATABASE_URL is SQLite: move restaurants across with `menu backup --tenant <slug>` and `menu restore --tenant`.',
    );
  }
  if (kind === 'unknown') throw new InputError(`${file} is not a backup made by \`menu backup\`.`);
  const result = sqlite
    ? await restoreSqlite(config.databaseUrl, file, options.force)
    : await restorePostgres(config.databaseUrl, config.databaseSchema, file, options.force);
  return {
    lines: [
      `Restored ${file}: ${result.summary}.`,
      result.migrated.length > 0 ? `Migrated forward: ${result.migrated.join(', ')}.` : 'Migrations: up to date.',
      'Start (or restart) the servers on this database now.',
    ],
  };
}
