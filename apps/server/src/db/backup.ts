import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Backups of the shop's database (docs/operations.md, "Backups and the restore drill"): pg_dump's
 * custom format for PostgreSQL, PGlite's own data-folder dump for the embedded database. A restore
 * refuses a database that already holds the shop's data unless forced.
 */
export type BackupTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

/** A failure the command line prints as one message (and exits 1), without a stack. */
export class BackupError extends Error {}

// pg_dump's custom format starts with these bytes; PGlite's dump is a tar file, gzipped.
const PG_DUMP_MAGIC = 'PGDMP';
const GZIP_MAGIC = [0x1f, 0x8b];

export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  const partial = `${file}.partial-${process.pid}`;
  try {
    if (target.kind === 'postgres') {
      await runPgTool('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`], target.url);
    } else {
      if ((await entriesOf(target.dir)).length === 0)
        throw new BackupError(`There is no PGlite database in ${target.dir} (check DATA_DIR).`);
      const client = new PGlite(target.dir);
      try {
        // dumpDataDir does not wait for the database to open by itself.
        await client.waitReady;
        const image = await client.dumpDataDir('gzip');
        await fs.writeFile(partial, Buffer.from(await image.arrayBuffer()));
      } finally {
        await client.close();
      }
    }
    // Written whole, then renamed: a backup file is never half a backup.
    await fs.rename(partial, file);
  } finally {
    await fs.rm(partial, { force: true });
  }
}

/**
 * Restores `file` into the target. Unless `force`, refuses when the target already holds data and
 * changes nothing; with `force` the target's contents are replaced.
 */
export async function restoreDatabase(target: BackupTarget, file: string, force: boolean): Promise<void> {
  const kind = await backupKindOf(file);
  if (kind !== target.kind) {
    const made = kind === 'postgres' ? 'PostgreSQL (pg_dump)' : 'PGlite';
    const into = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL is set)' : 'PGlite (DATABASE_URL is not set)';
    throw new BackupError(`${file} is a ${made} backup; it cannot be restored into ${into}.`);
  }
  if (target.kind === 'postgres') await restorePostgres(target.url, file, force);
  else await restorePglite(target.dir, file, force);
}

async function backupKindOf(file: string): Promise<BackupTarget['kind']> {
  const handle = await fs.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(`Cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === PG_DUMP_MAGIC) return 'postgres';
    if (head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]) return 'pglite';
  } finally {
    await handle.close();
  }
  throw new BackupError(`${file} is not a Kujiya backup (neither pg_dump's custom format nor a PGlite dump).`);
}

/** The shop's tables (schema public) that hold at least one row. */
export async function tablesWithRows(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    );
    const filled: string[] = [];
    for (const { name } of tables.rows) {
      const quoted = client.escapeIdentifier(name);
      const found = await client.query(`select 1 from public.${quoted} limit 1`);
      if (found.rowCount) filled.push(name);
    }
    return filled;
  } finally {
    await client.end();
  }
}

async function restorePostgres(url: string, file: string, force: boolean): Promise<void> {
  const filled = await tablesWithRows(url).catch((error: Error) => {
    throw new BackupError(`Cannot connect to the database of DATABASE_URL: ${error.message}`);
  });
  if (filled.length > 0 && !force) {
    throw new BackupError(
      `The database already holds the shop's data (rows in ${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', …' : ''}); ` +
        'nothing was changed. Restore into a new, empty database, or add --force to replace its contents.',
    );
  }
  // An empty but migrated database (or a forced one) still has the tables; the dump recreates them.
  await dropShopSchemas(url);
  await runPgTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file],
    url,
  );
}

/** Drops every schema but PostgreSQL's own (the shop's tables, drizzle's migration log, pg-boss). */
async function dropShopSchemas(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const schemas = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'",
    );
    await client.query('begin');
    for (const { name } of schemas.rows) await client.query(`drop schema ${client.escapeIdentifier(name)} cascade`);
    await client.query('create schema public');
    await client.query('commit');
  } finally {
    await client.end();
  }
}

async function restorePglite(dir: string, file: string, force: boolean): Promise<void> {
  const existing = await entriesOf(dir);
  if (existing.length > 0 && !force) {
    throw new BackupError(
      `${dir} already holds a PGlite database; nothing was changed. ` +
        'Point DATA_DIR at a new folder, or add --force to replace it.',
    );
  }
  // The old folder is kept aside until the new one opens, so a failed restore loses nothing.
  const aside = existing.length > 0 ? `${dir}.before-restore-${Date.now()}` : undefined;
  if (aside) await fs.rename(dir, aside);
  else await fs.rm(dir, { recursive: true, force: true });
  try {
    await fs.mkdir(dir, { recursive: true });
    const client = new PGlite(dir, { loadDataDir: new Blob([await fs.readFile(file)]) });
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true });
    if (aside) await fs.rename(aside, dir);
    throw new BackupError(`Restoring ${file} failed (the data folder is unchanged): ${(error as Error).message}`);
  }
  if (aside) await fs.rm(aside, { recursive: true, force: true });
}

async function entriesOf(dir: string): Promise<string[]> {
  return fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

/** Runs pg_dump / pg_restore, passing their messages through; a missing binary says what to install. */
function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  // The password goes in the environment, not the command line that `ps` shows every user.
  const withoutPassword = new URL(url);
  const password = decodeURIComponent(withoutPassword.password);
  withoutPassword.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${withoutPassword.toString()}`], {
      env,
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${tool} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client), ` +
                "the same major version as the server's or newer."
            : `${tool} could not start: ${error.message}`,
        ),
      ),
    );
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${tool} failed (exit code ${code}): ${stderr.trim() || 'no message'}`)),
    );
  });
}

export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');
