/** (f) of `npm run bench`: the drop with a waiting room (bench/room.ts), as lines for bench/RESULTS.md. */
import { roomOptionsFromEnv, runRoomDrop, type RoomResult } from './room.ts';

const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '—' : `${Math.round(n)} ms`);
const counts = (c: Record<string, number>) =>
  Object.entries(c)
    .map(([k, n]) => `${k} × ${n}`)
    .join(', ') || 'none';

export async function roomDropLines(): Promise<string[]> {
  const r = await runRoomDrop(roomOptionsFromEnv());
  const o = r.options;
  return [
    `(f) Drop with a waiting room: ${o.shoppers} shoppers, a ${o.tickets}-ticket round, limit ${o.limit} per shopper (each buys up to it, then tries one more), ${o.instances} instances (NODE_ENV=production) on one PostgreSQL${process.env.BENCH_REDIS_URL ? ' and Redis' : ''}, ${o.sockets ? 'a live socket (/ws) each' : 'status polls every 2 s'}, opening ${o.leadSeconds} s after every shopper's page was open (then they join)${o.warmUp > 0 ? `, the instances warmed by ${o.warmUp} purchases of another set first` : ''}. ${r.room ? 'Room: yes.' : `**No room** (joins answered ${counts(r.joins)}): everyone buys at the opening.`}`,
    '',
    ...roomTable(r),
  ];
}

function roomTable(r: RoomResult): string[] {
  const order = r.orderCheck
    ? `${r.orderCheck.outOfOrder === 0 && r.orderCheck.sameOrder && r.orderCheck.hashMatches ? '**yes**' : '**NO**'} (places ${r.orderCheck.sameOrder ? 'equal' : 'DIFFER from'} the shared rule's order from the revealed seed; published hash ${r.orderCheck.hashMatches ? 'matches' : 'DIFFERS'}; ${r.orderCheck.outOfOrder} of ${r.orderCheck.admitted} admitted out of order)`
    : r.room
      ? 'not checked (no entrant list hash published)'
      : '— (no room)';
  const rows: [string, string][] = [
    [
      'Sold out after the opening (target ≤ 5 s)',
      r.soldOutMs === undefined ? `not sold out (${r.taken} of ${r.totalTickets})` : `**${ms(r.soldOutMs)}**`,
    ],
    [
      `${r.room ? 'Admission' : 'Opening'} → first accepted purchase, p50 / p99 (target p99 ≤ 500 ms)`,
      `${ms(r.admissionToPurchaseP50)} / **${ms(r.admissionToPurchaseP99)}**`,
    ],
    [
      'The same by when the shopper was admitted after the opening: shoppers, p50 / p99',
      r.admissionToPurchaseBySecond.map((b) => `${b.label}: ${b.shoppers}, ${ms(b.p50)} / ${ms(b.p99)}`).join('; '),
    ],
    [
      "Admission told after its time in the room's rows, p50 / p99",
      r.room ? `${ms(r.admissionToldLateP50)} / ${ms(r.admissionToldLateP99)}` : '— (no room)',
    ],
    [
      'Position-update delay, p50 / p99',
      r.room
        ? `${ms(r.positionDelayP50)} / **${ms(r.positionDelayP99)}** (${r.positionUpdates} updates)`
        : '— (no room)',
    ],
    ['Oversold (SQL: tickets vs paid orders)', `**${r.oversold}**`],
    [
      `Shoppers above the limit of ${r.options.limit} (SQL)`,
      `**${r.aboveLimit}** (most by one shopper: ${r.mostByOneShopper})`,
    ],
    ['Probes beyond the limit', counts(r.probes)],
    ['Admission order = verifiable order', order],
    ['Shoppers admitted / sockets authenticated', `${r.admittedShoppers} / ${r.socketsAuthenticated}`],
    ['Joins answered', counts(r.joins)],
    ['Last join before the opening', ms(r.joinsDoneBeforeOpeningMs)],
    ['Refusals', counts(r.refusals)],
    ['5xx', String(r.serverErrors)],
    [
      'Load generator during the drop: event-loop delay p99, CPU',
      `${ms(r.generator.loopDelayP99Ms)}, ${(r.generator.cpuShare * 100).toFixed(0)}% of one core`,
    ],
    [
      "Load generator in the opening's first second: longest event-loop delay, CPU",
      r.generator.firstSecond
        ? `${ms(r.generator.firstSecond.loopDelayMaxMs)}, ${(r.generator.firstSecond.cpuShare * 100).toFixed(0)}% of one core`
        : '—',
    ],
  ];
  return ['| Figure | Value |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)];
}
