import { extendChain, rulesDocument, sha256Hex } from './chain.ts';
import { canonicalBox, commitmentOf } from './draw.ts';
import { drawDoubleChance, drawLottery, drawTickets, fullRemaining, prizeUnits } from './engine.ts';
import type { FairnessLogEntry, FairnessRound } from './schemas.ts';

/**
 * Test support: a round sold out through the engine, as GET /api/fairness/{setId} would publish it.
 * Purchases are [clientSeed, ticket count] pairs that together buy the whole box.
 */
export function soldOutFairnessRound(
  options: {
    serverSeed?: string;
    prizes?: Array<{ letter: string; quantity: number }>;
    purchases?: Array<[string, number]>;
    lottery?: boolean;
    doubleChancePrizes?: Array<{ rank: string; name: string; quantity: number }>;
    revealed?: boolean;
    lastPrize?: boolean;
  } = {},
): FairnessRound {
  const serverSeed = options.serverSeed ?? '3f'.repeat(32);
  const prizes = options.prizes ?? [
    { letter: 'A', quantity: 1 },
    { letter: 'B', quantity: 2 },
    { letter: 'C', quantity: 3 },
    { letter: 'D', quantity: 4 },
  ];
  const box = canonicalBox(prizes);
  const purchases = options.purchases ?? [
    ['alice-seed', 3],
    ['browser-8f2c', 1],
    ['我的种子 ✨', 4],
    ['zz', 2],
  ];
  const log: FairnessLogEntry[] = [];
  let remaining = fullRemaining(box.length);
  let nonce = 0;
  let minute = 0;
  const at = () => new Date(Date.UTC(2026, 10, 21, 4, minute++)).toISOString();
  purchases.forEach(([clientSeed, count], buyer) => {
    const result = drawTickets({ serverSeed, box, clientSeed, firstNonce: nonce, remaining, count });
    remaining = result.remaining;
    nonce += count;
    for (const ticket of result.drawn) {
      log.push({
        domain: 'ticket',
        nonce: ticket.nonce,
        clientSeed,
        ticketIndex: ticket.ticketIndex,
        letter: ticket.letter,
        buyer: `b***${buyer}`,
        at: at(),
        hash: null,
      });
    }
  });
  const entries = log.map((entry) => entry.ticketIndex);
  if (options.lottery && remaining.length === 0) {
    for (const pick of drawLottery(serverSeed, entries, box)) {
      log.push({
        domain: 'lottery',
        nonce: pick.n,
        clientSeed: null,
        ticketIndex: pick.ticketIndex,
        letter: pick.unit,
        buyer: 'l***y',
        at: at(),
        hash: null,
      });
    }
  }
  const doubleChancePrizes = options.doubleChancePrizes ?? [];
  if (remaining.length === 0) {
    for (const pick of drawDoubleChance(serverSeed, entries, prizeUnits(doubleChancePrizes))) {
      log.push({
        domain: 'double',
        nonce: pick.n,
        clientSeed: null,
        ticketIndex: pick.ticketIndex,
        letter: pick.unit,
        buyer: 'd***e',
        at: at(),
        hash: null,
      });
    }
  }
  const revealed = options.revealed ?? remaining.length === 0;
  const setId = 'set-fixture-1';
  const commitment = commitmentOf(serverSeed);
  const rules = rulesDocument({
    setId,
    box,
    lastPrize: options.lastPrize ?? true,
    doubleChance: doubleChancePrizes,
    commitment,
  });
  const rulesHash = sha256Hex(rules);
  const chain = extendChain(rulesHash, log);
  log.forEach((entry, i) => (entry.hash = chain.hashes[i]!));
  return {
    setId,
    productId: 'product-fixture',
    productName: 'Fixture Kuji',
    sku: 'FIX-1',
    status: remaining.length === 0 ? 'sold_out' : 'open',
    commitment,
    serverSeed: revealed ? serverSeed : null,
    box,
    prizes,
    lottery: options.lottery ?? false,
    doubleChancePrizes,
    log,
    rules,
    rulesHash,
    headHash: chain.head,
  };
}
