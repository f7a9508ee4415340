import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  accountDeletionStatusSchema,
  buildPublicFairnessVerdict,
  dataExportSchema,
  DELETION_COOLING_OFF_MS,
  fairnessRoundSchema,
} from '@kujiya/shared';
import { DAY, MINUTE, TestClock } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, post, signUp } from '../accounts/test-helpers.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { call, confirmCard, givePrizes } from '../fulfilment/test-helpers.ts';
import { fundedShopper, useTokens, type Shopper } from '../orders/test-helpers.ts';
import { createTrade, makeOffer, wantedOf } from '../trading/test-helpers.ts';

const OWNER = { username: 'pdpa_owner', password: 'Owner123!' };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** Alice's personal values: after the deletion none of them may be found in any table. */
const ALICE = {
  username: 'AlicePdpa',
  email: 'alice.pdpa@example.com',
  phoneNumber: '98761234',
  fullName: 'Alice Tan Meiling',
  postalCode: '238801',
  unitNumber: '#17-42',
  fullAddress: '77 Orchard Boulevard Tower',
};

type Method = 'GET' | 'POST' | 'DELETE';
const send = (t: TestApp, headers: Record<string, string>, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** Every table of the shop's schema as text, one line per row (the dump the deletion is checked against). */
async function dumpEveryTable(t: TestApp): Promise<Map<string, string[]>> {
  const tables = (await t.ctx.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const dump = new Map<string, string[]>();
  for (const { table_name } of tables.rows) {
    const rows = (await t.ctx.db.execute(
      sql`select row_to_json(r)::text as line from ${sql.identifier(table_name)} r`,
    )) as unknown as { rows: { line: string }[] };
    dump.set(
      table_name,
      rows.rows.map((r) => r.line),
    );
  }
  return dump;
}

/** The tables whose rows mention any of the values (case-insensitive), with the value found. */
function mentions(dump: Map<string, string[]>, values: string[]): string[] {
  const found: string[] = [];
  for (const [table, lines] of dump)
    for (const line of lines)
      for (const value of values)
        if (line.toLowerCase().includes(value.toLowerCase())) found.push(`${table}: ${value}`);
  return [...new Set(found)];
}

describe('personal data (PDPA)', () => {
  const clock = new TestClock('2026-11-21T04:00:00.000Z');
  let t: TestApp;
  let alice: Shopper & { password: string };
  let bob: Shopper;
  let owner: Record<string, string>;
  let setId: string;
  let shipmentId: string;
  let tradeId: string;
  let bobOffered: string;

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password } });
    owner = bearer((await post(t, '/api/admin/login', OWNER)).json().token);
    const session = await signUp(t, { username: ALICE.username, email: ALICE.email });
    const me = await t.services.accounts.findAccount(ALICE.email);
    alice = {
      user: { id: me!.id, username: ALICE.username, role: 'user' },
      headers: bearer(session.token),
      password: session.password,
    };
    const { username: _u, email: _e, ...address } = ALICE;
    await t.services.accounts.updateProfile(
      alice.user,
      { ...address, country: 'SG' },
      { bytes: PNG, contentType: 'image/png' },
    );
    // Purchases: tokens, a draw of 3 tickets with its receipt.
    await t.ctx.db.transaction((tx) =>
      t.services.wallet.credit(tx, { userId: alice.user.id, amount: 500, source: 'purchase', reference: 'test-funds' }),
    );
    setId = (await createTestProduct(t)).setId;
    expect((await useTokens(t, alice, { setId, ticketsBought: 3 })).statusCode).toBe(200);
    // A shipment paid by card and sent; a trade with another shopper's offer on it.
    const ids = await givePrizes(t, alice, { A: 2, B: 3, C: 1 });
    const shipping = await call(t, alice, 'POST', '/api/payment/shipping/create-intent', {
      inventoryItems: [{ batchId: ids.A!, quantity: 1 }],
      useProfileAddress: true,
    });
    expect(shipping.statusCode, shipping.body).toBe(200);
    shipmentId = shipping.json().shipmentId;
    expect((await confirmCard(t, shipping.json().clientSecret)).statusCode).toBe(200);
    await t.ctx.db.transaction((tx) => t.services.fulfilment.markShipped(tx, shipmentId));
    bob = await fundedShopper(t, 'bob_pdpa', 0);
    const bobIds = await givePrizes(t, bob, { A: 1 });
    bobOffered = bobIds.A!;
    tradeId = await createTrade(t, alice, [{ batchId: ids.B!, quantity: 1 }], [await wantedOf(t, bobOffered)]);
    await makeOffer(t, bob, tradeId, [{ batchId: bobOffered, quantity: 1 }]);
    // The owner disables and enables alice: the audit log holds her summary (name and e-mail).
    expect((await send(t, owner, 'POST', `/api/admin/shoppers/${alice.user.id}/disable`)).statusCode).toBe(200);
    expect((await send(t, owner, 'POST', `/api/admin/shoppers/${alice.user.id}/enable`)).statusCode).toBe(200);
    await login();
  });

  /** A fresh session for alice (a token lives 7 days, as long as the cooling-off period). */
  async function login() {
    const res = await post(t, '/api/users/login', { username: ALICE.username, password: alice.password });
    expect(res.statusCode, res.body).toBe(200);
    alice.headers = bearer(res.json().token);
  }
  afterAll(async () => t.close());

  it("exports every part of the shopper's data, as a no-store attachment", async () => {
    const res = await send(t, alice.headers, 'GET', '/api/users/data-export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="kujiya-data-2026-11-21.json"');
    expect(res.headers['cache-control']).toBe('no-store');
    const data = dataExportSchema.parse(res.json());
    expect(data.profile).toMatchObject({
      id: alice.user.id,
      username: ALICE.username,
      email: ALICE.email,
      phoneNumber: ALICE.phoneNumber,
      shippingAddress: { fullName: ALICE.fullName, fullAddress: ALICE.fullAddress, postalCode: ALICE.postalCode },
    });
    expect(data.orders).toEqual([expect.objectContaining({ roundId: setId, numberOfTickets: 3, status: 'paid' })]);
    expect(data.draws).toHaveLength(1);
    const receipt = data.draws[0]!.receipt as { setId: string; entries: unknown[] };
    expect(receipt.setId).toBe(setId);
    expect(receipt.entries).toHaveLength(3);
    expect((data.draws[0]!.prizes as string[]).length).toBe(3);
    expect(data.inventory.held.length).toBeGreaterThan(0);
    expect(data.inventory.history).toEqual([expect.objectContaining({ kind: 'shipped', quantity: 1 })]);
    expect(data.shipments).toEqual([
      expect.objectContaining({
        id: shipmentId,
        status: 'paid',
        receiverFullAddress: ALICE.fullAddress,
        receiverName: ALICE.fullName,
      }),
    ]);
    expect(data.trades).toEqual([expect.objectContaining({ kind: 'trade', _id: tradeId, completedAt: null })]);
    const order = data.orders[0] as { totalCost: number };
    expect(data.tokenLedger.map((row) => row.delta)).toEqual([500, -order.totalCost]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.collections).toEqual([]);
    expect((await send(t, {}, 'GET', '/api/users/data-export')).statusCode).toBe(403);
  });

  it('refuses a wrong password and changes nothing', async () => {
    const wrong = await send(t, alice.headers, 'POST', '/api/users/delete-account', { password: 'Wrong123!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    expect((await send(t, alice.headers, 'GET', '/api/users/delete-account')).json()).toEqual({ deletion: null });
  });

  it('a request cancelled within the cooling-off period changes nothing', async () => {
    const before = await dumpEveryTable(t);
    const started = await send(t, alice.headers, 'POST', '/api/users/delete-account', { password: alice.password });
    expect(started.statusCode, started.body).toBe(200);
    const { deletion } = accountDeletionStatusSchema.parse(started.json());
    expect(deletion!.deleteAt).toBe(new Date(clock.now().getTime() + DELETION_COOLING_OFF_MS).toISOString());
    // The warning lists what will be forfeited.
    // (Found by its subject: the receipts queued on the same test clock's instant may sort after it.)
    const queued = await t.services.mail.listQueue({ to: ALICE.email });
    const warnings = queued.filter((m) => m.subject === 'Your Kujiya account is scheduled for deletion');
    expect(warnings).toHaveLength(1);
    const warning = warnings[0]!;
    // A templated mail: its text is rendered when it is sent, from the data queued here.
    expect(JSON.stringify(warning.data)).toMatch(/will be forfeited/);
    expect(deletion!.unitsToForfeit).toBe(6 - 1 + 3); // 5 won units left after shipping one, and 3 drawn tickets
    const again = await send(t, alice.headers, 'POST', '/api/users/delete-account', { password: alice.password });
    expect(again.json().deletion.id).toBe(deletion!.id);
    const listed = (await send(t, owner, 'GET', '/api/admin/account-deletions')).json();
    expect(listed.deletions).toEqual([
      expect.objectContaining({ id: deletion!.id, username: ALICE.username, waitingForParcels: false }),
    ]);
    expect((await send(t, alice.headers, 'DELETE', '/api/users/delete-account')).statusCode).toBe(200);
    expect((await send(t, alice.headers, 'DELETE', '/api/users/delete-account')).statusCode).toBe(404);
    clock.advance(DELETION_COOLING_OFF_MS + DAY);
    expect(await t.services.personalData.runDueDeletions()).toEqual({ deleted: 0, waiting: 0 });
    // Nothing personal changed: the same values in the same tables as before the request.
    const after = await dumpEveryTable(t);
    const values = Object.values(ALICE);
    const personalRows = (dump: Map<string, string[]>) =>
      [...dump].map(([table, lines]) => [
        table,
        lines.filter(
          (l) => values.some((v) => l.toLowerCase().includes(v.toLowerCase())) && !l.includes('scheduled for deletion'),
        ).length,
      ]);
    expect(personalRows(after)).toEqual(personalRows(before));
    await login();
    expect((await send(t, alice.headers, 'GET', '/api/users/me')).statusCode).toBe(200);
  });

  it('after the cooling-off period, anonymises every personal field and keeps the records', async () => {
    const ledgerBefore = await t.services.wallet.ledger(alice.user.id);
    const ordersBefore = await t.services.orders.ordersOfUser(alice.user.id);
    const fairRound = async () =>
      fairnessRoundSchema.parse((await send(t, {}, 'GET', `/api/fairness/${setId}`)).json());
    const roundBefore = await fairRound();
    // Before: the values are found in these tables (so the check below can fail).
    const holders = new Set(mentions(await dumpEveryTable(t), Object.values(ALICE)).map((m) => m.split(':')[0]));
    expect([...holders]).toEqual(
      expect.arrayContaining(['users', 'orders', 'shipments', 'mail_queue', 'mail_outbox', 'audit_entries']),
    );
    const started = await send(t, alice.headers, 'POST', '/api/users/delete-account', { password: alice.password });
    const requestId = started.json().deletion.id as string;
    // Still signed in during the period.
    clock.advance(DELETION_COOLING_OFF_MS - MINUTE);
    expect(await t.services.personalData.runDueDeletions()).toEqual({ deleted: 0, waiting: 0 });
    await login();
    expect((await send(t, alice.headers, 'GET', '/api/users/me')).statusCode).toBe(200);
    clock.advance(2 * MINUTE);
    // Two runs at once (two instances' job): one deletes, the other finds it taken.
    const runs = await Promise.all([
      t.services.personalData.runDueDeletions(),
      t.services.personalData.runDueDeletions(),
    ]);
    expect(runs.reduce((n, r) => n + r.deleted, 0)).toBe(1);
    expect(await t.services.personalData.runDueDeletions()).toEqual({ deleted: 0, waiting: 0 });

    // No table holds any of alice's personal values any more.
    expect(mentions(await dumpEveryTable(t), Object.values(ALICE))).toEqual([]);
    expect(await t.services.media.imagesOwnedBy(t.ctx.db, alice.user.id)).toEqual([]);
    // Sessions ended; the old name cannot log in.
    expect((await send(t, alice.headers, 'GET', '/api/users/me')).statusCode).toBe(403);
    expect((await post(t, '/api/users/login', { username: ALICE.username, password: alice.password })).statusCode).toBe(
      401,
    );
    // Orders and ledger rows kept under the pseudonym; the fairness chain still verifies.
    const pseudonym = `deleted-${requestId.replace(/-/g, '').slice(0, 10)}`;
    const ordersAfter = await t.services.orders.ordersOfUser(alice.user.id);
    expect(ordersAfter.map((o) => ({ ...o, username: 'x' }))).toEqual(
      ordersBefore.map((o) => ({ ...o, username: 'x' })),
    );
    expect(ordersAfter.every((o) => o.username === pseudonym)).toBe(true);
    expect(await t.services.wallet.ledger(alice.user.id)).toEqual(ledgerBefore);
    const round = await fairRound();
    expect(round.headHash).toBe(roundBefore.headHash);
    expect(round.log.map((e) => e.hash)).toEqual(roundBefore.log.map((e) => e.hash));
    const verdict = buildPublicFairnessVerdict(round);
    expect(verdict.firstMismatch).toBeUndefined();
    expect(verdict.checks.filter((c) => !c.ok)).toEqual([]);
    // The open trade was cancelled and bob's offered unit is his again; alice's free units were forfeited.
    const bobFree = (await t.services.inventory.batchesOfUser(bob.user.id)).find((b) => b.id === bobOffered)!;
    expect(bobFree.locked).toBe(0);
    expect((await t.services.trading.tradesOfUser(alice.user.id)).map((tr) => tr.status)).toEqual(['cancelled']);
    expect(await t.services.inventory.batchesOfUser(alice.user.id)).toEqual([]);
    const forfeited = (await t.services.inventory.movementsOfUser(alice.user.id)).filter((m) => m.kind === 'forfeited');
    expect(forfeited.reduce((n, m) => n + m.quantity, 0)).toBe(8);
    owner = bearer((await post(t, '/api/admin/login', OWNER)).json().token); // an admin token lives 8 hours
    expect((await send(t, owner, 'GET', '/api/admin/account-deletions')).json()).toEqual({ deletions: [] });
  });
});
