import { loadConfig } from '../../apps/server/src/config.ts';
import { startServer, type RunningServer } from '../../apps/server/src/server.ts';
import { openTestDatabase } from '../../apps/server/src/test/test-database.ts';

/**
 * A real Kujiya server for browser tests: fresh in-memory PGlite (from the migrated image) with the demo data, the built web
 * app (npm test builds it first), a random port.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-012345',
    LOG_LEVEL: 'silent',
    ...env,
  });
  return startServer({ config, database: await openTestDatabase(), logger: false });
}
