import { loadConfigOrExit } from './config.ts';

async function main() {
  const config = loadConfigOrExit();
  // Traces only when asked for: without the endpoint no OpenTelemetry package is loaded. With it, the
  // SDK starts before the server's modules are imported, so it can patch http, pg and ioredis.
  const stopTelemetry = config.otelEndpoint
    ? (await import('./telemetry.ts')).startTelemetry({ instanceName: config.instanceName })
    : undefined;
  const { startServer } = await import('./server.ts');
  const { shutdownOnSignals } = await import('./core/shutdown.ts');
  const server = await startServer({ config });
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

void main();
