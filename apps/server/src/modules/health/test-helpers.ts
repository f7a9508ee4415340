import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase } from '../../test/test-database.ts';

/** One GET on a new connection (no keep-alive pool): what a load balancer's fresh probe sees. */
export function getOnNewConnection(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    request.on('error', reject);
  });
}

/**
 * A request in flight: a POST whose body has only partly arrived; `finish` sends the rest and
 * resolves with the answer's status.
 */
export function startSlowPost(url: string, body: string): { finish(): Promise<number> } {
  const request = http.request(url, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
  // A test that fails before `finish` leaves it unanswered: not an unhandled rejection.
  answered.catch(() => {});
  request.write(body.slice(0, 5));
  return {
    finish() {
      request.end(body.slice(5));
      return answered;
    },
  };
}

/**
 * Where a server process keeps its data: a new database on TEST_DATABASE_URL (project
 * server-postgres), otherwise a PGlite folder of its own. `url` is empty for PGlite.
 */
export async function instanceStorage(): Promise<{ url: string; env: Record<string, string>; close(): Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const database = await openTestDatabase();
    return { url: database.url!, env: {}, close: () => database.close() };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-instance-'));
  return {
    url: '',
    env: { DATA_DIR: dir },
    close: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
