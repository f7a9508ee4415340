import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { soldOutFairnessRound } from './round-fixture.ts';
import type { FairnessRound } from './schemas.ts';

// scripts/verify-fairness.mjs is the independent second implementation: the rounds here are made by
// the shared engine, so agreement between the two is a real cross-check.
const script = path.resolve(import.meta.dirname, '../../../../scripts/verify-fairness.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-fairness-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function runScript(arg: string): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script, arg]);
    return { code: 0, stdout };
  } catch (error) {
    const failure = error as { code: number; stdout: string };
    return { code: failure.code, stdout: failure.stdout };
  }
}

async function runOn(round: unknown, name: string) {
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(round));
  return runScript(file);
}

const valid = soldOutFairnessRound({ lottery: true, doubleChancePrizes: [{ rank: 'DC1', name: 'Signed Poster', quantity: 2 }] });

describe('scripts/verify-fairness.mjs', () => {
  it('verifies a valid sold-out round, printing every draw', async () => {
    const { code, stdout } = await runOn(valid, 'valid');
    expect(code).toBe(0);
    expect(stdout).toContain('VERIFIED');
    expect(stdout).not.toContain('FAIL');
    expect(stdout.match(/^ok {4}ticket nonce \d+/gm)).toHaveLength(10);
    expect(stdout.match(/^ok {4}lottery pick \d+/gm)).toHaveLength(10);
    expect(stdout.match(/^ok {4}double pick \d+/gm)).toHaveLength(2);
  });

  it('exits 1 and names the entry for a tampered ticket', async () => {
    const tampered: FairnessRound = structuredClone(valid);
    const a = tampered.log.find((e) => e.domain === 'ticket' && e.nonce === 3)!;
    const b = tampered.log.find((e) => e.domain === 'ticket' && e.nonce === 8)!;
    [a.ticketIndex, b.ticketIndex, a.letter, b.letter] = [b.ticketIndex, a.ticketIndex, b.letter, a.letter];
    const { code, stdout } = await runOn(tampered, 'tampered');
    expect(code).toBe(1);
    expect(stdout).toMatch(/^FAIL {2}ticket nonce 3 /m);
    expect(stdout).toContain('MISMATCH');
  });

  it('exits 1 for a wrong seed and for a tampered lottery pick', async () => {
    const wrongSeed = { ...valid, serverSeed: '12'.repeat(32) };
    const seedRun = await runOn(wrongSeed, 'wrong-seed');
    expect(seedRun.code).toBe(1);
    expect(seedRun.stdout).toMatch(/^FAIL {2}sha256\(serverSeed\)/m);

    const lottery: FairnessRound = structuredClone(valid);
    const pick = lottery.log.find((e) => e.domain === 'lottery' && e.nonce === 0)!;
    pick.ticketIndex = (pick.ticketIndex + 1) % lottery.box.length;
    const lotteryRun = await runOn(lottery, 'lottery');
    expect(lotteryRun.code).toBe(1);
    expect(lotteryRun.stdout).toMatch(/^FAIL {2}lottery pick 0/m);
  });

  it('exits 2 while the seed is secret', async () => {
    const live = soldOutFairnessRound({ purchases: [['a', 2]] });
    const { code, stdout } = await runOn(live, 'live');
    expect(code).toBe(2);
    expect(stdout).toContain('NOT YET VERIFIABLE');
  });

  it('fetches the JSON over HTTP, also from the page address', async () => {
    const requested: string[] = [];
    const server = http.createServer((request, response) => {
      requested.push(request.url ?? '');
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify(valid));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const { code, stdout } = await runScript(`http://127.0.0.1:${port}/fairness/${valid.setId}`);
      expect(code).toBe(0);
      expect(stdout).toContain('VERIFIED');
      expect(requested).toEqual([`/api/fairness/${valid.setId}`]);
    } finally {
      server.close();
    }
  });
});
