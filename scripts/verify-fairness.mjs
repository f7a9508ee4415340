#!/usr/bin/env node
// Checks a Kujiya round's draws from its public fairness JSON, on your own machine.
//
//   node scripts/verify-fairness.mjs https://shop.example/api/fairness/<setId>
//   node scripts/verify-fairness.mjs https://shop.example/fairness/<setId>   (page address works too)
//   node scripts/verify-fairness.mjs round.json                               (a saved copy)
//
// It is a second, independent implementation of the scheme in docs/fairness.md: plain Node.js (18+)
// and node:crypto only, no code shared with the shop. Exit code 0: every draw verified; 1: a mismatch;
// 2: nothing to decide yet (seed not revealed) or the data could not be read.
import crypto from 'node:crypto';
import fs from 'node:fs';

const HEX64 = /^[0-9a-f]{64}$/;

async function load(source) {
  if (/^https?:\/\//i.test(source)) {
    const url = new URL(source);
    // Accept the public page's address and ask for its JSON.
    url.pathname = url.pathname.replace(/^\/fairness\//, '/api/fairness/');
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return response.json();
  }
  return JSON.parse(fs.readFileSync(source, 'utf8'));
}

/** k = first 8 bytes of HMAC-SHA256(seed bytes, UTF-8 message), unsigned big-endian, mod size. */
function pick(seedHex, message, size) {
  const mac = crypto.createHmac('sha256', Buffer.from(seedHex, 'hex')).update(Buffer.from(message, 'utf8')).digest();
  return Number(mac.readBigUInt64BE(0) % BigInt(size));
}

function byNonce(entries) {
  return [...entries].sort((a, b) => a.nonce - b.nonce);
}

function verify(round) {
  const results = [];
  const check = (ok, text) => {
    results.push({ ok, text });
    return ok;
  };

  // The shape we rely on.
  const shapeOk =
    round && typeof round === 'object' &&
    HEX64.test(round.commitment) &&
    (round.serverSeed === null || HEX64.test(round.serverSeed)) &&
    Array.isArray(round.box) && Array.isArray(round.prizes) && Array.isArray(round.log) &&
    round.log.every((e) => Number.isInteger(e.nonce) && e.nonce >= 0 && Number.isInteger(e.ticketIndex) && e.ticketIndex >= 0);
  if (!check(shapeOk, 'The JSON has commitment, serverSeed, box, prizes and log')) return { results, revealed: false };

  // Canonical box: ticket 0.. N-1, Prize A tickets first, then B, and so on.
  const prizes = [...round.prizes].sort((a, b) => (a.letter < b.letter ? -1 : a.letter > b.letter ? 1 : 0));
  const expectedBox = prizes.flatMap((p) => Array(p.quantity).fill(p.letter));
  check(
    expectedBox.length === round.box.length && expectedBox.every((letter, i) => round.box[i] === letter),
    `Box of ${round.box.length} tickets is ${prizes.map((p) => `${p.quantity}x${p.letter}`).join(' ')} in letter order`,
  );

  const tickets = byNonce(round.log.filter((e) => e.domain === 'ticket'));
  const lottery = byNonce(round.log.filter((e) => e.domain === 'lottery'));
  const double = byNonce(round.log.filter((e) => e.domain === 'double'));
  const unknown = round.log.filter((e) => !['ticket', 'lottery', 'double'].includes(e.domain));
  check(unknown.length === 0, 'Every log entry is a ticket, lottery or double chance draw');
  const contiguous = (list) => list.every((e, i) => e.nonce === i);
  const structureOk = check(
    contiguous(tickets) && tickets.length <= round.box.length && tickets.every((e) => typeof e.clientSeed === 'string'),
    `Ticket nonces run 0..${tickets.length - 1} without gaps, each with a client seed`,
  );
  check(contiguous(lottery) && contiguous(double), 'Lottery and double chance pick numbers run 0, 1, 2 ...');

  if (round.serverSeed === null) return { results, revealed: false };
  const seed = round.serverSeed;
  const commitment = crypto.createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
  check(commitment === round.commitment, `sha256(serverSeed) = ${commitment.slice(0, 16)}... equals the commitment`);

  if (!structureOk) return { results, revealed: true };
  // Ticket draws: remaining = untaken indexes ascending; take remaining[k] for clientSeed:nonce.
  let remaining = round.box.map((_, i) => i);
  for (const entry of tickets) {
    const k = pick(seed, `${entry.clientSeed}:${entry.nonce}`, remaining.length);
    const ticketIndex = remaining[k];
    remaining.splice(k, 1);
    const letter = round.box[ticketIndex];
    check(
      entry.ticketIndex === ticketIndex && entry.letter === letter,
      `ticket nonce ${entry.nonce} (clientSeed ${JSON.stringify(entry.clientSeed)}): ticket ${ticketIndex} ${letter}` +
        (entry.ticketIndex === ticketIndex && entry.letter === letter ? '' : `, log says ticket ${entry.ticketIndex} ${entry.letter}`),
    );
  }

  // Sell-out picks among the sold tickets in nonce order; unit n uses "<domain>:" + n.
  const sellOut = (domain, picks, units) => {
    const open = tickets.map((e) => e.ticketIndex);
    for (const entry of picks) {
      const n = entry.nonce;
      if (n >= units.length || open.length === 0) {
        check(false, `${domain} pick ${n}: there is no prize unit or entry left for it`);
        continue;
      }
      const k = pick(seed, `${domain}:${n}`, open.length);
      const ticketIndex = open.splice(k, 1)[0];
      const ok = entry.ticketIndex === ticketIndex && entry.letter === units[n];
      check(ok, `${domain} pick ${n}: ${units[n]} to ticket ${ticketIndex}` + (ok ? '' : `, log says ${entry.letter} to ticket ${entry.ticketIndex}`));
    }
  };
  if (lottery.length > 0) {
    check(round.lottery === true, 'Lottery picks belong to a lottery (chance) set');
    sellOut('lottery', lottery, expectedBox);
  }
  const doubleUnits = (round.doubleChancePrizes ?? []).flatMap((p) => Array(p.quantity).fill(p.rank));
  if (double.length > 0) sellOut('double', double, doubleUnits);
  return { results, revealed: true };
}

async function main() {
  const source = process.argv[2];
  if (!source || source === '--help' || source === '-h') {
    console.log('Usage: node scripts/verify-fairness.mjs <https://.../api/fairness/SETID | file.json>');
    process.exit(2);
  }
  let round;
  try {
    round = await load(source);
  } catch (error) {
    console.error(`Could not read ${source}: ${error.message}`);
    process.exit(2);
  }
  console.log(`Round ${round?.setId} · ${round?.productName} · SKU ${round?.sku} · status ${round?.status}`);
  const { results, revealed } = verify(round);
  for (const { ok, text } of results) console.log(`${ok ? 'ok  ' : 'FAIL'}  ${text}`);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) {
    console.log(`\nMISMATCH: ${failed.length} check(s) failed, first: ${failed[0].text}`);
    process.exit(1);
  }
  if (!revealed) {
    console.log('\nNOT YET VERIFIABLE: the server seed is revealed when the round sells out or is reloaded.');
    process.exit(2);
  }
  console.log(`\nVERIFIED: all ${results.length} checks passed; every draw matches the committed seed.`);
}

await main();
