import { customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea as a Node Buffer (both drivers hand back Buffer/Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Stored images, content-addressed: the name is the first 32 hex characters of the SHA-256 of the
 * bytes plus an extension, so a name never changes meaning and can be cached forever.
 */
export const images = pgTable(
  'images',
  {
    name: text('name').primaryKey(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * The shopper who uploaded it as a profile picture (the only images a shopper can add); null for
     * the shop's own images, and cleared when the shop stores the same bytes itself. Only owned
     * images are ever deleted (a replaced picture).
     */
    ownerUserId: uuid('owner_user_id'),
  },
  (t) => [index('images_owner_idx').on(t.ownerUserId)],
);
