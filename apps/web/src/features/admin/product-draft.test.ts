import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '@kujiya/shared';
import { addProductErrors, ticketsOf } from './add-product-errors';
import { draftOf, editsOf } from './product-draft';

const product = {
  id: 'p1',
  setId: 's1',
  productName: 'Moon Set',
  productSku: 'MOON-001',
  productQuantity: 5,
  sold: 2,
  active: true,
  preorder: false,
  arrival: null,
  totalSold: 2,
  productImage: 'a.svg',
  description: '',
  tags: ['Anime', 'Moon'],
  price: 12.5,
  token: 12,
  doubleChance: false,
  promotion: null,
  lottery: { enabled: false, completed: false, totalTickets: 5, ticketsLeft: 3, orders: [] },
  prizes: [
    {
      id: 'a',
      letter: 'A',
      kind: 'letter',
      name: 'Prize A',
      description: 'Figure',
      image: 'a.svg',
      type: 'Big',
      remainingQuantity: 1,
      initialQuantity: 2,
    },
    {
      id: 'b',
      letter: 'B',
      kind: 'letter',
      name: 'Prize B',
      description: 'Plush',
      image: 'b.svg',
      type: 'Small',
      remainingQuantity: 2,
      initialQuantity: 3,
    },
  ],
  roundNumber: 1,
  roundStatus: 'open',
  commitment: 'c'.repeat(64),
  salesStartAt: null,
  maxTicketsPerShopper: null,
  maxTicketsPerOrder: null,
  orderCooldownSeconds: null,
} satisfies AdminProduct;

describe('the product editor sends only what changed', () => {
  it('an untouched draft sends nothing; edits send just their fields', () => {
    const loaded = draftOf(product);
    expect(editsOf(loaded, loaded)).toEqual({ payload: {}, needsReload: false });
    const draft = {
      ...loaded,
      productName: 'Sun Set',
      price: '15.50',
      tags: 'Anime,  Sun ',
      prizes: { ...loaded.prizes, b: { description: 'Big plush', image: 'b.svg' } },
    };
    expect(editsOf(loaded, draft)).toEqual({
      payload: {
        productName: 'Sun Set',
        price: 15.5,
        tags: ['Anime', 'Sun'],
        prizes: [{ id: 'b', description: 'Big plush' }],
      },
      needsReload: false,
    });
  });

  it('a changed "Next round" quantity is a reload with every letter quantity', () => {
    const loaded = draftOf(product);
    expect(editsOf(loaded, { ...loaded, quantities: { A: 4, B: 3 } })).toEqual({
      payload: { prizesQuantities: { A: 4, B: 3 } },
      needsReload: true,
    });
  });
});

describe('the add-product form', () => {
  it('reports every empty field at once, with the server messages', () => {
    const errors = addProductErrors({
      fields: { name: '', quantity: '1', sku: '', tags: '', price: '', token: '', arrival: '' },
      flags: { active: true, doubleChance: false, preorder: true },
      prizes: [{ name: 'Prize A', description: '', quantity: 1, type: 'Small', image: null }],
      productImage: null,
    });
    expect(errors).toEqual({
      name: 'Product name is required',
      sku: 'SKU is required',
      tags: 'Tags are required',
      price: 'Price is required',
      token: 'Token value is required',
      arrival: 'Arrival is required for a pre-order',
      productImage: 'Product image is required',
      'prizes.0.description': 'Prize description is required',
      'prizes.0.image': 'Prize image is required',
    });
  });

  it("fills Quantity with the letter prizes' total (the Last Prize is not a ticket)", () => {
    expect(
      ticketsOf([
        { name: 'Prize A', quantity: 2 },
        { name: 'Prize B', quantity: 3 },
        { name: 'Last Prize', quantity: 1 },
      ]),
    ).toBe(5);
  });
});
