import { eq } from 'drizzle-orm';
import { setRounds } from './tables.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { NewProduct } from '@kujiya/shared';

let counter = 0;

/** Stores a small SVG and creates a product of 10 tickets (A x2, B x3, C x5) plus a Last Prize. */
export async function createTestProduct(t: TestApp, overrides: Partial<NewProduct> = {}) {
  counter += 1;
  const image = await t.services.media.putImage(
    t.ctx.db,
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><text>${counter}</text></svg>`),
    'image/svg+xml',
  );
  const input: NewProduct = {
    name: `Test Set ${counter}`,
    image,
    sku: `TEST-${counter}-001`,
    tokenPrice: 12,
    priceCents: 1250,
    tags: ['Test Anime'],
    prizes: [
      { kind: 'letter', letter: 'A', description: 'Big figure', image, type: 'Big', quantity: 2 },
      { kind: 'letter', letter: 'B', description: 'Plush', image, type: 'Small', quantity: 3 },
      { kind: 'letter', letter: 'C', description: 'Keychain', image, type: 'Small', quantity: 5 },
      { kind: 'last', description: 'Last figure', image, type: 'Big' },
    ],
    ...overrides,
  };
  const created = await t.ctx.db.transaction((tx) => t.services.catalogue.createProduct(tx, input));
  return { ...created, image, input };
}

/** A Challenge set (minimum 3 tickets, letter A) of the default box: 2 A among 10 tickets. */
export async function createChallengeTestProduct(t: TestApp) {
  const promotionId = await t.services.catalogue.createPromotion(t.ctx.db, {
    type: 'CHALLENGE',
    description: 'Get A',
    minimumQuantity: 3,
    challengeAlphabet: 'A',
  });
  return createTestProduct(t, { promotionId });
}

/** A double-chance set: 2 Prize A, 4 Prize B (6 tickets), 2 double-chance boards and a Last Prize. */
export async function createDoubleChanceTestProduct(t: TestApp) {
  const image = await t.services.media.putImage(
    t.ctx.db,
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    'image/svg+xml',
  );
  return createTestProduct(t, {
    doubleChance: true,
    prizes: [
      { kind: 'letter', letter: 'A', description: 'Figure', image, type: 'Big', quantity: 2 },
      { kind: 'letter', letter: 'B', description: 'Plush', image, type: 'Small', quantity: 4 },
      { kind: 'double', description: 'Signed board', image, type: 'Big', quantity: 2 },
      { kind: 'last', description: 'Last figure', image, type: 'Big' },
    ],
  });
}

/**
 * Sets a round's scheduled opening directly (docs/rules/drops.md), for tests of what depends on it;
 * the back office's own input checks the rules of setting it. The shop's listing hears of it.
 */
export async function scheduleOpening(
  t: Pick<TestApp, 'ctx' | 'services'>,
  setId: string,
  salesStartAt: Date | null,
): Promise<void> {
  await t.ctx.db.transaction(async (tx) => {
    await tx.update(setRounds).set({ salesStartAt }).where(eq(setRounds.id, setId));
    t.services.catalogue.changed(tx);
  });
}
