/**
 * How long the product list takes to write: the zod check + JSON.stringify every other answer uses,
 * against the fast serializer the route uses in production (fast-json-stringify compiled from the same
 * schema). Run: `npx tsx bench/product-list-serializer.ts` in apps/server. Not a test: timings vary.
 */
import { productListingSchema, type Product, type ProductListing } from '@kujiya/shared';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { fastSerializerCompiler } from '../src/core/serializers.ts';

const product = (i: number): Product => ({
  setId: crypto.randomUUID(),
  productId: crypto.randomUUID(),
  name: `Ichiban Kuji set number ${i}`,
  image: `${'a'.repeat(32)}.png`,
  description: '',
  token: 30,
  price: 12.5,
  quantity: '40/80',
  tags: ['anime', 'figure', 'new'],
  preorder: i % 3 === 0,
  arrival: i % 3 === 0 ? 'March 2027' : null,
  doubleChance: i % 5 === 0,
  lottery: { enabled: i % 7 === 0 },
  promotion: i % 2 === 0 ? { type: 'BUY_X_GET_Y_FREE', details: { requiredQuantity: 3, freeQuantity: 1 } } : null,
  commitment: 'f'.repeat(64),
  holdTimeLeft: 0,
  createdAt: new Date().toISOString(),
});
const all = Array.from({ length: 200 }, (_, i) => product(i));
const listing: ProductListing = {
  all,
  newProducts: all.slice(0, 40),
  promotions: all.filter((p) => p.promotion),
  chance: all.slice(0, 20),
};

const target = { schema: productListingSchema, method: 'GET', url: '/api/ichiban-kuji-products', httpStatus: '200' };
const candidates = {
  'zod check + JSON.stringify': serializerCompiler(target as never) as (data: unknown) => string,
  'fast serializer (production)': fastSerializerCompiler(false)(target),
  'fast serializer + zod check (tests, dev)': fastSerializerCompiler(true)(target),
};
for (const [name, serialize] of Object.entries(candidates)) {
  for (let i = 0; i < 50; i++) serialize(listing);
  const runs = 500;
  const start = performance.now();
  for (let i = 0; i < runs; i++) serialize(listing);
  console.log(
    `${name.padEnd(42)} ${((performance.now() - start) / runs).toFixed(3)} ms per list of ${all.length} products`,
  );
}
