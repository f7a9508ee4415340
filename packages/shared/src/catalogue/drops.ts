import { z } from 'zod';
import { singaporeDateTimeText } from '../common/singapore-time.ts';
import { DROP_ADMISSION_IDLE_MS, DROP_ROOM_OPENS_BEFORE_MS } from '../drops/room-timing.ts';

/**
 * Drop-day settings of a set as the shop and the back office show them (docs/rules/drops.md):
 * the round's scheduled opening (ISO 8601, null sells at once) and the per-shopper limits (null is no limit).
 */
export const dropSettingsSchema = z.object({
  salesStartAt: z.string().nullable(),
  maxTicketsPerShopper: z.number().int().positive().nullable(),
  maxTicketsPerOrder: z.number().int().positive().nullable(),
  orderCooldownSeconds: z.number().int().positive().nullable(),
});
export type DropSettings = z.infer<typeof dropSettingsSchema>;

/** An opening must be set at least this far ahead (docs/rules/drops.md, "Opening"). */
export const SALES_START_MIN_LEAD_MS = 60_000;
/** The largest limit and cooldown the back office may set. */
const MAX_TICKET_LIMIT = 10_000;
const MAX_COOLDOWN_SECONDS = 86_400;

const limitSchema = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(max, `${field} must be at most ${max}`);

const ISO_MESSAGE = 'salesStartAt must be an ISO 8601 date and time with its offset, e.g. 2026-12-07T20:00:00+08:00';

/**
 * The drop settings as `PUT /api/admin/products/{id}` accepts them: each optional (left out keeps its
 * value), null clears it (docs/rules/drops.md).
 */
export const dropSettingsUpdateSchema = z.object({
  salesStartAt: z.iso.datetime({ offset: true, error: ISO_MESSAGE }).nullable().optional(),
  maxTicketsPerShopper: limitSchema('maxTicketsPerShopper', MAX_TICKET_LIMIT).nullable().optional(),
  maxTicketsPerOrder: limitSchema('maxTicketsPerOrder', MAX_TICKET_LIMIT).nullable().optional(),
  orderCooldownSeconds: limitSchema('orderCooldownSeconds', MAX_COOLDOWN_SECONDS).nullable().optional(),
});
export type DropSettingsUpdate = z.infer<typeof dropSettingsUpdateSchema>;

/** A multipart text field: empty means "not set". */
const emptyAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const formLimit = (field: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : emptyAsUndefined(value)),
    limitSchema(field, max).optional(),
  );

/** The drop settings' fields of the add-product form (multipart text; empty is "none"). */
export const dropSettingsFormShape = {
  salesStartAt: z.preprocess(emptyAsUndefined, z.iso.datetime({ offset: true, error: ISO_MESSAGE }).optional()),
  maxTicketsPerShopper: formLimit('maxTicketsPerShopper', MAX_TICKET_LIMIT),
  maxTicketsPerOrder: formLimit('maxTicketsPerOrder', MAX_TICKET_LIMIT),
  orderCooldownSeconds: formLimit('orderCooldownSeconds', MAX_COOLDOWN_SECONDS),
};

/** Whether a set with this opening sells at `now` (docs/rules/drops.md, "Opening"). */
export const isSalesOpen = (salesStartAt: string | Date | null, now: Date) =>
  salesStartAt === null || new Date(salesStartAt).getTime() <= now.getTime();

/** The most tickets one order may take, and which limit sets it (null: no limit). */
export function ticketCapOf(
  settings: Pick<DropSettings, 'maxTicketsPerShopper' | 'maxTicketsPerOrder'>,
): { cap: number; limit: 'order' | 'shopper' } | null {
  const { maxTicketsPerShopper: shopper, maxTicketsPerOrder: order } = settings;
  if (order !== null && (shopper === null || order <= shopper)) return { cap: order, limit: 'order' };
  if (shopper !== null) return { cap: shopper, limit: 'shopper' };
  return null;
}

/** The words shown beside a capped quantity picker (docs/rules/drops.md, "Limits"). */
export function ticketCapText(cap: { cap: number; limit: 'order' | 'shopper' }): string {
  return cap.limit === 'order'
    ? `At most ${cap.cap} tickets per order for this set.`
    : `At most ${cap.cap} tickets per shopper for this set.`;
}

/** Why a purchase of a set that has not opened is refused. */
export const salesNotOpenMessage = (opensAt: Date) =>
  `This set opens on ${singaporeDateTimeText(opensAt)} (Singapore time). Purchases are not open yet.`;

/** The shop's words for a set that has not opened, e.g. "Opens Wed, 2 Dec 2026, 8:00 pm". */
export const opensText = (salesStartAt: string | Date) => `Opens ${singaporeDateTimeText(new Date(salesStartAt))}`;

/** Why a purchase over the per-shopper limit is refused (never clamped). */
export function shopperLimitMessage(limit: number, alreadyBought: number): string {
  const left = Math.max(0, limit - alreadyBought);
  return left === 0
    ? `This set allows at most ${limit} tickets per shopper, and you already have ${alreadyBought}.`
    : `This set allows at most ${limit} tickets per shopper: you already have ${alreadyBought}, so you may buy ${left} more.`;
}

/** Why a purchase over the per-order limit is refused. */
export const orderLimitMessage = (limit: number) => `This set allows at most ${limit} tickets per order.`;

/** Why an order inside the cooldown is refused. */
export const orderCooldownMessage = (cooldownSeconds: number, secondsLeft: number) =>
  `This set allows one order every ${cooldownSeconds} seconds: please wait ${secondsLeft} more seconds.`;

/** A countdown to an opening, e.g. "2d 03:04:05" or "00:04:05". */
export function formatOpeningCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const days = Math.floor(whole / 86_400);
  const clock = [Math.floor((whole % 86_400) / 3600), Math.floor((whole % 3600) / 60), whole % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** The set's drop rules as the terms popup states them (docs/rules/drops.md); none for a plain set. */
export function dropRulesText(settings: DropSettings): string[] {
  const lines: string[] = [];
  if (settings.salesStartAt)
    lines.push(
      `Sales open on ${singaporeDateTimeText(new Date(settings.salesStartAt))} (Singapore time); no purchase is taken before then.`,
      `Signed-in shoppers may join the waiting room from ${DROP_ROOM_OPENS_BEFORE_MS / 60_000} minutes before the opening. At the opening everyone who joined is put in an order drawn from the round's committed seed, which anyone can check on the fairness page once the round ends; later arrivals join at the back. While the room is open only shoppers whose turn has come may buy, and a turn lapses ${DROP_ADMISSION_IDLE_MS / 60_000} minutes after its last use.`,
    );
  if (settings.maxTicketsPerShopper !== null)
    lines.push(
      `At most ${settings.maxTicketsPerShopper} tickets per shopper in this round, tokens and card together. A purchase over it is refused, never cut down.`,
    );
  if (settings.maxTicketsPerOrder !== null)
    lines.push(`At most ${settings.maxTicketsPerOrder} tickets per order (BUY OUT included).`);
  if (settings.orderCooldownSeconds !== null)
    lines.push(`One order every ${settings.orderCooldownSeconds} seconds per shopper for this set.`);
  return lines;
}
