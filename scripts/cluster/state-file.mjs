// `<CLUSTER_DIR>/cluster.json`: what `npm run cluster` started, so an operator, `npm run cluster:restart`
// and the tests can find each part (docs/operations.md, "The cluster on this machine").
import fs from 'node:fs';
import path from 'node:path';

export const clusterFile = (dir) => path.join(dir, 'cluster.json');

/** Written whole to a side file and renamed over the old one: a reader never sees half of it. */
export function writeClusterFile(dir, state) {
  const file = clusterFile(dir);
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  fs.renameSync(`${file}.tmp`, file);
}

/** The running cluster's description, or undefined when there is none in `dir`. */
export function readClusterFile(dir) {
  try {
    return JSON.parse(fs.readFileSync(clusterFile(dir), 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

export function removeClusterFile(dir) {
  fs.rmSync(clusterFile(dir), { force: true });
}

/** True while the process `pid` exists (signal 0 checks without sending anything). */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
