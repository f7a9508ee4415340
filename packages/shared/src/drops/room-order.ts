import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The waiting room's verifiable order (docs/rules/drops.md, "Waiting room"), written once for the
 * server, the fairness page and `scripts/verify-fairness.mjs`. Pure and synchronous.
 */

/**
 * Default admission rate, reached after the opening's slow start (`DROP_OPENING_RAMP`): what the
 * purchase path sustains during a drop with thousands waiting (docs/performance.md, bench (f): three
 * instances on two cores; 500 a second from the opening queued the admitted; with the slow start, 350
 * a second kept them closer to their admission than 300 or 350 from the first millisecond).
 */
export const DROP_DEFAULT_ADMISSIONS_PER_SECOND = 350;
export const DROP_MAX_ADMISSIONS_PER_SECOND = 10_000;

/** The entrant list's hash: SHA-256 hex of the entrant ids sorted ascending, joined with "\n". */
export function entrantListHash(entrantIds: readonly string[]): string {
  const sorted = [...entrantIds].sort();
  return bytesToHex(sha256(utf8ToBytes(sorted.join('\n'))));
}

/** An entrant's key: HMAC-SHA256(round server seed, "queue:" + entrant-list hash + ":" + entrant id), hex. */
export function queueKey(serverSeedHex: string, listHash: string, entrantId: string): string {
  return bytesToHex(hmac(sha256, hexToBytes(serverSeedHex), utf8ToBytes(`queue:${listHash}:${entrantId}`)));
}

/** The room's order at the opening: entrant ids by ascending key (ties, never seen, by id). */
export function roomOrder(serverSeedHex: string, entrantIds: readonly string[]): string[] {
  const listHash = entrantListHash(entrantIds);
  return entrantIds
    .map((id) => ({ id, key: queueKey(serverSeedHex, listHash, id) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : 1))
    .map((entry) => entry.id);
}

/** Whether a published order is the one the revealed seed gives (the fairness page's and script's check). */
export function verifyRoomOrder(
  serverSeedHex: string,
  publishedListHash: string,
  orderedEntrantIds: readonly string[],
): { listHashMatches: boolean; orderMatches: boolean } {
  const listHashMatches = entrantListHash(orderedEntrantIds) === publishedListHash;
  const expected = roomOrder(serverSeedHex, orderedEntrantIds);
  return { listHashMatches, orderMatches: expected.every((id, i) => id === orderedEntrantIds[i]) };
}

/**
 * The opening's slow start (docs/rules/drops.md, "Admission"): the rate climbs evenly from
 * `startShare` of the room's rate to all of it over `seconds`, then stays there. An opening is the
 * shop's busiest second (the room ordered, every entrant told a place) and the purchase path is slow
 * for about 1.5 s after it whatever it carries (docs/performance.md), so admitting at the full rate
 * from the first millisecond queued the first admitted shoppers behind each other. A room admitting
 * fewer than `fromRate` a second has no such burst and admits at its rate from the opening.
 */
export const DROP_OPENING_RAMP = { seconds: 1.5, startShare: 0.4, fromRate: 50 } as const;

/**
 * When the n-th entrant (0-based, in room order) is admitted, in ms: along the opening's slow start
 * (the rate r·(s + (1 − s)·t / T) for t < T), then at the rate; below `fromRate`, n / rate. Monotonic
 * in n, so the admission order is the room order. Later arrivals get max(their arrival, the previous
 * admission + 1 / rate).
 */
export function admissionTime(openingMs: number, index: number, admissionsPerSecond: number): number {
  const { seconds, startShare, fromRate } = DROP_OPENING_RAMP;
  const rate = admissionsPerSecond;
  if (rate < fromRate) return openingMs + Math.floor((index * 1000) / rate);
  // Admitted by the end of the slow start: the area under the rate's line.
  const duringRamp = (rate * seconds * (1 + startShare)) / 2;
  const at =
    index >= duringRamp
      ? seconds + (index - duringRamp) / rate
      : rampTime(index, (rate * (1 - startShare)) / (2 * seconds), rate * startShare);
  return openingMs + Math.floor(at * 1000);
}

/** The time t at which a·t² + b·t admissions have been made (the positive root). */
const rampTime = (index: number, a: number, b: number) => (-b + Math.sqrt(b * b + 4 * a * index)) / (2 * a);
