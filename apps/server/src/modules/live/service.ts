import {
  LIVE_ANONYMOUS_NAME,
  LIVE_CLOSE_SERVICE_RESTART,
  LIVE_CLOSE_SESSION_ENDED,
  LIVE_NAME_MAX,
  LIVE_PRODUCT_NAME_MAX,
  type LiveBusEvent,
  type LiveServerMessage,
} from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { afterCommit } from '../../core/after-commit.ts';
import { runPeriodically } from '../../core/periodic.ts';
import type { AccountsService } from '../accounts/service.ts';
import { createLocalBus, createRedisBus, type LiveBus } from './bus.ts';
import { LiveHub, defaultHubOptions, type LiveHubOptions } from './hub.ts';
import { createBoardChanges } from './boards.ts';

export interface PaidPurchase {
  buyerId: string;
  productName: string;
}

/** This instance's socket hub, and the bus (Redis, or in-process) that brings it the other instances' events. */
function openHubAndBus(ctx: AppContext, options: Partial<LiveHubOptions>) {
  const hub = new LiveHub(
    { ...defaultHubOptions, maxSocketsPerIp: ctx.config.liveMaxSocketsPerIp, ...options },
    (client, reason) => ctx.log.debug({ ip: client.ip, reason }, 'live socket dropped'),
    (error) => ctx.log.error({ err: error }, 'live banner batch dropped'),
  );
  ctx.metrics.watch({ liveSocketsOpen: () => hub.clients.size });
  const bus: LiveBus = ctx.config.redisUrl
    ? createRedisBus(ctx.config.redisUrl, ctx.log, (event) => hub.deliver(event))
    : createLocalBus((event) => hub.deliver(event));
  return { hub, bus };
}

/** Signed-in sockets' sessions are checked again this often; an ended session's socket is closed. */
const LIVE_SESSION_CHECK_MS = 15_000;

/**
 * Closes the signed-in sockets whose session ended (docs/rules/live.md): each socket's token is checked
 * again as a request's would be (the checks of one round go to the database together).
 */
async function closeEndedSessions(ctx: AppContext, hub: LiveHub): Promise<void> {
  const signedIn = [...hub.clients].filter((client) => client.token !== undefined);
  const principals = await Promise.all(signedIn.map((client) => ctx.tokens.verify(client.token!)));
  signedIn.forEach((client, i) => {
    if (!principals[i]) hub.close(client, LIVE_CLOSE_SESSION_ENDED, 'Session ended');
  });
}

/** The periodic session check of this instance's signed-in sockets. */
function watchSessions(ctx: AppContext, hub: LiveHub, intervalMs: number) {
  const checkNow = () => closeEndedSessions(ctx, hub);
  return { checkNow, stop: runPeriodically('live session check', intervalMs, checkNow, ctx.log) };
}

/** A paid purchase's banner event, or none when its buyer's account is gone. */
function purchaseEvent(purchase: PaidPurchase, account: { username: string; appearAsSomeone: boolean } | undefined) {
  if (!account) return [];
  const displayName = account.appearAsSomeone ? LIVE_ANONYMOUS_NAME : account.username.slice(0, LIVE_NAME_MAX);
  // Messages stay small: an overlong product name is cut, never refused.
  const productName = purchase.productName.slice(0, LIVE_PRODUCT_NAME_MAX);
  return [{ kind: 'purchase', buyerId: purchase.buyerId, displayName, productName } satisfies LiveBusEvent];
}

/**
 * The live layer (docs/rules/live.md): the /ws hub of this instance and the bus to the others.
 * Other modules call `purchasePaid` and `userChanged` with their open transaction; the event is
 * published only after that transaction commits, on a later tick, so a buyer never waits for it.
 */
export function createLiveService(
  ctx: AppContext,
  deps: { accounts: AccountsService },
  options: Partial<LiveHubOptions> & { sessionCheckMs?: number } = {},
) {
  const { sessionCheckMs = LIVE_SESSION_CHECK_MS, ...hubOptions } = options;
  const { hub, bus } = openHubAndBus(ctx, hubOptions);
  const sessionChecks = watchSessions(ctx, hub, sessionCheckMs);

  const boardChanges = createBoardChanges(hub, bus, (err) => ctx.log.warn({ err }, 'live board event not published'));
  const safely = (what: string, task: () => Promise<void>) => async () => {
    try {
      await task();
    } catch (error) {
      ctx.log.warn({ err: error }, `live ${what} event not published`);
    }
  };

  /** Several paid purchases (a batch of one round's buyers): their buyers are looked up in one query. */
  function purchasesPaid(exec: Executor, purchases: readonly PaidPurchase[]): void {
    if (purchases.length === 0) return;
    afterCommit(
      exec,
      safely('purchase', async () => {
        const accounts = await deps.accounts.getAccounts(ctx.db, [...new Set(purchases.map((p) => p.buyerId))]);
        bus.publish(...purchases.flatMap((purchase) => purchaseEvent(purchase, accounts.get(purchase.buyerId))));
      }),
    );
  }

  return {
    hub,
    bus,
    purchasesPaid,
    boardChanged: boardChanges.boardChanged,
    serveBoards: boardChanges.serveBoards,

    /** A paid ticket purchase (token or card): one banner for every other shopper, on every instance. */
    purchasePaid(exec: Executor, purchase: PaidPurchase): void {
      purchasesPaid(exec, [purchase]);
    },

    /** The shopper's notifications or token balance changed: their open sockets refresh it. */
    userChanged(exec: Executor, userIds: string[], event: 'notification' | 'balance'): void {
      const unique = [...new Set(userIds)];
      afterCommit(
        exec,
        safely(event, async () => {
          bus.publish(...unique.map((userId): LiveBusEvent => ({ kind: 'user', userId, event })));
        }),
      );
    },

    // Per-shopper messages from shared state (docs/rules/drops.md): each instance tells its own sockets.
    connectedUserIds: () => hub.connectedUserIds(),
    sendToUser: (userId: string, message: LiveServerMessage) => hub.sendToUser(userId, message),
    noteWaiting: (setId: string, userIds: readonly string[]) => hub.noteWaiting(setId, userIds),

    /** One round of the periodic session check (tests run it at once). */
    closeEndedSessions: sessionChecks.checkNow,

    /** The instance is going away: every socket is told to reconnect at once, to whichever instance answers. */
    closeForRestart(): void {
      hub.closeAll(LIVE_CLOSE_SERVICE_RESTART, 'Service Restart');
    },

    async close(): Promise<void> {
      await sessionChecks.stop();
      boardChanges.close();
      hub.stop();
      await bus.close();
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
