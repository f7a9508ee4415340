// The runner's child processes (scripts/cluster.mjs): each in its own process group, its output printed
// line by line behind its name, so the instances' logs stay apart.
import { spawn } from 'node:child_process';

function prefixed(stream, name, out) {
  let buffered = '';
  stream.on('data', (chunk) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
}

/**
 * Starts `command`; `onExit(code, signal)` runs when it ends. Its own process group: Ctrl-C reaches the
 * runner only, which then stops the instances before haproxy.
 */
export function startChild(name, command, args, options, onExit) {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  prefixed(child.stdout, name, process.stdout);
  prefixed(child.stderr, name, process.stderr);
  child.on('exit', onExit);
  return child;
}

export const running = (child) => child !== undefined && child.exitCode === null && child.signalCode === null;

/** Sends `signal` and resolves once the child has exited. */
export function stopChild(child, signal = 'SIGTERM') {
  if (!running(child)) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 250 ms until it is true; false when `timeoutMs` passed first or `giveUp()` said so. */
export async function waitFor(check, timeoutMs, giveUp = () => false) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !giveUp()) {
    if (await check()) return true;
    await pause(250);
  }
  return false;
}

/** An instance's `/readyz` status, 0 when it does not answer. */
export const readyStatus = (url) =>
  fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
    (res) => res.status,
    () => 0,
  );
