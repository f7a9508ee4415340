import { loadConfigOrExit } from './config.ts';
import { createProcessLog } from './core/process-log.ts';
import { logProcessFailures } from './core/process-failures.ts';

async function main() {
  const config = loadConfigOrExit();
  // Every line about the process itself is JSON, from the first (docs/operations.md, "Database outages").
  const processLog = createProcessLog(config.instanceName);
  logProcessFailures(processLog);
  // Traces only when asked for: without the endpoint no OpenTelemetry package is loaded. With it, the
  // SDK starts before the server's modules are imported, so it can patch http, pg and ioredis.
  const stopTelemetry = config.otelEndpoint
    ? (await import('./telemetry.ts')).startTelemetry({ instanceName: config.instanceName })
    : undefined;
  const { startServer } = await import('./server.ts');
  const { shutdownOnSignals } = await import('./core/shutdown.ts');
  const server = await startServer({ config, log: processLog });
  const log = server.app.log;
  const drainThenFlush = async () => {
    await server.drain();
    // The last spans go out before the process ends.
    await stopTelemetry?.();
  };
  shutdownOnSignals({ drain: drainThenFlush }, { timeoutSeconds: config.shutdownTimeoutSeconds, log });
  log.info({ url: server.url }, `Kujiya is serving on ${config.publicUrl} (database: ${server.ctx.database.kind})`);
  for (const note of server.startupNotes) log.info(note);
}

void main().catch((error: unknown) => {
  createProcessLog(process.env.INSTANCE_NAME).fatal('start-up failed: exiting', { err: error });
  process.exit(1);
});
