import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callInstance, startInstance, stopInstance, type Instance } from '../test/instances.ts';
import { openTestDatabase } from '../test/test-database.ts';

/**
 * Memory: a flood of oversized multipart forms against one real server process. The limits stop
 * each form while it streams in, so the process's resident memory (VmRSS, sampled during the flood) grows by less than
 * FLOOD_BOUND_MB whatever is sent. Before the limits, 300 fields of 1 MB took an instance from 256
 * to 624 MB and five parallel 1 GB forms ended it.
 */
const FLOOD_BOUND_MB = 120;
const PARALLEL = 6;
const ROUNDS = 4;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** Posts a body and resolves with the status, or 0 when the server cut the upload off. */
function post(url: string, authorization: string, contentType: string, body: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { authorization, 'content-type': contentType, 'content-length': body.length } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

describe.runIf(process.platform === 'linux')('memory under a multipart flood', () => {
  let instance: Instance;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-memory-'));
    instance = await startInstance('', { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  });
  afterAll(async () => {
    await stopInstance(instance, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`stays within ${FLOOD_BOUND_MB} MB of growth`, { timeout: 180_000 }, async () => {
    const email = 'flood@example.com';
    await callInstance(instance, null, 'POST', '/api/verification/create', { email });
    const mail = await callInstance(instance, null, 'GET', `/api/dev/outbox/latest?to=${email}`);
    const code = String(mail.json!.subject).match(/(\d{6})$/)![1];
    await callInstance(instance, null, 'POST', '/api/verification/verify', { email, code });
    const created = await callInstance(instance, null, 'POST', '/api/users/create', {
      username: 'flood',
      email,
      password: 'Flood123!',
    });
    expect(created.status).toBe(201);
    const authorization = `Bearer ${created.json!.token}`;

    // Many large text fields, and a file far over the cap: about 24 MB per form.
    const boundary = 'FloodBoundary';
    const field = Buffer.alloc(60 * 1024, 'x');
    const parts: Buffer[] = [];
    for (let i = 0; i < 300; i++)
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n`),
        field,
        Buffer.from('\r\n'),
      );
    const manyFields = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
    const bigFile = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.alloc(24 * 1024 * 1024, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const bigField = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fullName"\r\n\r\n`),
      Buffer.alloc(24 * 1024 * 1024, 'y'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const url = `${instance.url}/api/users/update-profile`;
    const contentType = `multipart/form-data; boundary=${boundary}`;
    const pid = instance.process.pid!;
    const before = rssMb(pid);
    // Sampled while the flood runs (the peak counter already holds the database's start-up peak).
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
    const statuses: number[] = [];
    let sentMb = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const bodies = Array.from({ length: PARALLEL }, (_, i) => [manyFields, bigFile, bigField][(round + i) % 3]!);
      sentMb += bodies.reduce((total, body) => total + body.length, 0) / 1024 / 1024;
      statuses.push(...(await Promise.all(bodies.map((body) => post(url, authorization, contentType, body)))));
    }
    clearInterval(sampler);
    console.log(
      `memory: ${Math.round(sentMb)} MB of multipart sent in ${statuses.length} forms; RSS ${Math.round(before)} MB before, peak ${Math.round(peak)} MB during (bound +${FLOOD_BOUND_MB} MB)`,
    );
    // Every form was refused (413) or cut off; none was a server error, and the server still answers.
    expect(
      statuses.every((s) => s === 413 || s === 0),
      statuses.join(','),
    ).toBe(true);
    expect(peak - before).toBeLessThan(FLOOD_BOUND_MB);
    expect((await callInstance(instance, authorization, 'GET', '/api/users/me')).status).toBe(200);
  });
});

/**
 * Memory after a flood of rate-limited answers (core/memory-settle.ts): nothing is kept per request
 * or per key, and once the flood is over the process gives back what it grew. Before, 170,000 429s
 * took an instance from about 250 to 560 MB, where it stayed; here 30,000 login tries of one account
 * from one address (all but the first few answered 429) must leave the resident memory within
 * SOAK_BOUND_MB of where it was before the flood. The growth comes with the Redis counters (each
 * answer's garbage outlives a young-generation collection): run it as CI does, with TEST_REDIS_URL
 * and on PostgreSQL (server-postgres). Measured there: 334 → 544 MB and staying without the settle
 * check (SOAK_SETTLE_MS=100000000 switches it off), 333 → peak 502 → 181 MB with it.
 */
const SOAK_REQUESTS = 30_000;
const floodAddress = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
const SOAK_BOUND_MB = 80;

describe.runIf(process.platform === 'linux')('memory after a rate-limited flood', () => {
  let instance: Instance;
  let dataDir: string;
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-soak-'));
    // On PostgreSQL (server-postgres) as in production; else PGlite inside the instance.
    database = process.env.TEST_DB === 'postgres' ? await openTestDatabase() : undefined;
    instance = await startInstance(database?.url ?? '', {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TEST_MEMORY_SETTLE_INTERVAL_MS: process.env.SOAK_SETTLE_MS ?? '2000',
      // The flood comes from its own address (X-Forwarded-For): on a shared Redis the per-address login
      // counter of 127.0.0.1 would otherwise stay full for 15 minutes for every other test's logins.
      TRUST_PROXY: '1',
    });
  });
  afterAll(async () => {
    await stopInstance(instance, 'SIGKILL');
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`returns within ${SOAK_BOUND_MB} MB of where it was`, { timeout: 420_000 }, async () => {
    const pid = instance.process.pid!;
    const pool = new Pool(instance.url, { connections: 50 });
    const statuses: Record<number, number> = {};
    let next = 0;
    const flood = async (count: number) => {
      const end = next + count;
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          while (next < end) {
            next++;
            const res = await pool.request({
              path: '/api/users/login',
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': floodAddress },
              body: JSON.stringify({ username: 'soaked', password: 'Wrong123!' }),
            });
            await res.body.dump();
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          }
        }),
      );
    };
    // Warm up (code compiled, pools open, the limit reached), then let the process settle.
    await flood(200);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
    await flood(SOAK_REQUESTS);
    clearInterval(sampler);
    await pool.close();
    // Quiet again: the process settles within a few of its 2 s checks (generous for a loaded machine).
    let after = rssMb(pid);
    for (let waited = 0; after - before >= SOAK_BOUND_MB && waited < 90_000; waited += 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      after = rssMb(pid);
    }
    console.log(
      `memory soak: ${SOAK_REQUESTS} requests (${JSON.stringify(statuses)}); RSS ${Math.round(before)} MB before, peak ${Math.round(peak)} MB, ${Math.round(after)} MB after`,
    );
    expect(statuses[429] ?? 0).toBeGreaterThan(SOAK_REQUESTS * 0.9);
    expect(Object.keys(statuses).filter((status) => Number(status) >= 500)).toEqual([]);
    expect(after - before).toBeLessThan(SOAK_BOUND_MB);
  });
});
