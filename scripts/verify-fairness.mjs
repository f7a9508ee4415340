#!/usr/bin/env node
// Checks a Kujiya round's draws from its public fairness JSON, on your own machine.
//
//   node scripts/verify-fairness.mjs https://shop.example/api/fairness/<setId>
//   node scripts/verify-fairness.mjs https://shop.example/fairness/<setId>   (page address works too)
//   node scripts/verify-fairness.mjs round.json                               (a saved copy)
//   node scripts/verify-fairness.mjs <round> --receipt receipt.json           (also check your receipt)
//   node scripts/verify-fairness.mjs --room https://shop.example/api/drops/<setId>/room  (a drop's waiting room)
//
// It checks the committed rules document (its SHA-256 is rulesHash, and it describes this round's box,
// double-chance prizes and commitment), every entry of the chained log (hash = SHA-256 of
// prev|domain|nonce|clientSeed|ticketIndex|letter, starting from rulesHash) and the head, every draw
// once the seed is revealed, and, with --receipt, that the published log still passes through the
// receipt's entries.
//
// It is a second, independent implementation of the scheme in docs/fairness.md: plain Node.js (18+)
// and node:crypto only, no code shared with the shop. Exit code 0: every draw verified; 1: a mismatch;
// 2: nothing to decide yet (seed not revealed) or the data could not be read.
// A receipt that the published log no longer passes through is a mismatch (exit code 1).
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

const sha256 = (text) => crypto.createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');
const DOMAIN_RANK = { ticket: 0, lottery: 1, double: 2 };
const entryName = (e) => (e.domain === 'ticket' ? `ticket nonce ${e.nonce}` : `${e.domain} pick ${e.nonce}`);

/** The rules document as the round must have committed it: these keys in this order, no spaces. */
function expectedRules(round, lastPrize) {
  return JSON.stringify({
    version: 'kujiya-fair-1',
    setId: round.setId,
    box: round.box,
    lastPrize,
    doubleChance: (round.doubleChancePrizes ?? []).map((p) => ({ rank: p.rank, quantity: p.quantity })),
    commitment: round.commitment,
  });
}

/**
 * Walks the chain over the log as published, from rulesHash. Returns the recomputed hash of every
 * entry up to the first broken link ("domain:nonce" -> hash) and a problem text, if any.
 */
function walkChain(round) {
  const hashes = new Map();
  if (typeof round.rulesHash !== 'string' || !HEX64.test(round.rulesHash))
    return { hashes, problem: 'there is no rulesHash to start from' };
  let prev = round.rulesHash;
  for (let i = 0; i < round.log.length; i++) {
    const e = round.log[i];
    const before = round.log[i - 1];
    if (before && (DOMAIN_RANK[before.domain] - DOMAIN_RANK[e.domain] || before.nonce - e.nonce) >= 0) {
      return { hashes, problem: `the log is out of order at ${entryName(e)}` };
    }
    const clientSeed = e.domain === 'ticket' ? (e.clientSeed ?? '') : '';
    const hash = sha256(`${prev}|${e.domain}|${e.nonce}|${clientSeed}|${e.ticketIndex}|${e.letter}`);
    if (e.hash !== hash)
      return {
        hashes,
        problem: `${entryName(e)} should hash to ${hash.slice(0, 16)}..., the log says ${String(e.hash).slice(0, 16)}...`,
      };
    hashes.set(`${e.domain}:${e.nonce}`, hash);
    prev = hash;
  }
  if (round.headHash !== prev)
    return {
      hashes,
      problem: `the head ${String(round.headHash).slice(0, 16)}... is not the last entry's hash ${prev.slice(0, 16)}...`,
    };
  return { hashes, head: prev };
}

function byNonce(entries) {
  return [...entries].sort((a, b) => a.nonce - b.nonce);
}

function verify(round, receipt) {
  const results = [];
  const check = (ok, text) => {
    results.push({ ok, text });
    return ok;
  };

  // The shape we rely on.
  const shapeOk =
    round &&
    typeof round === 'object' &&
    HEX64.test(round.commitment) &&
    (round.serverSeed === null || HEX64.test(round.serverSeed)) &&
    Array.isArray(round.box) &&
    Array.isArray(round.prizes) &&
    Array.isArray(round.log) &&
    round.log.every(
      (e) => Number.isInteger(e.nonce) && e.nonce >= 0 && Number.isInteger(e.ticketIndex) && e.ticketIndex >= 0,
    );
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

  // Committed rules: the hash of the published document, and the document describes this round.
  if (typeof round.rules !== 'string') {
    check(false, 'The round publishes its rules document and rulesHash');
  } else {
    let lastPrize;
    try {
      lastPrize = JSON.parse(round.rules).lastPrize;
    } catch {
      lastPrize = undefined;
    }
    check(
      sha256(round.rules) === round.rulesHash,
      `sha256(rules document) = ${sha256(round.rules).slice(0, 16)}... equals rulesHash`,
    );
    check(
      typeof lastPrize === 'boolean' && round.rules === expectedRules(round, lastPrize),
      "The rules document states this round's setId, box, Last Prize, double chance prizes and commitment",
    );
  }
  // The chained log: every entry's hash from rulesHash, in log order, up to the head.
  const chain = walkChain(round);
  check(
    !chain.problem,
    chain.problem
      ? `Chained log: ${chain.problem}`
      : `Chained log: ${round.log.length} entry hashes and the head ${chain.head.slice(0, 16)}... recomputed`,
  );
  if (receipt) {
    const okRound = receipt.setId === round.setId;
    check(okRound, `Receipt is for this round (${receipt.setId})`);
    if (okRound) {
      for (const entry of receipt.entries ?? []) {
        const found = chain.hashes.get(`${entry.domain}:${entry.nonce}`);
        check(
          found === entry.hash,
          `receipt ${entryName(entry)}: ` +
            (found === entry.hash
              ? `the chain passes through ${entry.hash.slice(0, 16)}...`
              : found
                ? `the chain has ${found.slice(0, 16)}..., the receipt ${String(entry.hash).slice(0, 16)}...`
                : 'not in the verified chain'),
        );
      }
      const last = [...(receipt.entries ?? [])]
        .sort((x, y) => DOMAIN_RANK[x.domain] - DOMAIN_RANK[y.domain] || x.nonce - y.nonce)
        .at(-1);
      check(
        Boolean(last) &&
          receipt.headHash === last.hash &&
          chain.hashes.get(`${last.domain}:${last.nonce}`) === receipt.headHash,
        `receipt head ${String(receipt.headHash).slice(0, 16)}... is in the published chain`,
      );
    }
  }

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
        (entry.ticketIndex === ticketIndex && entry.letter === letter
          ? ''
          : `, log says ticket ${entry.ticketIndex} ${entry.letter}`),
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
      check(
        ok,
        `${domain} pick ${n}: ${units[n]} to ticket ${ticketIndex}` +
          (ok ? '' : `, log says ${entry.letter} to ticket ${entry.ticketIndex}`),
      );
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

/** A receipt file: the receipt JSON, or any text that contains it (a copied notification). */
function loadReceipt(file) {
  const text = fs.readFileSync(file, 'utf8');
  const json = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
  if (
    typeof json?.setId !== 'string' ||
    !Array.isArray(json.entries) ||
    json.entries.length === 0 ||
    !HEX64.test(json.headHash)
  ) {
    throw new Error('a receipt has setId, entries [{domain, nonce, hash}] and headHash');
  }
  return json;
}

/**
 * A drop's waiting room (docs/rules/drops.md): entrantListHash = SHA-256 of the entrant ids sorted,
 * joined with "\n"; the order is by ascending HMAC-SHA256(seed, "queue:" + listHash + ":" + id) hex.
 */
function verifyRoom(room) {
  const results = [];
  const check = (ok, text) => results.push({ ok, text });
  const ids = room.orderedEntrantIds ?? [];
  const listHash = sha256([...ids].sort().join('\n'));
  check(listHash === room.entrantListHash, `entrant list hash ${room.entrantListHash} of ${ids.length} entrants`);
  if (!room.serverSeed) return { results, revealed: false };
  const seedCommitment = crypto.createHash('sha256').update(Buffer.from(room.serverSeed, 'hex')).digest('hex');
  check(seedCommitment === room.commitment, 'the revealed seed matches the commitment');
  const key = (id) =>
    crypto.createHmac('sha256', Buffer.from(room.serverSeed, 'hex')).update(`queue:${listHash}:${id}`).digest('hex');
  const keyed = ids.map((id) => ({ id, key: key(id) }));
  const expected = [...keyed].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : 1));
  expected.forEach(({ id }, i) => check(ids[i] === id, `place ${i + 1}: entrant ${id}`));
  return { results, revealed: true };
}

async function mainRoom(source) {
  let room;
  try {
    room = await load(source);
  } catch (error) {
    console.error(`Could not read ${source}: ${error.message}`);
    process.exit(2);
  }
  if (!room?.entrantListHash) {
    console.log('NOT YET VERIFIABLE: the room is ordered (and its list published) at the opening.');
    process.exit(2);
  }
  console.log(`Waiting room of ${room.setId} · opening ${room.opensAt}`);
  const { results, revealed } = verifyRoom(room);
  for (const { ok, text } of results) console.log(`${ok ? 'ok  ' : 'FAIL'}  ${text}`);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) {
    console.log(`\nMISMATCH: ${failed.length} check(s) failed, first: ${failed[0].text}`);
    process.exit(1);
  }
  if (!revealed) {
    console.log('\nNOT YET VERIFIABLE: the list checks out; the order can be recomputed once the seed is revealed.');
    process.exit(2);
  }
  console.log(`\nVERIFIED: the room order of ${room.orderedEntrantIds.length} entrants matches the committed seed.`);
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--room' && args[1]) return mainRoom(args[1]);
  const at = args.indexOf('--receipt');
  const receiptFile = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0) args.splice(at, 2);
  const source = args[0];
  if (!source || source === '--help' || source === '-h' || (at >= 0 && !receiptFile)) {
    console.log(
      'Usage: node scripts/verify-fairness.mjs <https://.../api/fairness/SETID | file.json> [--receipt receipt.json]',
    );
    process.exit(2);
  }
  let receipt;
  if (receiptFile) {
    try {
      receipt = loadReceipt(receiptFile);
    } catch (error) {
      console.error(`Could not read the receipt ${receiptFile}: ${error.message}`);
      process.exit(2);
    }
  }
  let round;
  try {
    round = await load(source);
  } catch (error) {
    console.error(`Could not read ${source}: ${error.message}`);
    process.exit(2);
  }
  console.log(`Round ${round?.setId} · ${round?.productName} · SKU ${round?.sku} · status ${round?.status}`);
  const { results, revealed } = verify(round, receipt);
  for (const { ok, text } of results) console.log(`${ok ? 'ok  ' : 'FAIL'}  ${text}`);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) {
    console.log(`\nMISMATCH: ${failed.length} check(s) failed, first: ${failed[0].text}`);
    process.exit(1);
  }
  if (!revealed) {
    console.log(
      '\nNOT YET VERIFIABLE: the rules and the chained log' +
        (receipt ? ' (and your receipt)' : '') +
        ' check out; the draws can be replayed once the server seed is revealed, when the round sells out or is reloaded.',
    );
    process.exit(2);
  }
  console.log(`\nVERIFIED: all ${results.length} checks passed; every draw matches the committed seed.`);
}

await main();
