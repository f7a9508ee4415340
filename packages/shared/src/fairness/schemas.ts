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
});
export type FairnessRound = z.infer<typeof fairnessRoundSchema>;
