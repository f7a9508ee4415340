import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { benchDatabase, startInstance, stopInstance, type Instance } from './lib.ts';
import { productionEnv } from './room.ts';

/**
 * The shop at rest (`BENCH_ONLY=rest`): what three idle instances cost the database they share, in CPU
 * of its processes (read from /proc, so a PostgreSQL on this machine), and each instance's own CPU.
 * Nothing is bought or browsed: the background jobs, their schedules and the live layer's ticks only.
 */
const SETTLE_MS = 15_000;
const WINDOW_MS = 30_000;
const INSTANCES = 3;

/** CPU seconds used so far by the processes `pids` (utime + stime, in clock ticks of 1/100 s). */
function cpuSeconds(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A backend that ended meanwhile: its time is gone with it.
    }
  }
  return ticks / 100;
}

const postgresPids = () => {
  try {
    return execFileSync('pgrep', ['-x', 'postgres']).toString().trim().split('\n').map(Number);
  } catch {
    return [];
  }
};

export async function shopAtRest() {
  const db = await benchDatabase();
  const instances: Instance[] = [];
  try {
    for (let i = 0; i < INSTANCES; i++)
      instances.push(await startInstance({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '12', ...productionEnv }));
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const servers = instances.map((instance) => instance.process.pid!);
    const before = { database: cpuSeconds(postgresPids()), servers: cpuSeconds(servers) };
    const startedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const seconds = (performance.now() - startedAt) / 1000;
    return {
      instances: INSTANCES,
      seconds,
      databaseShare: (cpuSeconds(postgresPids()) - before.database) / seconds,
      serverShare: (cpuSeconds(servers) - before.servers) / seconds / INSTANCES,
    };
  } finally {
    await Promise.all(instances.map(stopInstance));
    await db.drop();
  }
}
