import { loadConfigOrExit } from './config.ts';
import { startServer } from './server.ts';

async function main() {
  const config = loadConfigOrExit();
  const server = await startServer({ config });
  const log = server.app.log;
  log.info(`Kujiya is serving on ${config.publicUrl} (database: ${server.ctx.database.kind})`);
  for (const note of server.startupNotes) log.info(note);

  const shutdown = async (signal: string) => {
    log.info(`${signal} received, shutting down`);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
