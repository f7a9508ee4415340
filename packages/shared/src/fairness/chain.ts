import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { fairnessReceiptSchema, type FairnessDomain, type FairnessReceipt } from './schemas.ts';

/**
 * The chained draw log and committed rules (docs/rules/fairness.md): a round's rules document and its
 * hash, and the hash chain over every log entry. Pure and synchronous so the server, the fairness page
 * and the tests compute byte-for-byte the same text.
 */

export const RULES_VERSION = 'kujiya-fair-1';

/** What a round commits to when it opens. */
export interface RulesInput {
  setId: string;
  /** The canonical box: ticket i's letter. */
  box: readonly string[];
  /** The set has a Last Prize (goes to the order taking the final ticket). */
  lastPrize: boolean;
  /** Double-chance prizes in draw order. */
  doubleChance: ReadonlyArray<{ rank: string; quantity: number }>;
  commitment: string;
}

export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

/**
 * The rules document: JSON with the keys in this exact order and no spaces, so anyone can rebuild
 * it from the public data and get the same bytes.
 */
export function rulesDocument(input: RulesInput): string {
  return JSON.stringify({
    version: RULES_VERSION,
    setId: input.setId,
    box: [...input.box],
    lastPrize: input.lastPrize,
    doubleChance: input.doubleChance.map((d) => ({ rank: d.rank, quantity: d.quantity })),
    commitment: input.commitment,
  });
}

/** One entry as the chain sees it. `clientSeed` is null (hashed as empty) for sell-out picks. */
export interface ChainEntryInput {
  domain: FairnessDomain;
  nonce: number;
  clientSeed: string | null;
  ticketIndex: number;
  letter: string;
}

/** The text hashed for an entry: prev|domain|nonce|clientSeed|ticketIndex|letter. */
export function chainText(prev: string, entry: ChainEntryInput): string {
  const clientSeed = entry.domain === 'ticket' ? (entry.clientSeed ?? '') : '';
  return `${prev}|${entry.domain}|${entry.nonce}|${clientSeed}|${entry.ticketIndex}|${entry.letter}`;
}

/** hash_i = SHA-256(prev | domain | nonce | clientSeed | ticketIndex | letter), lowercase hex. */
export function chainHash(prev: string, entry: ChainEntryInput): string {
  return sha256Hex(chainText(prev, entry));
}

/** Hashes entries appended after `head` in order; returns each entry's hash and the new head. */
export function extendChain(head: string, entries: readonly ChainEntryInput[]): { hashes: string[]; head: string } {
  const hashes: string[] = [];
  let prev = head;
  for (const entry of entries) {
    prev = chainHash(prev, entry);
    hashes.push(prev);
  }
  return { hashes, head: prev };
}

/** Log order: ticket draws by nonce, then lottery picks, then double-chance picks, each by pick number. */
export const DOMAIN_ORDER: Record<FairnessDomain, number> = { ticket: 0, lottery: 1, double: 2 };
export function compareLogOrder(
  a: { domain: FairnessDomain; nonce: number },
  b: { domain: FairnessDomain; nonce: number },
): number {
  return DOMAIN_ORDER[a.domain] - DOMAIN_ORDER[b.domain] || a.nonce - b.nonce;
}

const RECEIPT_MARK = ' Fairness receipt: ';

/**
 * A notice stored with its receipt in the text ("{sentence} Fairness receipt: {json}", as they were
 * once written): the sentence and the receipt apart, or null for any other text.
 */
export function splitReceiptNotice(message: string): { text: string; receipt: FairnessReceipt } | null {
  const at = message.indexOf(RECEIPT_MARK);
  if (at < 0) return null;
  const parsed = fairnessReceiptSchema.safeParse(extractReceiptJson(message.slice(at + RECEIPT_MARK.length)));
  return parsed.success ? { text: message.slice(0, at), receipt: parsed.data } : null;
}

/** The fairness page address that checks a receipt against the round's published log. */
export function receiptVerifyPath(receipt: FairnessReceipt): string {
  return `/fairness/${encodeURIComponent(receipt.setId)}?receipt=${encodeURIComponent(JSON.stringify(receipt))}`;
}

/**
 * Finds a receipt in pasted text: the receipt JSON itself, a notification that ends with one, or a
 * verify link's `receipt` parameter. Returns the parsed JSON value, or null when there is none.
 */
export function extractReceiptJson(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1)) as unknown;
  } catch {
    return null;
  }
}
