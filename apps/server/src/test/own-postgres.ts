import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

/**
 * A PostgreSQL server of a test's own (initdb into a temp folder, a free port), so the test can stop
 * and start it (docs/operations.md, "Database outages"). Run as the `postgres` user when the test
 * runs as root, which PostgreSQL refuses.
 */
const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export const ownPostgresCanRun = fs.existsSync(path.join(BIN, 'initdb'));

export interface OwnPostgres {
  port: number;
  /** The `postgres` database's URL, for a test database's admin connection. */
  adminUrl: string;
  /** `pg_ctl stop`: `fast` ends sessions (57P01), `immediate` is a crash (no checkpoint; recovery on start). */
  stop(mode: 'fast' | 'immediate'): void;
  /** `pg_ctl start`, returning once it accepts connections. */
  start(): void;
  destroy(): void;
}

function asPostgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-own-postgres-'));
  const data = path.join(folder, 'data');
  const user = asPostgresUser();
  if (user) fs.chownSync(folder, user.uid, user.gid);
  const run = (tool: string, args: string[]) => {
    const result = spawnSync(path.join(BIN, tool), args, { ...user, encoding: 'utf8', cwd: folder });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () =>
    run('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', path.join(folder, 'log'), '-o', options]);
  start();
  return {
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode) => run('pg_ctl', ['stop', '-w', '-D', data, '-m', mode]),
    start,
    destroy() {
      spawnSync(path.join(BIN, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate'], { ...user });
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
