import path from 'node:path';
import { loadConfigOrExit } from '../config.ts';
import { BackupError, backupDatabase, pgliteDirOf, restoreDatabase, type BackupTarget } from './backup.ts';
import { recordBackup } from './backup-record.ts';

/**
 * `npm run backup -- FILE` and `npm run restore -- FILE [--force]` (docs/operations.md, "Backups and
 * the restore drill"). The database is the shop's own: DATABASE_URL, or PGlite under DATA_DIR.
 * Exit code 0 on success, 1 on any failure (one message on stderr), 2 on a usage mistake.
 */
const usage = 'Usage: npm run backup -- FILE  |  npm run restore -- FILE [--force]';

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const force = rest.includes('--force');
  const files = rest.filter((arg) => arg !== '--force');
  if ((command !== 'backup' && command !== 'restore') || files.length !== 1 || (command === 'backup' && force)) {
    console.error(usage);
    return 2;
  }
  // A relative FILE is taken from where `npm run` was typed, as DATA_DIR is.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  const config = loadConfigOrExit();
  const target: BackupTarget = config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dir: pgliteDirOf(config.dataDir) };
  const where = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${target.dir}`;
  if (target.kind === 'pglite') {
    // PGlite is one process's database: a shop still running on the folder would fight over it.
    console.error('Note: stop the shop first; a PGlite database must not be open in a running shop meanwhile.');
  }
  try {
    if (command === 'backup') {
      await backupDatabase(target, file);
      console.log(`Backed up ${where} to ${file}`);
      // The instances export the newest backup's time for the KujiyaBackupStale alert (docs/operations.md).
      if (target.kind === 'postgres') {
        await recordBackup(target.url, new Date()).catch((error: unknown) =>
          console.error(`The backup is done, but its time was not recorded for the alerts: ${String(error)}`),
        );
      }
    } else {
      await restoreDatabase(target, file, force);
      console.log(`Restored ${file} into ${where}${force ? ' (its previous contents replaced)' : ''}`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    return 1;
  }
}

let finished = false;
// A backup that ends without an answer (a promise nothing will settle) must not pass for a success.
process.once('beforeExit', () => {
  if (finished) return;
  console.error('The command stopped before it finished; the backup or restore did not complete.');
  process.exitCode = 1;
});
main().then(
  (code) => {
    finished = true;
    process.exit(code);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
