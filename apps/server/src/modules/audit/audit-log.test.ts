import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, shopOpsMessages, type AuditEntry } from '@kujiya/shared';
import { TestClock } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, post } from '../accounts/test-helpers.ts';
import { testShopper } from '../token-shop/test-helpers.ts';

const OWNER = { username: 'Owner', password: 'Owner123!' };

// The shop-wide audit log (docs/rules/back-office.md): every admin change, newest first, filtered.
describe('GET /api/admin/audit-log', () => {
  let t: TestApp;
  // 2026-06-01 20:00 Singapore time.
  const clock = new TestClock('2026-06-01T12:00:00.000Z');
  let owner: Record<string, string>;
  let staff: Record<string, string>;
  let shopperId: string;
  const packageIds: string[] = [];

  const log = async (query = '', headers = owner) =>
    t.app.inject({ method: 'GET', url: `/api/admin/audit-log${query}`, headers });
  const entries = async (query: string) => {
    const res = await log(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().entries as AuditEntry[];
  };

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password } });
    owner = bearer((await post(t, '/api/admin/login', OWNER)).json().token);
    // Day 1 (1 June, Singapore): 22 packages, one every minute.
    for (let i = 0; i < 22; i++) {
      clock.advance(60_000);
      const res = await post(
        t,
        '/api/admin/token-packages',
        { packageName: `Pack ${i}`, tokenAmount: 10 + i, price: 100 + i },
        owner,
      );
      expect(res.statusCode, res.body).toBe(201);
      packageIds.push(res.json().id);
    }
    // 16:30 UTC is 00:30 on 2 June in Singapore: a day-2 change, though still 1 June in UTC.
    clock.set(new Date('2026-06-01T16:30:00.000Z'));
    shopperId = (await testShopper(t, 'ruth')).user.id;
    expect((await post(t, `/api/admin/shoppers/${shopperId}/disable`, {}, owner)).statusCode).toBe(200);
    // Day 3: an invitation (a second admin), who then works too.
    clock.set(new Date('2026-06-03T02:00:00.000Z'));
    // A new session: the admin token of day 1 has expired.
    owner = bearer((await post(t, '/api/admin/login', OWNER)).json().token);
    expect(
      (await post(t, '/api/admin/admins', { username: 'counter', email: 'counter@kujiya.test', role: 'owner' }, owner))
        .statusCode,
    ).toBe(201);
    await t.services.mail.deliverQueued();
    const [mail] = await t.services.mail.listOutbox({ to: 'counter@kujiya.test', limit: 1 });
    const token = mail!.text.match(/\/admin\/set-password\/([A-Za-z0-9_-]{43})/)![1];
    expect((await post(t, '/api/admin/invitations/accept', { token, password: 'Counter123!' })).statusCode).toBe(200);
    const counter = bearer(
      (await post(t, '/api/admin/login', { username: 'counter', password: 'Counter123!' })).json().token,
    );
    clock.advance(60_000);
    expect((await post(t, `/api/admin/shoppers/${shopperId}/enable`, {}, counter)).statusCode).toBe(200);
    // A staff admin, to check who may read the log.
    expect(
      (await post(t, '/api/admin/admins', { username: 'desk', email: 'desk@kujiya.test', role: 'staff' }, owner))
        .statusCode,
    ).toBe(201);
    await t.services.mail.deliverQueued();
    const [deskMail] = await t.services.mail.listOutbox({ to: 'desk@kujiya.test', limit: 1 });
    const deskToken = deskMail!.text.match(/\/admin\/set-password\/([A-Za-z0-9_-]{43})/)![1];
    await post(t, '/api/admin/invitations/accept', { token: deskToken, password: 'Desk1234!' });
    staff = bearer((await post(t, '/api/admin/login', { username: 'desk', password: 'Desk1234!' })).json().token);
  });
  afterAll(async () => t.close());

  it('lists every change of the shop, newest first, 20 a page, with who, what, which record and when', async () => {
    const first = await log();
    expect(first.statusCode).toBe(200);
    const body = first.json();
    // 22 packages + disable + invite + enable + invite = 26 entries.
    expect(body.totalPages).toBe(2);
    expect(body.entries).toHaveLength(ADMIN_PAGE_SIZE);
    expect(body.entries[0]).toMatchObject({ action: 'admin.invite', adminName: 'Owner', entityType: 'admin' });
    expect(body.entries[1]).toMatchObject({
      action: 'shopper.enable',
      adminName: 'counter',
      entityType: 'shopper',
      entityId: shopperId,
    });
    const times = body.entries.map((e: AuditEntry) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = (await log('?page=2')).json();
    expect(second.entries).toHaveLength(26 - ADMIN_PAGE_SIZE);
    expect(second.entries.at(-1)).toMatchObject({ action: 'token_package.create', entityId: packageIds[0] });
    // The filters' choices: every admin and every action in the log.
    expect([...body.actors].sort()).toEqual(['Owner', 'counter'].sort());
    expect(body.actions).toEqual(['admin.invite', 'shopper.disable', 'shopper.enable', 'token_package.create']);
  });

  it('filters by actor (any case), action, target and Singapore days', async () => {
    expect((await entries('?actor=COUNTER')).map((e) => e.action)).toEqual(['shopper.enable']);
    expect((await entries('?action=shopper.disable')).map((e) => e.entityId)).toEqual([shopperId]);
    expect((await entries(`?entityType=shopper&entityId=${shopperId}`)).map((e) => e.action)).toEqual([
      'shopper.enable',
      'shopper.disable',
    ]);
    expect(await entries(`?entityType=token_package&entityId=${shopperId}`)).toEqual([]);
    // 2 June in Singapore holds only the disable made at 00:30 SGT (still 1 June in UTC).
    expect((await entries('?from=2026-06-02&to=2026-06-02')).map((e) => e.action)).toEqual(['shopper.disable']);
    const dayOne = await log('?to=2026-06-01');
    expect(dayOne.json().entries.every((e: AuditEntry) => e.action === 'token_package.create')).toBe(true);
    expect(dayOne.json().totalPages).toBe(2);
    expect((await entries('?from=2026-06-03&actor=owner')).map((e) => e.action)).toEqual([
      'admin.invite',
      'admin.invite',
    ]);
    expect(await entries('?actor=nobody')).toEqual([]);
  });

  it('refuses bad filters with a 400 and a staff admin with the owner-only 403', async () => {
    expect((await log('?from=2026-13-45')).json()).toEqual({
      message: 'from must be a date (YYYY-MM-DD)',
      code: 'VALIDATION_FAILED',
    });
    expect((await log('?from=yesterday')).statusCode).toBe(400);
    expect((await log('?from=2026-06-03&to=2026-06-01')).json()).toEqual({
      message: 'from must not be after to',
      code: 'VALIDATION_FAILED',
    });
    expect((await log('?entityType=planet')).statusCode).toBe(400);
    expect((await log('?page=0')).statusCode).toBe(400);
    const refused = await log('', staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: shopOpsMessages.ownerOnly, code: 'OWNER_ONLY' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(401);
  });
});
