import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callInstance, startInstance, stopInstance, type Instance } from '../test/instances.ts';

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
    const request = http.request(url, { method: 'POST', headers: { authorization, 'content-type': contentType, 'content-length': body.length } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
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
    const created = await callInstance(instance, null, 'POST', '/api/users/create', { username: 'flood', email, password: 'Flood123!' });
    expect(created.status).toBe(201);
    const authorization = `Bearer ${created.json!.token}`;

    // Many large text fields, and a file far over the cap: about 24 MB per form.
    const boundary = 'FloodBoundary';
    const field = Buffer.alloc(60 * 1024, 'x');
    const parts: Buffer[] = [];
    for (let i = 0; i < 300; i++) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n`), field, Buffer.from('\r\n'));
    const manyFields = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
    const bigFile = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`),
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
    console.log(`memory: ${Math.round(sentMb)} MB of multipart sent in ${statuses.length} forms; RSS ${Math.round(before)} MB before, peak ${Math.round(peak)} MB during (bound +${FLOOD_BOUND_MB} MB)`);
    // Every form was refused (413) or cut off; none was a server error, and the server still answers.
    expect(statuses.every((s) => s === 413 || s === 0), statuses.join(',')).toBe(true);
    expect(peak - before).toBeLessThan(FLOOD_BOUND_MB);
    expect((await callInstance(instance, authorization, 'GET', '/api/users/me')).status).toBe(200);
  });
});
