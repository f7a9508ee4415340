import { loadConfigOrExit } from '../config.ts';
import { startServer } from '../server.ts';
import { shutdownOnSignals } from '../core/shutdown.ts';

/**
 * One real server instance for the multi-instance tests: `startServer` as `main.ts` runs it (so the
 * background jobs run unless NODE_ENV=test), with a short job interval from TEST_JOB_INTERVAL_MS.
 * Prints `{"listening": url}` on stdout once it serves; SIGTERM drains and closes it as in production.
 */
async function run() {
  const config = loadConfigOrExit();
  const interval = Number(process.env.TEST_JOB_INTERVAL_MS ?? '');
  const memoryInterval = Number(process.env.TEST_MEMORY_SETTLE_INTERVAL_MS ?? '');
  const server = await startServer({
    config,
    webDist: false,
    jobIntervalMs: interval > 0 ? interval : undefined,
    memorySettleIntervalMs: memoryInterval > 0 ? memoryInterval : undefined,
  });
  // As main.ts: SIGTERM drains (SHUTDOWN_DRAIN_SECONDS; startInstance sets 0 unless a test asks), a second one exits.
  shutdownOnSignals(server, { timeoutSeconds: config.shutdownTimeoutSeconds, log: server.app.log });
  process.stdout.write(`${JSON.stringify({ listening: server.url })}\n`);
}

void run();
