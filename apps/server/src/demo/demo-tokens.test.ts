import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_SHOPPER } from './demo-accounts.ts';
import { seedDemoData } from './seed-demo.ts';

const README = path.resolve(import.meta.dirname, '../../../../README.md');

describe("the demo shopper's first tokens", () => {
  let t: TestApp;
  let notes: string[];
  beforeAll(async () => {
    t = await createTestApp();
    notes = await seedDemoData(t.ctx, t.services);
  });
  afterAll(async () => t.close());

  it('the start log and the README say the balance the shopper first sees: the Lucky Bag less the demo orders', async () => {
    const account = (await t.services.accounts.findAccount(DEMO_SHOPPER.username))!;
    const balance = await t.services.wallet.balance(t.ctx.db, account.id);
    expect(balance).toBeLessThan(550);
    const line = notes.find((note) => note.startsWith('Demo shopper starts with'));
    expect(line).toBe(
      `Demo shopper starts with ${balance} tokens (the 550-token Lucky Bag, less ${550 - balance} spent on the demo orders)`,
    );
    const readme = fs.readFileSync(README, 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain(
      `starts with ${balance} tokens (the 550-token Lucky Bag, less ${550 - balance} spent on the demo orders`,
    );
  });
});
