import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { jsonRows } from '../../core/json-rows.ts';
import { tokenLedger, tokenLots } from './tables.ts';
import { assertWholePositive, type SpendInput, type SpendResult, type WalletEnv } from './types.ts';

/** One statement for every spend: lock the users' unexpired lots (by id, so batches never deadlock; docs/architecture.md), take from each user's earliest expiry first, lower the lots and write one ledger row per lot taken from. */
export async function spendEach(
  tx: Tx,
  env: WalletEnv,
  spends: ReadonlyArray<SpendInput>,
  reason: 'spend' | 'adjustment' = 'spend',
): Promise<SpendResult[]> {
  if (spends.length === 0) return [];
  for (const spend of spends) assertWholePositive(spend.amount, 'A spend');
  if (new Set(spends.map((s) => s.userId)).size !== spends.length) throw new Error('spendEach: one spend per user');
  const now = env.ctx.clock.now().toISOString();
  const wanted = jsonRows(
    spends.map((s, i) => ({ user_id: s.userId, amount: s.amount, reference: s.reference, ord: i })),
  );
  const result = (await tx.execute(sql`
    with wanted as (select * from json_to_recordset(${wanted}) as w(user_id uuid, amount int, reference text, ord int)),
    locked as (
      select l.id, l.user_id, l.amount_left, l.expires_at, l.created_at from ${tokenLots} l
      where l.user_id in (select user_id from wanted) and l.expires_at > ${now}::timestamptz and l.amount_left > 0
      order by l.id
      for update
    ),
    total as (
      select w.user_id, coalesce(sum(l.amount_left), 0)::int as available
      from wanted w left join locked l on l.user_id = w.user_id group by w.user_id
    ),
    ordered as (
      select id, user_id, amount_left,
             coalesce(sum(amount_left) over (partition by user_id order by expires_at, created_at, id rows between unbounded preceding and 1 preceding), 0) as before,
             row_number() over (partition by user_id order by expires_at, created_at, id) as lot_order
      from locked
    ),
    takes as (
      select o.id, o.user_id, o.lot_order, least(o.amount_left, w.amount - o.before)::int as take
      from ordered o join wanted w on w.user_id = o.user_id join total t on t.user_id = o.user_id
      where o.before < w.amount and t.available >= w.amount
    ),
    lowered as (
      update ${tokenLots} t set amount_left = t.amount_left - takes.take from takes where t.id = takes.id
      returning t.id, takes.user_id, takes.take, takes.lot_order
    ),
    ledger as (
      insert into ${tokenLedger} (user_id, delta, reason, lot_id, reference, created_at)
      select l.user_id, -l.take, ${reason}, l.id, w.reference, ${now}::timestamptz
      from lowered l join wanted w on w.user_id = l.user_id order by w.ord, l.lot_order
      returning lot_id
    )
    select w.ord, t.available,
           coalesce((select json_agg(json_build_object('lotId', l.id, 'amount', l.take) order by l.lot_order) from lowered l where l.user_id = w.user_id), '[]'::json) as taken,
           (select count(*) from ledger)::int as ledger_rows
    from wanted w join total t on t.user_id = w.user_id order by w.ord`)) as unknown as {
    rows: {
      ord: number;
      available: number;
      taken: { lotId: string; amount: number }[] | string;
      ledger_rows: number;
    }[];
  };
  const spent: string[] = [];
  const answers = result.rows.map((row, i) => {
    const spend = spends[i]!;
    const available = Number(row.available);
    const lots = (typeof row.taken === 'string' ? JSON.parse(row.taken) : row.taken) as {
      lotId: string;
      amount: number;
    }[];
    const ok = available >= spend.amount;
    if (ok) spent.push(spend.userId);
    return { userId: spend.userId, ok, available, lots };
  });
  if (spent.length > 0) env.live?.userChanged(tx, spent, 'balance');
  return answers;
}
