/**
 * The checks and figures of the drop-with-a-room benchmark (bench/room.ts): oversell and limits in
 * SQL, the room's admission order against the verifiable order, and the delays seen by shoppers.
 */
import pg from 'pg';
import type { RoomShopper } from './room-shopper.ts';

export interface SqlChecks {
  totalTickets: number;
  taken: number;
  /** Tickets taken beyond the round, taken twice, or differing from the paid orders' tickets. */
  oversold: number;
  /** Shoppers whose paid orders in the round hold more tickets than the limit. */
  aboveLimit: number;
  mostByOneShopper: number;
  serverSeed: string;
  /** The room's own record of the round (modules/drops' tables), if it had one. */
  room: RoomRecord | undefined;
}

/** What the room stored: the published entrant list hash and each entrant's opening place and admission. */
export interface RoomRecord {
  entrantListHash: string | null;
  entrants: { entrantId: string; userId: string; openingNumber: number | null; admitAt: number | null }[];
}

export async function sqlChecks(url: string, setId: string, limit: number): Promise<SqlChecks> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts = (
      await client.query(
        `select
          (select total_tickets from set_rounds where id = $1)::int as total,
          (select server_seed from set_rounds where id = $1) as seed,
          (select count(*) from tickets where round_id = $1 and nonce is not null)::int as taken,
          (select count(distinct ticket_index) from tickets where round_id = $1 and nonce is not null)::int as distinct_taken,
          (select coalesce(sum(number_of_tickets), 0) from orders where round_id = $1 and status = 'paid')::int as ordered`,
        [setId],
      )
    ).rows[0];
    const perShopper = (
      await client.query(
        `select count(*) filter (where n > $2)::int as above, coalesce(max(n), 0)::int as most
         from (select user_id, sum(number_of_tickets) as n from orders
               where round_id = $1 and status = 'paid' group by user_id) per_shopper`,
        [setId, limit],
      )
    ).rows[0];
    return {
      totalTickets: counts.total,
      taken: counts.taken,
      oversold:
        Math.max(0, counts.taken - counts.total) +
        (counts.taken - counts.distinct_taken) +
        Math.abs(counts.ordered - counts.taken),
      aboveLimit: perShopper.above,
      mostByOneShopper: perShopper.most,
      serverSeed: counts.seed,
      room: await roomRecord(client, setId),
    };
  } finally {
    await client.end();
  }
}

/** The room's rows of the round (docs/rules/drops.md, "Waiting room"), read as the room left them. */
async function roomRecord(client: pg.Client, setId: string): Promise<RoomRecord | undefined> {
  const room = (await client.query('select entrant_list_hash from drop_rooms where set_id = $1', [setId])).rows[0];
  if (!room) return undefined;
  const entrants = (
    await client.query(
      'select entrant_id, user_id, opening_number, admit_at from drop_entrants where set_id = $1 order by opening_number',
      [setId],
    )
  ).rows as { entrant_id: string; user_id: string; opening_number: number | null; admit_at: Date | null }[];
  return {
    entrantListHash: room.entrant_list_hash,
    entrants: entrants.map((e) => ({
      entrantId: e.entrant_id,
      userId: e.user_id,
      openingNumber: e.opening_number,
      admitAt: e.admit_at?.getTime() ?? null,
    })),
  };
}

/**
 * The observed admission order against the verifiable one: entrants (in verifiable order) admitted
 * more than `toleranceMs` before someone ahead of them. Client-seen admission times are only as
 * exact as the room's updates (at most one per 2 s), hence the tolerance; the room's own
 * `admittedAt`, when its answers carry it, is exact (tolerance 0).
 */
export function admissionOrderCheck(
  verifiable: readonly string[],
  admittedAt: ReadonlyMap<string, number>,
  toleranceMs: number,
): { admitted: number; outOfOrder: number } {
  let latestAhead = -Infinity;
  let outOfOrder = 0;
  let admitted = 0;
  for (const id of verifiable) {
    const at = admittedAt.get(id);
    if (at === undefined) continue;
    admitted++;
    if (at + toleranceMs < latestAhead) outOfOrder++;
    latestAhead = Math.max(latestAhead, at);
  }
  return { admitted, outOfOrder };
}

/**
 * Position-update delay: for each position a shopper was told after the opening, the time since that
 * position became true, i.e. since the admission of the entrant `position` places ahead (positions
 * count from 1 = next), or since the opening for the first order. Ranks are the observed admission
 * order; admissions are as the admitted shoppers saw them, so the figure is approximate.
 */
export function positionUpdateDelays(shoppers: readonly RoomShopper[], openingAt: number): number[] {
  const admitted = shoppers.filter((s) => s.admittedAt !== undefined).sort((a, b) => a.admittedAt! - b.admittedAt!);
  const delays: number[] = [];
  admitted.forEach((shopper, rank) => {
    for (const update of shopper.updates) {
      if (update.position === null || update.admitted || update.at < openingAt) continue;
      const cause = rank - update.position;
      const since = cause < 0 ? openingAt : Math.max(openingAt, admitted[cause]!.admittedAt!);
      delays.push(Math.max(0, update.at - since));
    }
  });
  return delays.sort((a, b) => a - b);
}

/** Admission (or the opening without a room) to each shopper's first accepted purchase. */
export function admissionToPurchase(shoppers: readonly RoomShopper[]): number[] {
  return shoppers
    .filter((s) => s.admittedAt !== undefined && s.accepted.length > 0)
    .map((s) => s.accepted[0]!.at - s.admittedAt!)
    .sort((a, b) => a - b);
}

/**
 * How long after its time in the room's rows (`admit_at`) each admitted shopper learnt of it: the part
 * of admission → purchase that is the room telling late rather than the purchase being slow.
 */
export function admissionToldLate(shoppers: readonly RoomShopper[], room: RoomRecord | undefined): number[] {
  const due = new Map(room?.entrants.map((e) => [e.userId, e.admitAt]) ?? []);
  return shoppers
    .flatMap((s) => {
      const admitAt = due.get(s.shopper.id);
      return s.admittedAt === undefined || admitAt == null ? [] : [s.admittedAt - admitAt];
    })
    .sort((a, b) => a - b);
}

/** The same times split by when the shopper was admitted: the opening's first second, the next, and after. */
export function admissionToPurchaseBySecond(shoppers: readonly RoomShopper[], openingAt: number) {
  const spans = [
    { label: '0–1 s', from: -Infinity, to: 1000 },
    { label: '1–2 s', from: 1000, to: 2000 },
    { label: '2 s on', from: 2000, to: Infinity },
  ];
  return spans.map(({ label, from, to }) => ({
    label,
    times: admissionToPurchase(
      shoppers.filter(
        (s) => s.admittedAt !== undefined && s.admittedAt - openingAt >= from && s.admittedAt - openingAt < to,
      ),
    ),
  }));
}
