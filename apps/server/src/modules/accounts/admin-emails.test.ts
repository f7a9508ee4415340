import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, shopOpsMessages } from '@kujiya/shared';
import { migrationsFolder, type Database } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { bearer, post } from './test-helpers.ts';

const OWNER = { username: 'Owner', password: 'Owner123!' };

/** One admin per e-mail address, any case (docs/rules/shop-ops.md): the invitation answers 409. */
describe("admins' e-mail addresses", () => {
  let t: TestApp;
  let owner: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password } });
    owner = bearer((await post(t, '/api/admin/login', OWNER)).json().token);
  });
  afterAll(async () => t.close());

  const invite = (username: string, email: string) =>
    post(t, '/api/admin/admins', { username, email, role: 'staff' }, owner);
  const adminsAt = async (email: string) =>
    (
      await t.database.executeSql('select username from admins where lower(email) = $1 order by username', [
        email.toLowerCase(),
      ])
    ).rows.map((row) => row.username);
  const invitationsTo = async (email: string) =>
    (await t.database.executeSql('select count(*)::int as n from mail_queue where "to" = $1', [email])).rows[0]!.n;

  it('refuses a second admin at a taken address, any case, with 409 and changes nothing', async () => {
    expect((await invite('desk1', 'desk@kujiya.test')).statusCode).toBe(201);
    for (const email of ['desk@kujiya.test', 'Desk@Kujiya.TEST']) {
      const again = await invite('desk2', email);
      expect([again.statusCode, again.json()]).toEqual([
        409,
        { message: shopOpsMessages.adminEmailTaken, code: ErrorCode.ADMIN_EMAIL_TAKEN },
      ]);
    }
    expect(await adminsAt('desk@kujiya.test')).toEqual(['desk1']);
    expect(await invitationsTo('desk@kujiya.test')).toBe(1);
    // The username's own refusal is unchanged; another address is a new admin.
    expect((await invite('DESK1', 'other@kujiya.test')).json().code).toBe(ErrorCode.ADMIN_TAKEN);
    expect((await invite('desk2', 'desk2@kujiya.test')).statusCode).toBe(201);
  });

  it('gives one 201 and one 409 to two invitations at once with one address, several times over', async () => {
    for (let round = 0; round < 5; round++) {
      const email = `race${round}@kujiya.test`;
      const answers = await Promise.all([invite(`racer${round}a`, email), invite(`racer${round}b`, email)]);
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses, answers.map((a) => a.body).join(' ')).toEqual([201, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe(ErrorCode.ADMIN_EMAIL_TAKEN);
      expect(await adminsAt(email)).toHaveLength(1);
      expect(await invitationsTo(email)).toBe(1);
    }
  });
});

/**
 * Migration 0026 on a live shop's rows: admins that already share an address (any case) keep their
 * accounts, the oldest keeps the address, each clearing is audited, and the unique index is built.
 */
describe('the migration of shared admin addresses', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it('clears the later duplicates, audits each, and then refuses a duplicate', async () => {
    const migration = await fs.readFile(path.join(migrationsFolder, '0026_admin_email_unique.sql'), 'utf8');
    // The shop as it was before the migration: no index, three admins on one address, two on another.
    await database.executeSql('drop index admins_email_lower_idx');
    const admins: [string, string | null, string][] = [
      ['first', 'Shared@kujiya.test', '2026-01-01T00:00:00Z'],
      ['second', 'shared@kujiya.test', '2026-01-02T00:00:00Z'],
      ['third', 'SHARED@KUJIYA.TEST', '2026-01-03T00:00:00Z'],
      ['alone', 'alone@kujiya.test', '2026-01-01T00:00:00Z'],
      ['envAdmin', null, '2026-01-01T00:00:00Z'],
      ['twinB', 'twin@kujiya.test', '2026-02-02T00:00:00Z'],
      ['twinA', 'twin@kujiya.test', '2026-02-01T00:00:00Z'],
    ];
    for (const [username, email, createdAt] of admins)
      await database.executeSql('insert into admins (username, email, role, created_at) values ($1, $2, $3, $4)', [
        username,
        email,
        'staff',
        createdAt,
      ]);
    await database.executeSql(migration);
    const { rows } = await database.executeSql('select username, email from admins order by username');
    expect(rows).toEqual([
      { username: 'alone', email: 'alone@kujiya.test' },
      { username: 'envAdmin', email: null },
      { username: 'first', email: 'Shared@kujiya.test' },
      { username: 'second', email: null },
      { username: 'third', email: null },
      { username: 'twinA', email: 'twin@kujiya.test' },
      { username: 'twinB', email: null },
    ]);
    const audit = await database.executeSql(
      `select a.username, e.admin_name, e.action, e.before, e.after from audit_entries e
         join admins a on a.id::text = e.entity_id where e.entity_type = 'admin' order by a.username`,
    );
    expect(audit.rows).toEqual(
      [
        ['second', 'shared@kujiya.test'],
        ['third', 'SHARED@KUJIYA.TEST'],
        ['twinB', 'twin@kujiya.test'],
      ].map(([username, email]) => ({
        username,
        admin_name: 'migration',
        action: 'admin.email_cleared',
        before: { email },
        after: { email: null },
      })),
    );
    await expect(
      database.executeSql('insert into admins (username, email, created_at) values ($1, $2, now())', [
        'late',
        'ALONE@kujiya.test',
      ]),
    ).rejects.toThrow(/admins_email_lower_idx/);
  });
});
