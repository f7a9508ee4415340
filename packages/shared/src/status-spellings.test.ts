import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { paymentStatusSchema } from './payments/schemas.ts';

/**
 * Stored statuses are spelled one way (docs/architecture.md, "Conventions"): lowercase snake_case, as
 * the API shows them; "canceled" (the payment gateway's spelling) only in the records that follow a
 * payment (payment intents, orders, token purchases), "cancelled" in the shop's own records
 * (shipments, collections, trades, offers).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const modules = path.join(root, 'apps/server/src/modules');
const PAYMENT_FAMILY = new Set(['payments', 'orders', 'token-shop']);

/** Every status column of every module's tables: `status: text('…status', { enum: [...] })` or `.$type<'a' | 'b'>()`. */
function statusColumns(): { where: string; module: string; values: string[] }[] {
  return fs.readdirSync(modules).flatMap((module) => {
    const file = path.join(modules, module, 'tables.ts');
    if (!fs.existsSync(file)) return [];
    const source = fs.readFileSync(file, 'utf8');
    return [
      // Whitespace-tolerant: the formatter may break a long column over several lines.
      ...source.matchAll(
        /(\w*[sS]tatus):\s*text\(\s*'[a-z_]+'\s*(?:,\s*\{\s*enum:\s*\[([^\]]*)\],?\s*\}\s*)?\)(?:\s*\.\$type<([^>]*)>\(\))?/g,
      ),
    ].map((match) => {
      const list = match[2] ?? match[3] ?? '';
      const values = [...list.matchAll(/'([^']+)'/g)].map((value) => value[1]!);
      if (list.trim() === 'PaymentStatus') values.push(...paymentStatusSchema.options);
      return { where: `${module}.${match[1]}`, module, values };
    });
  });
}

describe('status spellings', () => {
  const columns = statusColumns();

  it('finds the status columns', () => {
    expect(columns.length).toBeGreaterThan(12);
    expect(columns.filter((column) => column.values.length > 0).length).toBeGreaterThan(12);
  });

  it('are lowercase snake_case', () => {
    const odd = columns.flatMap(({ where, values }) =>
      values.filter((value) => !/^[a-z]+(_[a-z]+)*$/.test(value)).map((value) => `${where}: ${value}`),
    );
    expect(odd).toEqual([]);
  });

  it('spell cancel the gateway way only where a payment is followed', () => {
    const odd = columns.flatMap(({ where, module, values }) => {
      const wrong = PAYMENT_FAMILY.has(module) ? 'cancelled' : 'canceled';
      return values.includes(wrong) ? [`${where}: ${wrong}`] : [];
    });
    expect(odd).toEqual([]);
  });
});
