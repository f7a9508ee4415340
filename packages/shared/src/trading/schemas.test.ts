import { describe, expect, it } from 'vitest';
import { createOfferRequestSchema, createTradeRequestSchema, productImagesQuerySchema } from './schemas.ts';

const id = '0b6f1f3e-4c1a-4a53-9d3e-2f4f6a7b8c9d';

describe('trading payloads', () => {
  it('reads productIds as a comma list of ids and refuses anything else', () => {
    expect(productImagesQuerySchema.parse({ productIds: `${id}, ${id}` }).productIds).toEqual([id, id]);
    expect(productImagesQuerySchema.safeParse({ productIds: 'a,b' }).success).toBe(false);
  });

  it('needs offered units, wanted prizes and a username; quantities are whole and positive', () => {
    const wanted = [{ productId: id, prizeId: id, quantity: 1 }];
    expect(
      createTradeRequestSchema.safeParse({
        prizesOffered: [{ batchId: id, quantity: 1 }],
        prizesWanted: wanted,
        username: 'demo',
      }).success,
    ).toBe(true);
    expect(
      createTradeRequestSchema.safeParse({ prizesOffered: [], prizesWanted: wanted, username: 'demo' }).success,
    ).toBe(false);
    expect(
      createTradeRequestSchema.safeParse({
        prizesOffered: [{ batchId: id, quantity: 1 }],
        prizesWanted: [],
        username: 'demo',
      }).success,
    ).toBe(false);
    expect(
      createTradeRequestSchema.safeParse({
        prizesOffered: [{ batchId: id, quantity: 1.5 }],
        prizesWanted: wanted,
        username: 'demo',
      }).success,
    ).toBe(false);
    expect(createOfferRequestSchema.safeParse({ offeredItems: [{ batchId: 'x', quantity: 1 }] }).success).toBe(false);
  });
});
