import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { commitmentOf } from '../fairness/draw.ts';
import { entrantListHash, roomOrder } from './room-order.ts';
import type { DropRoomRecord } from './room-schemas.ts';

// scripts/verify-fairness.mjs --room recomputes the waiting room's order with node:crypto only: the
// record here is ordered by the shared rule, so agreement is a real cross-check.
const script = path.resolve(import.meta.dirname, '../../../../scripts/verify-fairness.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-room-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function runOn(record: DropRoomRecord, name: string): Promise<{ code: number; stdout: string }> {
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(record));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script, '--room', file]);
    return { code: 0, stdout };
  } catch (error) {
    const failure = error as { code: number; stdout: string };
    return { code: failure.code, stdout: failure.stdout };
  }
}

const seed = 'ab'.repeat(32);
const ids = Array.from({ length: 25 }, () => randomUUID());
const ordered = roomOrder(seed, ids);
const record: DropRoomRecord = {
  setId: randomUUID(),
  opensAt: '2026-12-01T04:00:00.000Z',
  entrantListHash: entrantListHash(ids),
  orderedEntrantIds: ordered,
  lateEntrantIds: [],
  commitment: commitmentOf(seed),
  serverSeed: seed,
};

describe('verify-fairness.mjs --room (docs/rules/drops.md)', () => {
  it('verifies the order the shared rule made', async () => {
    const { code, stdout } = await runOn(record, 'honest');
    expect(stdout).toContain('VERIFIED: the room order of 25 entrants');
    expect(code).toBe(0);
  });

  it('exits 1 for two swapped places, and for a seed that is not the committed one', async () => {
    const swapped = [...ordered];
    [swapped[3], swapped[4]] = [swapped[4]!, swapped[3]!];
    const bad = await runOn({ ...record, orderedEntrantIds: swapped }, 'swapped');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(`FAIL  place 4: entrant ${ordered[3]}`);
    const otherSeed = await runOn({ ...record, serverSeed: 'cd'.repeat(32) }, 'seed');
    expect(otherSeed.code).toBe(1);
    expect(otherSeed.stdout).toContain('FAIL  the revealed seed matches the commitment');
  });

  it('exits 2 while the seed is secret, still checking the list hash', async () => {
    const secret = await runOn({ ...record, serverSeed: null }, 'secret');
    expect(secret.code).toBe(2);
    expect(secret.stdout).toContain('ok    entrant list hash');
    const dropped = await runOn({ ...record, serverSeed: null, orderedEntrantIds: ordered.slice(1) }, 'dropped');
    expect(dropped.code).toBe(1);
  });
});
