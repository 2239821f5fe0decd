// A lock for the rest of a transaction, by name: what makes "count, then record" one atomic step.
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './connect.js';

/**
 * Holds `key` until the transaction `trx` ends, so two transactions holding the same key run one
 * after the other. PostgreSQL: a transaction-level advisory lock on the key's 64-bit hash. SQLite:
 * nothing to do, every write transaction is `BEGIN IMMEDIATE` (connect.ts), the only writer of the
 * database until it ends, and Kysely runs one transaction at a time on its one connection.
 */
export async function lockInTransaction(trx: Db, key: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }
}
