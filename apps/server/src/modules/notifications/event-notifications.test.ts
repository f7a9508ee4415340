import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawChallenge, fullRemaining, sortPrizeRanks } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDoubleChanceTestProduct, createTestProduct } from '../catalogue/test-helpers.ts';
import { api, fundedShopper, useTokens, type Shopper } from '../orders/test-helpers.ts';
import { challengeRefundMessage } from '../orders/service.ts';

/** Notifications made by real events (issue 6): chance set results, double chance wins, Challenge refunds. */
describe('event notifications and their e-mail copies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** A funded shopper with the e-mail address of their account. */
  async function accountShopper(username: string, tokens: number): Promise<Shopper & { email: string }> {
    const shopper = await fundedShopper(t, username, tokens);
    const account = await t.services.accounts.getAccount(t.ctx.db, shopper.user.id);
    return { ...shopper, email: account!.email };
  }

  const messagesOf = async (shopper: Shopper) =>
    ((await api(t, shopper, 'GET', '/api/notification')).json() as { message: string; receipt: unknown }[])
      // Every paid order also gets its fairness receipt (covered in the fairness module's tests).
      .filter((n) => n.receipt === null)
      .map((n) => n.message);

  const describeRanks = (letters: string[]) => {
    const counts = new Map<string, number>();
    for (const letter of sortPrizeRanks(letters)) counts.set(letter, (counts.get(letter) ?? 0) + 1);
    return [...counts].map(([letter, n]) => `Prize ${letter} x${n}`).join(', ');
  };

  it('a lottery sell-out: one in-app result per participant, and each order its receipt at purchase and with the result', async () => {
    const { setId, input } = await createTestProduct(t, { lotteryEnabled: true });
    const [pam, quinn, rex] = await Promise.all(['pam', 'quinn', 'rex'].map((name) => accountShopper(name, 200)));
    for (const [shopper, tickets] of [
      [pam, 3],
      [quinn, 4],
      [pam, 1],
      [rex, 2],
    ] as const) {
      expect((await useTokens(t, shopper, { setId, ticketsBought: tickets })).json()).toHaveProperty('orderId');
    }

    const orders = await t.services.orders.ordersOfRound(setId);
    const participants = [pam, quinn, rex];
    const queued = (await t.services.mail.listQueue()).filter((m) => participants.some((p) => p.email === m.to));
    // Queued by template and data (rendered by the delivery job): a purchase and a result receipt per order.
    expect(queued.every((m) => m.status === 'pending' && m.template === 'orderReceipt' && m.text === null)).toBe(true);
    const stages = (orderId: string) =>
      queued
        .filter((m) => (m.data as { orderId: string }).orderId === orderId)
        .map((m) => (m.data as { stage: string }).stage);
    for (const order of orders) expect(stages(order.id).sort()).toEqual(['purchase', 'result']);

    await t.services.mail.deliverQueued();
    for (const shopper of participants) {
      const letters = orders
        .filter((o) => o.userId === shopper.user.id)
        .flatMap((o) => o.selectedPrizes.filter((r) => r !== 'LAST'));
      const expected =
        letters.length > 0
          ? `Congratulations! You won ${describeRanks(letters)} in the ${input.name} lottery.`
          : `The ${input.name} lottery has been drawn. Unfortunately you did not win this time.`;
      // One notice per participant, even with two orders.
      expect((await messagesOf(shopper)).filter((m) => /lottery/.test(m))).toEqual([expected]);
      const mails = await t.services.mail.listOutbox({ to: shopper.email });
      const results = mails.filter((m) => m.subject === `Your ${input.name} lottery result`);
      const mine = orders.filter((o) => o.userId === shopper.user.id);
      expect(results).toHaveLength(mine.length);
      expect(mails.filter((m) => m.subject === `Your Kujiya receipt: ${input.name}`)).toHaveLength(mine.length);
      for (const mail of results) expect(mail.text).toContain(`Hi ${shopper.user.username},`);
      for (const order of mine) {
        const result = results.find((m) => m.text.includes(order.id))!;
        const won = order.selectedPrizes.filter((r) => r !== 'LAST');
        if (won.length === 0) expect(result.text).toContain('Unfortunately you did not win this time.');
        else for (const letter of won) expect(result.text).toMatch(new RegExp(`Prize ${letter} \\(.+\\) x\\d`));
      }
    }
  });

  it('double chance winners get the notice and an e-mail; others get neither', async () => {
    const { setId, input } = await createDoubleChanceTestProduct(t);
    const sid = await accountShopper('sid', 200);
    const tam = await accountShopper('tam', 200);
    await useTokens(t, sid, { setId, ticketsBought: 3 });
    await useTokens(t, tam, { setId, ticketsBought: 3 });

    const prizeName = (
      await t.services.catalogue.prizesOfProduct(t.ctx.db, (await t.services.orders.ordersOfRound(setId))[0]!.productId)
    ).find((p) => p.letter === 'DC1')!.name;
    for (const shopper of [sid, tam]) {
      const won = (await t.services.orders.ordersOfUser(shopper.user.id))
        .filter((o) => o.roundId === setId)
        .flatMap((o) => o.doubleChancePrizes);
      // Besides the purchase receipt.
      const queued = (await t.services.mail.listQueue({ to: shopper.email })).filter(
        (m) => m.subject === `Double Chance win: ${input.name}`,
      );
      if (won.length === 0) {
        expect((await messagesOf(shopper)).some((m) => m.startsWith('Double Chance!'))).toBe(false);
        expect(queued).toEqual([]);
        continue;
      }
      const expected = `Double Chance! You won ${prizeName} x${won.length} from ${input.name}.`;
      expect(await messagesOf(shopper)).toContain(expected);
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ status: 'pending', template: 'notice' });
    }
    await t.services.mail.deliverQueued();
    let mailed = 0;
    for (const shopper of [sid, tam]) {
      const queued = await t.services.mail.listQueue({ to: shopper.email });
      const sent = await t.services.mail.listOutbox({ to: shopper.email });
      expect(sent).toHaveLength(queued.length);
      expect(queued.every((m) => m.status === 'sent')).toBe(true);
      const win = sent.filter((m) => m.subject === `Double Chance win: ${input.name}`);
      for (const mail of win) expect(mail.text).toContain(`Double Chance! You won ${prizeName}`);
      mailed += win.length;
    }
    expect(mailed).toBeGreaterThan(0);
  });

  it('a notify with an e-mail copy inside a rolled-back transaction leaves neither', async () => {
    const uma = await accountShopper('uma', 0);
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await t.services.notifications.notify(tx, [uma.user.id], 'never', { email: { subject: 'never' } });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await messagesOf(uma)).toEqual([]);
    expect(await t.services.mail.listQueue({ to: uma.email })).toEqual([]);
  });

  it('a user without an account gets the in-app notice only (no address to mail)', async () => {
    const before = (await t.services.mail.listQueue()).length;
    const unknownUserId = crypto.randomUUID();
    await t.ctx.db.transaction((tx) =>
      t.services.notifications.notify(tx, [unknownUserId], 'hello', { email: { subject: 'hello' } }),
    );
    expect((await t.services.notifications.list(unknownUserId)).map((n) => n.message)).toEqual(['hello']);
    expect(await t.services.mail.listQueue()).toHaveLength(before);
  });

  describe('Challenge refunds', () => {
    /** Buys `count` tickets of a fresh Challenge set with a client seed that stops after exactly `drawn` tickets. */
    async function challengeStoppingAfter(shopper: Shopper, count: number, drawn: number) {
      const promotionId = await t.services.catalogue.createPromotion(t.ctx.db, {
        type: 'CHALLENGE',
        description: 'Get A',
        minimumQuantity: 3,
        challengeAlphabet: 'A',
      });
      const { setId, input } = await createTestProduct(t, { promotionId });
      const round = (await t.services.catalogue.findRound(t.ctx.db, setId))!;
      const box = await t.services.stock.box(t.ctx.db, setId);
      let seed = '';
      for (let i = 0; i < 5000 && !seed; i++) {
        const draw = drawChallenge({
          serverSeed: round.serverSeed,
          box,
          clientSeed: `refund-${i}`,
          firstNonce: 0,
          remaining: fullRemaining(10),
          count,
          challengeLetter: 'A',
        });
        if (draw.challengeWon && draw.ticketsToDraw === drawn) seed = `refund-${i}`;
      }
      expect(seed).not.toBe('');
      const res = await useTokens(t, shopper, { setId, ticketsBought: count, clientSeed: seed });
      expect(res.statusCode).toBe(200);
      return { setName: input.name, orderId: res.json().orderId as string };
    }

    it('tells the buyer in-app how many tickets were refunded, without naming the prize', async () => {
      const vic = await accountShopper('vic', 500);
      const { setName } = await challengeStoppingAfter(vic, 8, 3);
      const expected = `Your ${setName} Challenge ended early: 5 undrawn tickets were refunded as 60 tokens.`;
      expect(await messagesOf(vic)).toEqual([expected]);
      expect(expected).not.toMatch(/\bA\b|Prize|Big figure/);
      // In-app only: no mail for a refund (the order's receipt mail only).
      expect((await t.services.mail.listQueue({ to: vic.email })).map((m) => m.subject)).toEqual([
        `Your Kujiya receipt: ${setName}`,
      ]);

      const wes = await accountShopper('wes', 500);
      await challengeStoppingAfter(wes, 8, 7);
      expect(await messagesOf(wes)).toEqual([
        expect.stringMatching(/Challenge ended early: 1 undrawn ticket was refunded as 12 tokens\.$/),
      ]);
    });

    it('no refund, no notice: a Challenge that draws every ticket', async () => {
      const xia = await accountShopper('xia', 500);
      await challengeStoppingAfter(xia, 3, 3);
      expect(await messagesOf(xia)).toEqual([]);
    });

    it('spells one token right', () => {
      expect(challengeRefundMessage('Mini Set', 1, 1)).toBe(
        'Your Mini Set Challenge ended early: 1 undrawn ticket was refunded as 1 token.',
      );
    });
  });
});
