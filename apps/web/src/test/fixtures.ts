import {
  inventoryItemSchema,
  inventoryResponseSchema,
  prizeSchema,
  productListingSchema,
  productSchema,
  tradeSchema,
  type InventoryBatch,
  type InventoryItem,
  type InventoryResponse,
  type Prize,
  type Product,
  type ProductListing,
  type Trade,
} from '@kujiya/shared';

/**
 * Typed fixtures of the API's answers, each parsed by the shared schema it answers with: a fixture
 * that drifts from the contract fails where it is built, naming the field.
 */

/** A stable uuid per name (ids are uuids in the contract: packages/shared/src/common/ids.ts). */
export function uuid(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hex = hash.toString(16).padStart(8, '0');
  return `${hex}-0000-4000-8000-${hex.padEnd(12, '0').slice(0, 12)}`;
}

/** A set on sale: 10 tokens or $5.00 a ticket, 20 of 50 tickets left, no promotion. */
export function product(overrides: Partial<Product> = {}): Product {
  const name = overrides.name ?? 'Dragon Quest Kuji';
  return productSchema.parse({
    setId: uuid(`set ${name}`),
    productId: uuid(`product ${name}`),
    name,
    description: 'A round of Dragon Quest figures.',
    image: 'dragon-quest.png',
    token: 10,
    price: 5,
    quantity: '20/50',
    tags: ['Dragon Quest'],
    preorder: false,
    arrival: null,
    doubleChance: false,
    lottery: { enabled: false },
    promotion: null,
    commitment: 'a'.repeat(64),
    rulesHash: null,
    holdTimeLeft: 0,
    createdAt: '2026-11-01T02:00:00.000Z',
    salesStartAt: null,
    maxTicketsPerShopper: null,
    maxTicketsPerOrder: null,
    orderCooldownSeconds: null,
    ...overrides,
  });
}

/** The list answer with these sets under All (and New). */
export function listing(...products: Product[]): ProductListing {
  return productListingSchema.parse({ all: products, newProducts: products, promotions: [], chance: [] });
}

export function prize(overrides: Partial<Prize> = {}): Prize {
  const name = overrides.name ?? 'Prize A';
  return prizeSchema.parse({
    id: uuid(`prize ${name}`),
    name,
    rank: name.replace(/^Prize /, ''),
    image: 'prize.png',
    description: `${name} figure`,
    quantity: '1/2',
    type: 'Big',
    doubleChance: false,
    ...overrides,
  });
}

/** A batch of units: in stock (a ship-by date) unless `shipByDate` is undefined. */
export function batch(name: string, overrides: Partial<InventoryBatch> = {}): InventoryBatch {
  return {
    batchId: uuid(`batch ${name}`),
    quantity: 1,
    inTrade: 0,
    awaitingPayment: 0,
    sku: `SKU-${name}`,
    ...overrides,
  };
}

/** A won prize in the inventory with its batches. */
export function inventoryItem(
  prizeName: string,
  batches: InventoryBatch[],
  overrides: Partial<InventoryItem> = {},
): InventoryItem {
  return inventoryItemSchema.parse({
    id: uuid(`inventory ${prizeName}`),
    prizeId: uuid(`prize ${prizeName}`),
    prizeName,
    type: 'Small',
    itemType: 'ichiban_kuji',
    image: 'prize.png',
    description: `${prizeName} figure`,
    product: { _id: uuid(`product ${prizeName}`), name: 'Dragon Quest Kuji', tags: [] },
    arrival: null,
    batches,
    ...overrides,
  });
}

export function inventory(sets: Record<string, InventoryItem[]>): InventoryResponse {
  return inventoryResponseSchema.parse(sets);
}

/** Another shopper's active trade offering one unit and wanting one prize. */
export function trade(overrides: Partial<Trade> = {}): Trade {
  return tradeSchema.parse({
    _id: uuid('trade'),
    createdBy: { username: 'bob', profilePicture: null },
    createdAt: '2026-11-20T02:00:00.000Z',
    prizesOffered: [
      {
        prizeId: uuid('prize Bob figure'),
        productId: uuid('product Bob'),
        prizeDetails: { name: 'Prize B', description: 'Slime plush', image: 'slime.png' },
        quantity: 1,
        shipByDate: '2026-12-20T00:00:00.000Z',
        estimatedArrival: null,
        setName: 'Dragon Quest Kuji',
      },
    ],
    prizesWanted: [
      {
        prizeId: uuid('prize Wanted'),
        productId: uuid('product Wanted'),
        prizeDetails: { name: 'Prize A', description: 'Hero figure', image: 'hero.png' },
        quantity: 1,
        productDetails: { name: 'Dragon Quest Kuji' },
      },
    ],
    userOffer: null,
    offerCount: 0,
    completedAt: null,
    status: 'active',
    prizesReceived: [],
    partnerUsername: null,
    ...overrides,
  });
}

/** An ISO instant `days` from now (ship-by dates are judged against the real clock). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();
