import { z } from 'zod';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'Expected 64 lowercase hex characters');

/**
 * The shopper's client seed, sent as `clientSeed` with every purchase (docs/rules/fairness.md). Any printable text;
 * the browser makes a random one and the shopper may type their own.
 */
export const clientSeedSchema = z
  .string()
  .trim()
  .min(1, 'Client seed must not be empty')
  .max(128, 'Client seed must be at most 128 characters')
  .regex(/^[^\p{Cc}]+$/u, 'Client seed must not contain control characters');

/** Which draw a log entry records: a ticket taken at purchase, or a sell-out pick. */
export const fairnessDomainSchema = z.enum(['ticket', 'lottery', 'double']);
export type FairnessDomain = z.infer<typeof fairnessDomainSchema>;

/**
 * One entry of a round's public draw log.
 * - ticket: `nonce` is the round-wide ticket nonce, `clientSeed` the purchase's seed, `ticketIndex`
 *   the ticket taken, `letter` its prize letter.
 * - lottery / double: `nonce` is the pick number n of "lottery:" + n / "double:" + n, `clientSeed`
 *   is null, `ticketIndex` the winning ticket, `letter` the prize letter (lottery) or the
 *   double-chance prize's rank, e.g. 'DC1' (double).
 */
export const fairnessLogEntrySchema = z.object({
  domain: fairnessDomainSchema,
  nonce: z.number().int().nonnegative(),
  clientSeed: z.string().nullable(),
  ticketIndex: z.number().int().nonnegative(),
  letter: z.string().min(1),
  /** Masked buyer name, e.g. 'd***o'. */
  buyer: z.string(),
  /** ISO time of the draw. */
  at: z.string(),
  /**
   * The entry's link in the chained log: SHA-256 of prev|domain|nonce|clientSeed|ticketIndex|letter
   * (docs/rules/fairness.md). Null only for rounds opened before the chained log existed.
   */
  hash: hex64.nullable(),
});
export type FairnessLogEntry = z.infer<typeof fairnessLogEntrySchema>;

/**
 * GET /api/fairness/{setId}: everything needed to check a round's draws (docs/rules/fairness.md).
 * `serverSeed` is null until the round sells out or is reloaded. `box` is the canonical box (letter of
 * each ticket index). `prizes` are the letter prizes' initial quantities (the box must match them);
 * `doubleChancePrizes` the double-chance prizes in draw order (each unit's label is its `rank`).
 */
export const fairnessRoundSchema = z.object({
  setId: z.string(),
  productId: z.string().optional(),
  productName: z.string(),
  sku: z.string(),
  status: z.string(),
  commitment: hex64,
  serverSeed: hex64.nullable(),
  box: z.array(z.string().min(1)),
  prizes: z.array(z.object({ letter: z.string().min(1), quantity: z.number().int().nonnegative() })),
  lottery: z.boolean(),
  doubleChancePrizes: z.array(
    z.object({ rank: z.string().min(1), name: z.string(), quantity: z.number().int().nonnegative() }),
  ),
  log: z.array(fairnessLogEntrySchema),
  /** The rules document committed when the round opened (exact bytes), null for older rounds. */
  rules: z.string().nullable(),
  /** SHA-256 of `rules`: the chain's starting point. */
  rulesHash: hex64.nullable(),
  /** The last entry's hash, or `rulesHash` before the first draw. */
  headHash: hex64.nullable(),
});
export type FairnessRound = z.infer<typeof fairnessRoundSchema>;

/** One of an order's log entries in a receipt. */
export const fairnessReceiptEntrySchema = z.object({
  domain: fairnessDomainSchema,
  nonce: z.number().int().nonnegative(),
  hash: hex64,
});
export type FairnessReceiptEntry = z.infer<typeof fairnessReceiptEntrySchema>;

/**
 * A paid order's receipt (docs/rules/fairness.md): the round, the order's log entries in log order and
 * the chain's head right after the last of them. Kept by the buyer, it shows whether the published log
 * still passes through their entries.
 */
export const fairnessReceiptSchema = z.object({
  setId: z.string().min(1),
  entries: z.array(fairnessReceiptEntrySchema).min(1, 'A receipt lists at least one entry'),
  headHash: hex64,
});
export type FairnessReceipt = z.infer<typeof fairnessReceiptSchema>;

/**
 * GET /api/admin/fairness/{setId}/export: a round's full record as one file: the public round (rules,
 * commitment, seed once revealed, chained log) with each log entry's order id, and every order's entries.
 */
export const fairnessExportSchema = fairnessRoundSchema.extend({
  exportedAt: z.string(),
  log: z.array(fairnessLogEntrySchema.extend({ orderId: z.string().nullable() })),
  orders: z.array(z.object({ orderId: z.string(), receipt: fairnessReceiptSchema })),
});
export type FairnessExport = z.infer<typeof fairnessExportSchema>;
