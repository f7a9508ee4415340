import { chainHash, compareLogOrder, rulesDocument, sha256Hex } from './chain.ts';
import type { FairnessReceipt, FairnessRound } from './schemas.ts';
import type { FairnessCheck } from './verdict.ts';

const entryName = (entry: { domain: string; nonce: number }) =>
  entry.domain === 'ticket'
    ? `ticket nonce ${entry.nonce}`
    : `${entry.domain === 'lottery' ? 'lottery' : 'double chance'} pick ${entry.nonce}`;

/**
 * The committed rules: `rulesHash` is SHA-256 of the published document, and the document is exactly
 * the one rebuilt from this round's setId, box, double-chance prizes and commitment.
 */
export function checkRules(round: FairnessRound): FairnessCheck {
  const base = { id: 'rules', label: 'Rules document matches its hash and this round' };
  if (round.rules === null || round.rulesHash === null) {
    return { ...base, ok: false, detail: 'No committed rules document is published for this round.' };
  }
  const hash = sha256Hex(round.rules);
  if (hash !== round.rulesHash)
    return {
      ...base,
      ok: false,
      detail: `SHA-256 of the rules document is ${hash.slice(0, 16)}…, not the published rulesHash.`,
    };
  let lastPrize: unknown;
  try {
    lastPrize = (JSON.parse(round.rules) as { lastPrize?: unknown }).lastPrize;
  } catch {
    return { ...base, ok: false, detail: 'The rules document is not JSON.' };
  }
  const expected = rulesDocument({
    setId: round.setId,
    box: round.box,
    lastPrize: lastPrize === true,
    doubleChance: round.doubleChancePrizes,
    commitment: round.commitment,
  });
  if (typeof lastPrize !== 'boolean' || expected !== round.rules) {
    return {
      ...base,
      ok: false,
      detail: 'The rules document does not describe this round’s box, double-chance prizes and commitment.',
    };
  }
  return {
    ...base,
    ok: true,
    detail: `rulesHash ${round.rulesHash.slice(0, 16)}… = SHA-256 of the document: ${round.box.length} tickets, ${lastPrize ? 'a' : 'no'} Last Prize, ${round.doubleChancePrizes.length} double-chance prize(s), this commitment.`,
  };
}

/** The chain recomputed from the rules hash over the log as published. */
export interface ChainReplay {
  check: FairnessCheck;
  /** Recomputed hash of each entry, by "domain-nonce" (only up to the first broken link). */
  hashes: Map<string, string>;
}

/**
 * Walks the log in its published order from `rulesHash`: the order must be the log order (tickets,
 * lottery, double, each by number), every entry's hash must be the recomputed one, and `headHash` the
 * last of them. The first broken link is named: a dropped, reordered or altered entry breaks it.
 */
export function checkChain(round: FairnessRound): ChainReplay {
  const base = { id: 'chain', label: 'Chained log: every entry hash and the head' };
  const hashes = new Map<string, string>();
  if (round.rulesHash === null)
    return { check: { ...base, ok: false, detail: 'No rules hash to start the chain from.' }, hashes };
  let prev = round.rulesHash;
  for (let i = 0; i < round.log.length; i++) {
    const entry = round.log[i]!;
    const before = round.log[i - 1];
    if (before && compareLogOrder(before, entry) >= 0) {
      return {
        check: {
          ...base,
          ok: false,
          detail: `The log is out of order at ${entryName(entry)} (after ${entryName(before)}).`,
          entry: { domain: entry.domain, nonce: entry.nonce },
        },
        hashes,
      };
    }
    const expected = chainHash(prev, entry);
    if (entry.hash !== expected) {
      return {
        check: {
          ...base,
          ok: false,
          detail: `Entry ${i + 1} (${entryName(entry)}) should hash to ${expected.slice(0, 16)}…, the log says ${entry.hash?.slice(0, 16) ?? 'nothing'}…: an entry before it, or this one, was dropped, reordered or changed.`,
          entry: { domain: entry.domain, nonce: entry.nonce },
        },
        hashes,
      };
    }
    hashes.set(`${entry.domain}-${entry.nonce}`, expected);
    prev = expected;
  }
  if (round.headHash !== prev) {
    return {
      check: {
        ...base,
        ok: false,
        detail: `The published head ${round.headHash?.slice(0, 16) ?? 'is missing'}… is not the last entry's hash ${prev.slice(0, 16)}…: entries are missing from the end.`,
      },
      hashes,
    };
  }
  return {
    check: {
      ...base,
      ok: true,
      detail: `${round.log.length} entry hashes recomputed from the rules hash; the head ${prev.slice(0, 16)}… matches.`,
    },
    hashes,
  };
}

/** The result of checking a buyer's receipt against the published log. */
export interface ReceiptVerdict {
  ok: boolean;
  checks: FairnessCheck[];
}

/**
 * Does the published log still pass through this receipt? The chain must be intact, each receipt entry
 * must be in it with the same hash, and the receipt's head must be the hash of its last entry.
 */
export function checkReceipt(round: FairnessRound, receipt: FairnessReceipt): ReceiptVerdict {
  const checks: FairnessCheck[] = [];
  const sameRound = receipt.setId === round.setId;
  checks.push({
    id: 'receipt-round',
    label: 'Receipt belongs to this round',
    ok: sameRound,
    detail: sameRound
      ? `Round ${round.setId}.`
      : `The receipt is for round ${receipt.setId}, this page shows ${round.setId}.`,
  });
  if (!sameRound) return { ok: false, checks };
  const { check: chain, hashes } = checkChain(round);
  checks.push(chain);
  for (const entry of receipt.entries) {
    const found = hashes.get(`${entry.domain}-${entry.nonce}`);
    const ok = found === entry.hash;
    checks.push({
      id: `receipt-${entry.domain}-${entry.nonce}`,
      label: `Receipt ${entryName(entry)}`,
      ok,
      detail: ok
        ? `The chain passes through ${entry.hash.slice(0, 16)}….`
        : found === undefined
          ? `The verified chain has no ${entryName(entry)}: it was dropped, or the chain broke before it.`
          : `The chain has ${found.slice(0, 16)}… here, the receipt ${entry.hash.slice(0, 16)}…: the log was changed after the receipt was issued.`,
      entry: { domain: entry.domain, nonce: entry.nonce },
    });
  }
  const last = [...receipt.entries].sort(compareLogOrder).at(-1)!;
  const headOk = receipt.headHash === last.hash && hashes.get(`${last.domain}-${last.nonce}`) === receipt.headHash;
  checks.push({
    id: 'receipt-head',
    label: 'Receipt head is in the chain',
    ok: headOk,
    detail: headOk
      ? `The head right after the order, ${receipt.headHash.slice(0, 16)}…, is in the published chain.`
      : 'The receipt’s head hash is not in the published chain.',
  });
  return { ok: checks.every((c) => c.ok), checks };
}
