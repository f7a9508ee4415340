import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The waiting room's verifiable order (docs/rules/drops.md, "Waiting room"), written once for the
 * server, the fairness page and `scripts/verify-fairness.mjs`. Pure and synchronous.
 */

/**
 * Default admission rate: what the purchase path sustains during a drop with thousands waiting
 * (docs/performance.md, bench (f): three instances on two cores served about 350 orders a second;
 * admitting 500 a second queued the admitted, 300 kept them within about 0.2 s once past the opening).
 */
export const DROP_DEFAULT_ADMISSIONS_PER_SECOND = 300;
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
 * When the n-th entrant (0-based, in room order) is admitted: the opening plus n / rate seconds.
 * Later arrivals get max(their arrival, the previous admission + 1 / rate).
 */
export function admissionTime(openingMs: number, index: number, admissionsPerSecond: number): number {
  return openingMs + Math.floor((index * 1000) / admissionsPerSecond);
}
