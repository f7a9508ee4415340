import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrateDatabase, migrationsFolder, openDatabase, type Database } from '../db/database.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new
 * database on the server at TEST_DATABASE_URL, dropped again on close.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  if (process.env.TEST_DB !== 'postgres') return openDatabase({ pgliteImage: await migratedPgliteImage() });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `kujiya_test_${crypto.randomBytes(6).toString('hex')}`;
  const template = await migratedPostgresTemplate(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ url });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A freshly migrated PGlite data folder, dumped once per set of migrations and kept in the temp
 * folder: starting PGlite from it takes about a fifth of the time of a new cluster plus the
 * migrations, which every test file would otherwise pay. The file name carries a hash of the
 * migrations, so a changed migration makes a new image.
 */
async function migratedPgliteImage(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `kujiya-pglite-${await migrationsHash()}.tar`);
  const kept = await fs.readFile(file).catch(() => undefined);
  if (kept) return new Blob([kept]);
  const database = await openDatabase({});
  await migrateDatabase(database);
  const image = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await database.close();
  // Written whole, then renamed: a test file starting at the same moment never reads half a file.
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  await fs.writeFile(partial, Buffer.from(await image.arrayBuffer()));
  await fs.rename(partial, file);
  return image;
}

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A migrated PostgreSQL database that each test database is copied from (`create database … template`),
 * made once per set of migrations; an advisory lock keeps two test files from making it at once.
 */
async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const template = `kujiya_tpl_${await migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(727009)');
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount === 0) {
      const building = `${template}_${crypto.randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const database = await openDatabase({ url: databaseUrl(adminUrl, building) });
      await migrateDatabase(database, databaseUrl(adminUrl, building));
      await database.close();
      await admin.query(`alter database ${building} rename to ${template}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(727009)').catch(() => {});
    await admin.end();
  }
  return template;
}

async function migrationsHash(): Promise<string> {
  const hash = crypto.createHash('sha256');
  const walk = async (folder: string): Promise<void> => {
    for (const entry of (await fs.readdir(folder, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else hash.update(entry.name).update(await fs.readFile(full));
    }
  };
  await walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}
