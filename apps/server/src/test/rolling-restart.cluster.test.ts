import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clusterCanRun, useCluster, type ProcessEnd } from './cluster.ts';
import { ReconnectingSocket, purchaseWithKey, startMixedLoad, type LoadReport } from './cluster-load.ts';
import { until } from './instances.ts';
import { bigRound, expectEachPurchaseOnce, fundedShopper, type Buyer } from './load-purchases.ts';

/**
 * The shop as a live service (docs/operations.md, "The cluster on this machine"): two instances behind
 * haproxy on one PostgreSQL and one Redis, under steady mixed load, while instances are restarted
 * one at a time (SIGTERM: they drain) or killed (SIGKILL: they do not). Reads must never fail;
 * purchases, retried by the client with their Idempotency-Key whenever an answer is lost, must each
 * be applied exactly once. Each test prints its figures as one JSON line.
 */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(clusterCanRun)('the shop behind haproxy under load (PostgreSQL, Redis, haproxy)', () => {
  const shop = useCluster(2);
  let shopperCount = 0;

  const shopper = () => fundedShopper(shop.t, `cluster${(shopperCount += 1)}`);

  /** 16 loops: 6 catalogue readers, 4 balance readers, 6 buyers each on a round of their own. */
  async function startLoad() {
    const buyers: Buyer[] = [];
    // One after the other: the test helper numbers each product's SKU.
    for (let i = 0; i < 6; i++) buyers.push({ shopper: await shopper(), setId: await bigRound(shop.t) });
    const load = startMixedLoad({
      url: shop.cluster.url,
      catalogueLoops: 6,
      readers: buyers.slice(0, 4).map((buyer) => buyer.shopper),
      buyers,
    });
    return { buyers, load };
  }

  /** Orders beyond the purchases the clients know were carried out: a retry that bought again instead of replaying. */
  async function doubledPurchases(report: LoadReport, buyers: Buyer[]): Promise<number> {
    let orders = 0;
    for (const { setId } of buyers) orders += (await shop.t.services.orders.ordersOfRound(setId)).length;
    return orders - report.purchases.length;
  }

  const figures = (run: string, report: LoadReport, doubled: number, extra: Record<string, unknown> = {}) => ({
    run,
    requests: report.requests,
    catalogueReads: report.catalogueReads,
    balanceReads: report.balanceReads,
    failedReads: report.failedReads.length,
    purchases: report.purchases.length,
    purchasesRetriedWithKey: report.purchases.filter((p) => p.attempts > 1).length,
    answersLostForGood: report.purchases.filter((p) => p.orderId === null).length,
    resends: report.retriedSends,
    resentAfter: report.resentAfter,
    refusedPurchases: report.refusedPurchases.length,
    doubledPurchases: doubled,
    ...extra,
  });

  it('a rolling restart of every instance loses no read and applies every purchase exactly once', async () => {
    const { cluster } = shop;
    const { buyers, load } = await startLoad();
    const socket = new ReconnectingSocket(cluster.url);
    await pause(3000);
    const started = Date.now();
    const ends: ProcessEnd[] = [];
    for (let i = 0; i < cluster.instances.length; i++) ends.push(await cluster.restart(i));
    const restartMs = Date.now() - started;
    await pause(3000);
    const report = await load.stop();

    socket.close();
    const socketMoves = socket.connections.length - 1;
    const doubled = await doubledPurchases(report, buyers);
    console.log(JSON.stringify(figures('rolling-restart', report, doubled, { restartMs, socketMoves })));
    await expectEachPurchaseOnce(shop.t, report, buyers);
    // Each drained and exited cleanly (a signal here means the process died some other way); the message
    // carries the end of what an instance printed, since a CI record often keeps only the failure's lines.
    const unclean = ends.flatMap(({ code, signal, output }, i) =>
      code === 0
        ? []
        : [`${cluster.instances[i]!.name}: code ${code}, signal ${signal}, last output: ${output.slice(-600)}`],
    );
    expect(
      ends.map(({ code, signal }) => ({ code, signal })),
      unclean.join(' | '),
    ).toEqual(cluster.instances.map(() => ({ code: 0, signal: null })));
    // The live socket was closed with 1012 ("Service Restart") by each instance it was on, and came back.
    expect(socketMoves).toBeGreaterThan(0);
    expect(socket.connections.slice(0, -1).map((c) => c.closeCode)).toEqual(Array(socketMoves).fill(1012));
    expect(report.failedReads).toEqual([]);
    expect(report.refusedPurchases).toEqual([]);
    expect(report.purchases.length).toBeGreaterThan(0);
    expect(doubled).toBe(0);
  });

  it('kill -9 of one instance: haproxy stops routing to it, lost answers are applied once, sockets move', async () => {
    const { cluster } = shop;
    const [victim, survivor] = cluster.instances;
    const watcher = await shopper();
    // A signed-in live socket on the instance about to die (haproxy picks; open until it picks that one).
    let socket: ReconnectingSocket | undefined;
    for (let attempt = 0; attempt < 30 && !socket; attempt++) {
      const candidate = new ReconnectingSocket(cluster.url, watcher.token);
      await until(() => candidate.current?.messages.some((m) => m.type === 'authenticated') ?? false);
      if (candidate.current!.servedBy === victim!.name) socket = candidate;
      else candidate.close();
    }
    expect(socket).toBeDefined();
    const { buyers, load } = await startLoad();
    await pause(3000);

    const killedAt = Date.now();
    await cluster.kill(0);
    let states = await cluster.states();
    while (states[victim!.name] !== 'DOWN') {
      await pause(50);
      states = await cluster.states();
    }
    const rerouteMs = Date.now() - killedAt;
    // The socket came back, signed in again, on the survivor.
    await until(
      () =>
        socket!.current!.servedBy === survivor!.name &&
        socket!.current!.messages.some((m) => m.type === 'authenticated'),
    );
    const reconnectMs = socket!.current!.openedAt - killedAt;
    await pause(3000);
    const report = await load.stop();

    // The watcher buys through haproxy: the survivor tells its socket the balance changed.
    const bought = await purchaseWithKey(cluster.url, watcher, await bigRound(shop.t), crypto.randomUUID());
    expect(bought.status).toBe(200);
    await until(() => socket!.current!.messages.some((m) => m.type === 'balance'));
    expect(socket!.current!.messages.some((m) => m.type === 'purchase')).toBe(true);
    socket!.close();

    const doubled = await doubledPurchases(report, buyers);
    console.log(JSON.stringify(figures('kill-9', report, doubled, { rerouteMs, socketReconnectMs: reconnectMs })));
    await expectEachPurchaseOnce(shop.t, report, buyers);
    expect(report.failedReads).toEqual([]);
    expect(doubled).toBe(0);
    expect(rerouteMs).toBeLessThanOrEqual(3000);
  });
});
