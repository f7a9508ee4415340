import { sql } from 'drizzle-orm';
import type { AdminAccount } from '@kujiya/shared';
import { admins } from './tables.ts';

export type AdminRow = typeof admins.$inferSelect;
export const adminUsernameKey = sql`lower(${admins.username})`;
export const adminEmailKey = sql`lower(${admins.email})`;

export const toAdminAccount = (row: AdminRow): AdminAccount => ({
  id: row.id,
  username: row.username,
  email: row.email,
  role: row.role,
  disabled: row.disabledAt !== null,
  passwordSet: row.passwordHash !== null,
  createdAt: row.createdAt.toISOString(),
});
/** What the audit log keeps of an admin: never the password hash. */
export const auditView = (row: AdminRow) => {
  const { createdAt: _c, ...rest } = toAdminAccount(row);
  return rest;
};
