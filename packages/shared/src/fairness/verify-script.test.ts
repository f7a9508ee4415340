import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { soldOutFairnessRound } from './test-helpers.ts';
import { extendChain, sha256Hex } from './chain.ts';
import type { FairnessReceipt, FairnessRound } from './schemas.ts';

// scripts/verify-fairness.mjs is the independent second implementation: the rounds here are made by
// the shared engine, so agreement between the two is a real cross-check.
const script = path.resolve(import.meta.dirname, '../../../../scripts/verify-fairness.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-fairness-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function runScript(...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script, ...args]);
    return { code: 0, stdout };
  } catch (error) {
    const failure = error as { code: number; stdout: string };
    return { code: failure.code, stdout: failure.stdout };
  }
}

async function runOn(round: unknown, name: string, receipt?: unknown) {
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(round));
  if (receipt === undefined) return runScript(file);
  const receiptFile = path.join(dir, `${name}-receipt.txt`);
  // As copied from a notification: the receipt JSON inside other text.
  fs.writeFileSync(receiptFile, `Your order is in the draw log. Fairness receipt: ${JSON.stringify(receipt)}`);
  return runScript(file, '--receipt', receiptFile);
}

/** Recomputes every hash and the head, as an operator covering their tracks would. */
function rechain(round: FairnessRound): FairnessRound {
  const chain = extendChain(round.rulesHash!, round.log);
  round.log.forEach((entry, i) => (entry.hash = chain.hashes[i]!));
  return { ...round, headHash: chain.head };
}

/** The receipt of the fixture's third purchase (ticket nonces 4..7). */
function receiptOf(round: FairnessRound): FairnessReceipt {
  const entries = round.log
    .filter((e) => e.domain === 'ticket' && e.nonce >= 4 && e.nonce <= 7)
    .map((e) => ({ domain: e.domain, nonce: e.nonce, hash: e.hash! }));
  return { setId: round.setId, entries, headHash: entries.at(-1)!.hash };
}

const valid = soldOutFairnessRound({
  lottery: true,
  doubleChancePrizes: [{ rank: 'DC1', name: 'Signed Poster', quantity: 2 }],
});

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

  it('checks the rules document and the chained log', async () => {
    const { stdout } = await runOn(valid, 'chain-valid');
    expect(stdout).toMatch(/^ok {4}sha256\(rules document\)/m);
    expect(stdout).toMatch(/^ok {4}Chained log: 22 entry hashes and the head/m);

    const dropped: FairnessRound = structuredClone(valid);
    dropped.log.splice(5, 1);
    const droppedRun = await runOn(dropped, 'dropped');
    expect(droppedRun.code).toBe(1);
    expect(droppedRun.stdout).toMatch(/^FAIL {2}Chained log: ticket nonce 6 should hash to/m);

    const reordered: FairnessRound = structuredClone(valid);
    [reordered.log[1], reordered.log[2]] = [reordered.log[2]!, reordered.log[1]!];
    expect((await runOn(reordered, 'reordered')).stdout).toMatch(
      /^FAIL {2}Chained log: ticket nonce 2 should hash to/m,
    );

    // An altered entry with every hash recomputed: the chain is consistent again, but the draw is not.
    const altered: FairnessRound = structuredClone(valid);
    altered.log.find((e) => e.domain === 'double' && e.nonce === 1)!.ticketIndex += 1;
    const alteredRun = await runOn(rechain(altered), 'altered');
    expect(alteredRun.code).toBe(1);
    expect(alteredRun.stdout).toMatch(/^FAIL {2}double pick 1/m);

    const rules: FairnessRound = structuredClone(valid);
    rules.rules = rules.rules!.replace('"lastPrize":true', '"lastPrize":false');
    rules.rulesHash = sha256Hex(rules.rules);
    const rulesRun = await runOn(rechain(rules), 'rules');
    expect(rulesRun.code).toBe(0); // a different but honest document is fine on its own...
    const box: FairnessRound = structuredClone(valid);
    box.rules = box.rules!.replace('"box":["A",', '"box":["A","A",');
    box.rulesHash = sha256Hex(box.rules);
    const boxRun = await runOn(rechain(box), 'rules-box');
    expect(boxRun.code).toBe(1); // ...but it must describe this round's box
    expect(boxRun.stdout).toMatch(/^FAIL {2}The rules document states this round's setId, box/m);
  });

  it('--receipt: passes for the honest log, fails once the log was changed after the receipt', async () => {
    const receipt = receiptOf(valid);
    const honest = await runOn(valid, 'receipt-ok', receipt);
    expect(honest.code).toBe(0);
    expect(honest.stdout).toMatch(/^ok {4}receipt ticket nonce 4: the chain passes through/m);
    expect(honest.stdout).toMatch(/^ok {4}receipt head/m);

    // The operator rewrites an earlier buyer's draw and rebuilds the whole chain.
    const tampered: FairnessRound = structuredClone(valid);
    tampered.log[0]!.clientSeed = 'rewritten';
    const run = await runOn(rechain(tampered), 'receipt-tampered', receipt);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL {2}receipt ticket nonce 4: the chain has/m);

    // While the seed is secret, a receipt is already checkable: a broken one is a mismatch.
    const live = soldOutFairnessRound({
      purchases: [
        ['a', 2],
        ['b', 5],
      ],
    });
    const liveReceipt = receiptOf(live);
    expect((await runOn(live, 'receipt-live', liveReceipt)).code).toBe(2);
    const liveTampered: FairnessRound = rechain({
      ...structuredClone(live),
      log: structuredClone(live.log).filter((e) => e.nonce !== 1),
    });
    expect((await runOn(liveTampered, 'receipt-live-dropped', liveReceipt)).code).toBe(1);
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
