import type { SqlClient, SqlQueryable } from './client.js';
import { expiringCountersAndCaselessLogins, wordpressTables } from './schema.js';

/** One numbered schema step: its statements, given the validated table prefix. */
interface Migration {
  /** Applied in ascending order, each once per prefix. */
  version: number;
  /** What the step does, kept in `site_rest_migrations`. */
  name: string;
  /** The statements, run in order inside the migration transaction. */
  statements: (prefix: string) => string[];
}

/** The schema's history; a new step is appended, an applied one never edited. */
const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'WordPress tables', statements: wordpressTables },
  { version: 2, name: 'Expiring counters, caseless logins', statements: expiringCountersAndCaselessLogins },
];

/** One lock for every prefix: migrations are short, and the shared bookkeeping table is created under it too. */
const LOCK_NAME = 'site_rest_migrations';

async function appliedVersions(tx: SqlQueryable, prefix: string): Promise<Set<number>> {
  const rows = await tx.query<{ version: number }>('SELECT version FROM site_rest_migrations WHERE prefix = $1', [prefix]);
  return new Set(rows.map((row) => row.version));
}

/**
 * Brings the prefix's tables up to date and answers the versions it applied. Everything runs in
 * one transaction holding an advisory lock, so processes starting at once take turns: the first
 * migrates, the others find the work done. A database migrated by a newer site-rest is refused.
 */
export async function migrate(client: SqlClient, prefix: string, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return client.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [LOCK_NAME]);
    await tx.query(`CREATE TABLE IF NOT EXISTS site_rest_migrations (
      prefix text NOT NULL,
      version integer NOT NULL,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (prefix, version)
    )`);
    const applied = await appliedVersions(tx, prefix);
    const known = new Set(migrations.map((migration) => migration.version));
    const unknown = [...applied].filter((version) => !known.has(version));
    if (unknown.length > 0) {
      throw new Error(
        `site-rest store: tables "${prefix}*" have schema version ${Math.max(...unknown)}, newer than this site-rest knows; upgrade site-rest`,
      );
    }
    const done: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (applied.has(migration.version)) continue;
      for (const statement of migration.statements(prefix)) await tx.query(statement);
      await tx.query('INSERT INTO site_rest_migrations (prefix, version, name) VALUES ($1, $2, $3)', [
        prefix,
        migration.version,
        migration.name,
      ]);
      done.push(migration.version);
    }
    return done;
  });
}
