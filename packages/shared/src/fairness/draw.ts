import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The verifiable draw of docs/rules/fairness.md, written once for the server, the fairness page and the
 * check script. Pure and synchronous (no Node or Web Crypto), so every side computes the same.
 */

/** commitment = SHA-256 of the 32 seed bytes, lowercase hex. */
export function commitmentOf(serverSeedHex: string): string {
  return bytesToHex(sha256(hexToBytes(serverSeedHex)));
}

/** The canonical box: ticket i's letter, Prize A tickets first, then B, and so on. */
export function canonicalBox(letterQuantities: ReadonlyArray<{ letter: string; quantity: number }>): string[] {
  const sorted = [...letterQuantities].sort((a, b) => a.letter.localeCompare(b.letter));
  return sorted.flatMap(({ letter, quantity }) => Array<string>(quantity).fill(letter));
}

/** k = first 8 bytes of HMAC-SHA256(seed bytes, UTF-8 of message) as unsigned big-endian, mod size. */
export function pickIndex(serverSeedHex: string, message: string, size: number): number {
  if (size <= 0) throw new Error('pickIndex: nothing to pick from');
  const mac = hmac(sha256, hexToBytes(serverSeedHex), utf8ToBytes(message));
  let value = 0n;
  for (let i = 0; i < 8; i++) value = (value << 8n) | BigInt(mac[i]!);
  return Number(value % BigInt(size));
}

/** The message for a ticket draw: clientSeed + ":" + nonce. */
export const ticketMessage = (clientSeed: string, nonce: number) => `${clientSeed}:${nonce}`;
/** The message for the n-th lottery or double-chance pick. */
export const lotteryMessage = (n: number) => `lottery:${n}`;
export const doubleChanceMessage = (n: number) => `double:${n}`;

/**
 * Takes one ticket: `remaining` is the ascending list of untaken ticket indexes; returns the index
 * taken (`remaining[k]`) and the list without it.
 */
export function drawTicket(
  serverSeedHex: string,
  clientSeed: string,
  nonce: number,
  remaining: readonly number[],
): { ticketIndex: number; remaining: number[] } {
  const k = pickIndex(serverSeedHex, ticketMessage(clientSeed, nonce), remaining.length);
  const ticketIndex = remaining[k]!;
  return { ticketIndex, remaining: remaining.filter((_, i) => i !== k) };
}

/**
 * The same picks as `count` successive `drawTicket` calls (nonces firstNonce, firstNonce + 1, ...),
 * given only how many tickets are untaken: answers each pick's position in the ascending list of
 * untaken tickets as it was BEFORE the first pick. The server reads just those positions from the
 * database instead of loading the whole list; the result is the same ticket `drawTicket` names.
 */
export function drawPositions(
  serverSeedHex: string,
  clientSeed: string,
  firstNonce: number,
  untaken: number,
  count: number,
): number[] {
  return drawSequencePositions(
    serverSeedHex,
    Array.from({ length: count }, (_, i) => ({ clientSeed, nonce: firstNonce + i })),
    untaken,
  );
}

/**
 * Several orders' picks in a row (each pick its own client seed and the next nonce), as successive
 * `drawTicket` calls would make them: each pick's position in the ascending list of untaken tickets
 * as it was before the first pick of the sequence. Lets the server draw a batch of purchases with
 * one read of the box (docs/performance.md).
 */
export function drawSequencePositions(
  serverSeedHex: string,
  picks: ReadonlyArray<{ clientSeed: string; nonce: number }>,
  untaken: number,
): number[] {
  if (picks.length > untaken) throw new Error('drawPositions: not enough tickets left');
  const taken: number[] = []; // original positions already picked, ascending
  const positions: number[] = [];
  picks.forEach(({ clientSeed, nonce }, i) => {
    let position = pickIndex(serverSeedHex, ticketMessage(clientSeed, nonce), untaken - i);
    // k-th of what is left -> position in the original list: step over every earlier pick at or before it.
    for (const p of taken) {
      if (p <= position) position++;
      else break;
    }
    positions.push(position);
    taken.splice(sortedInsertAt(taken, position), 0, position);
  });
  return positions;
}

function sortedInsertAt(sorted: readonly number[], value: number): number {
  let i = 0;
  while (i < sorted.length && sorted[i]! < value) i++;
  return i;
}
