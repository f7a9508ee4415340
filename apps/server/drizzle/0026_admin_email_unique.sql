-- One admin per e-mail address, any case (docs/rules/shop-ops.md). Admins that already share one keep
-- their accounts: the oldest keeps the address, the others' is cleared (it only said where their
-- invitation went; they sign in by username), and each clearing is written to the audit log with
-- the address, so the index below can be built on a live shop's rows.
WITH ranked AS (
  SELECT id, email, row_number() OVER (PARTITION BY lower(email) ORDER BY created_at, id) AS place
  FROM admins
  WHERE email IS NOT NULL
), cleared AS (
  UPDATE admins SET email = NULL
  FROM ranked
  WHERE admins.id = ranked.id AND ranked.place > 1
  RETURNING admins.id, ranked.email
)
INSERT INTO audit_entries (admin_id, admin_name, at, action, entity_type, entity_id, before, after)
SELECT '00000000-0000-0000-0000-000000000000', 'migration', now(), 'admin.email_cleared', 'admin', cleared.id::text,
       jsonb_build_object('email', cleared.email), jsonb_build_object('email', NULL)
FROM cleared;--> statement-breakpoint
CREATE UNIQUE INDEX "admins_email_lower_idx" ON "admins" USING btree (lower("email"));
