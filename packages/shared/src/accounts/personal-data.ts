import { z } from 'zod';
import { DAY_MS } from '../common/time.ts';
import { userDetailsSchema } from './schemas.ts';

/**
 * Personal data under Singapore's PDPA (docs/rules/personal-data.md): a shopper's data export and
 * the deletion of their account after a cooling-off period they may cancel. The numbers the server
 * enforces and the web and privacy page state live here once.
 */

/** A deletion request waits this long before the account is anonymised; the shopper may cancel it until then. */
export const DELETION_COOLING_OFF_DAYS = 7;
export const DELETION_COOLING_OFF_MS = DELETION_COOLING_OFF_DAYS * DAY_MS;
/** Orders, draws, payments and ledger rows are kept this long (docs/rules/records.md). */
export const RECORDS_KEPT_YEARS = 5;

/** What an anonymised account is called from then on: "deleted-" and ten hex digits of its request. */
export const DELETED_USERNAME_PREFIX = 'deleted-';
export function pseudonymOf(requestId: string): string {
  return `${DELETED_USERNAME_PREFIX}${requestId.replace(/-/g, '').slice(0, 10)}`;
}
/** The e-mail an anonymised account keeps: unique, and in a domain that can never receive mail. */
export const pseudonymEmailOf = (pseudonym: string) => `${pseudonym}@deleted.invalid`;

/** The file name of a download: `kujiya-data-2026-11-26.json`. */
export const dataExportFileName = (date: string) => `kujiya-data-${date}.json`;

export const personalDataMessages = {
  deletionPending: 'A deletion request is already pending.',
  noPendingDeletion: 'There is no pending deletion request.',
} as const;

/** POST /api/users/delete-account: the shopper confirms with their password. */
export const deleteAccountRequestSchema = z.object({
  password: z.string({ message: 'Password is required.' }).min(1, 'Password is required.').max(128),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/** A pending deletion as its shopper sees it: when it was asked, when it happens, what will be forfeited. */
export const accountDeletionSchema = z.object({
  id: z.string(),
  requestedAt: z.string(),
  deleteAt: z.string(),
  /** Units still in the inventory: forfeited at the deletion unless shipped or collected before. */
  unitsToForfeit: z.number().int(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** GET /api/users/delete-account (and the answer of POST): the pending request, or null. */
export const accountDeletionStatusSchema = z.object({ deletion: accountDeletionSchema.nullable() });
export type AccountDeletionStatus = z.infer<typeof accountDeletionStatusSchema>;

/** GET /api/admin/account-deletions: the pending requests, soonest first. */
export const adminAccountDeletionsSchema = z.object({
  deletions: z.array(
    z.object({
      id: z.string(),
      userId: z.string(),
      username: z.string(),
      requestedAt: z.string(),
      deleteAt: z.string(),
      unitsToForfeit: z.number().int(),
      /** True while a paid shipment or a booked collection is still open: the deletion waits for it. */
      waitingForParcels: z.boolean(),
    }),
  ),
});
export type AdminAccountDeletions = z.infer<typeof adminAccountDeletionsSchema>;

const records = z.array(z.record(z.string(), z.unknown()));

/** GET /api/users/data-export: every part of a shopper's data the shop holds, as JSON. */
export const dataExportSchema = z.object({
  exportedAt: z.string(),
  profile: userDetailsSchema.extend({ id: z.string(), country: z.string(), createdAt: z.string() }),
  orders: records,
  /** Each paid order's draws: its fairness receipt and its lottery / double-chance picks. */
  draws: records,
  /** Batches still held and every movement out of the inventory. */
  inventory: z.object({ held: records, history: records }),
  shipments: records,
  collections: records,
  trades: records,
  tokenLedger: records,
  notifications: records,
});
export type DataExport = z.infer<typeof dataExportSchema>;
