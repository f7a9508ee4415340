import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, buildPublicFairnessVerdict, singaporeInstant } from '@kujiya/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestProduct } from '../catalogue/test-helpers.ts';
import { fundedShopper, useTokens, type Shopper } from '../orders/test-helpers.ts';
import { addressedShopper, confirmCard, givePrizes } from '../fulfilment/test-helpers.ts';
import { RELOAD_REFUSED_RESERVED } from '../catalogue/service.ts';

const ADMIN = { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'Boss123!' };
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

async function adminHeaders(t: TestApp) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'boss', password: 'Boss123!' },
  });
  return { authorization: `Bearer ${res.json().token}` };
}

type Method = 'GET' | 'POST' | 'PUT';
const asAdmin = (t: TestApp, headers: Record<string, string>, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

/** A multipart body for add-product: text fields and SVG images. */
function productForm(
  fields: Record<string, string>,
  images: string[] = ['productImage', 'prizeImage0', 'prizeImage1'],
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const name of images) form.append(name, new Blob([SVG], { type: 'image/svg+xml' }), `${name}.svg`);
  return form;
}
const validFields = () => ({
  name: 'Admin Added Set',
  quantity: '5',
  sku: 'ADM-001',
  tags: 'Anime, Figures',
  price: '12.50',
  token: '12',
  active: 'true',
  doubleChance: 'false',
  preorder: 'false',
  prizes: JSON.stringify([
    { name: 'Prize A', description: 'Figure', quantity: 2, type: 'Big' },
    { name: 'Prize B', description: 'Keychain', quantity: 3, type: 'Small' },
  ]),
});
async function postForm(t: TestApp, headers: Record<string, string>, form: FormData) {
  const request = new Request('http://x/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/add-product',
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload: body,
  });
}

describe('back office', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env: ADMIN });
    headers = await adminHeaders(t);
  });
  afterAll(async () => t.close());

  it('answers every admin call with 401 without a token or with an expired one, and 403 to a shopper', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: [Method, string][] = [
      ['GET', '/api/admin/sets'],
      ['POST', '/api/admin/add-product'],
      ['GET', `/api/admin/products/${id}`],
      ['PUT', `/api/admin/products/${id}`],
      ['POST', `/api/admin/products/${id}/reload`],
      ['POST', '/api/admin/images'],
      ['PUT', `/api/admin/products/${id}/availability`],
      ['GET', '/api/admin/promotions'],
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/selfcollect'],
      ['PUT', `/api/admin/selfcollect/${id}/status`],
      ['GET', '/api/admin/shipments'],
      ['PUT', `/api/admin/shipments/${id}/shipped`],
      ['POST', '/api/admin/shipments/export-pending'],
      ['GET', '/api/admin/inventory/demo'],
      ['GET', '/api/admin/dashboard'],
      ['GET', `/api/admin/audit?entityType=product&entityId=${id}`],
    ];
    const shopper = await fundedShopper(t, 'guardcheck', 0);
    const expiring = await adminHeaders(t);
    t.clock.advance(9 * 60 * 60 * 1000);
    for (const [method, url] of calls) {
      const none = await t.app.inject({ method, url });
      expect([method, url, none.statusCode]).toEqual([method, url, 401]);
      expect(none.json().message).toBe('Admin authentication required');
      const asShopper = await t.app.inject({ method, url, headers: shopper.headers });
      expect([method, url, asShopper.statusCode]).toEqual([method, url, 403]);
      const expired = await t.app.inject({ method, url, headers: expiring });
      expect([method, url, expired.statusCode]).toEqual([method, url, 401]);
    }
    headers = await adminHeaders(t);
  });

  it('refuses an incomplete new product with a 400 naming what is missing, changing nothing', async () => {
    const before = (await asAdmin(t, headers, 'GET', '/api/admin/sets')).json().sets.length;
    const missing: [string, string][] = [
      ['name', 'Product name is required'],
      ['quantity', 'Quantity is required'],
      ['sku', 'SKU is required'],
      ['tags', 'Tags are required'],
      ['price', 'Price is required'],
      ['token', 'Token value is required'],
      ['prizes', 'Add at least one prize'],
    ];
    for (const [field, message] of missing) {
      const fields: Record<string, string> = validFields();
      delete fields[field];
      const res = await postForm(t, headers, productForm(fields));
      expect([field, res.statusCode, res.json().message]).toEqual([field, 400, message]);
    }
    const noImage = await postForm(t, headers, productForm(validFields(), []));
    expect(noImage.json()).toMatchObject({ message: 'Product image is required' });
    const wrongTotal = await postForm(t, headers, productForm({ ...validFields(), quantity: '9' }));
    expect(wrongTotal.json().message).toBe("Quantity must equal the prizes' total (5)");
    const preorder = await postForm(t, headers, productForm({ ...validFields(), preorder: 'true' }));
    expect(preorder.json().message).toBe('Arrival is required for a pre-order');
    const badImage = productForm(validFields(), ['prizeImage0']);
    badImage.append('productImage', new Blob(['not an image'], { type: 'text/plain' }), 'x.txt');
    expect((await postForm(t, headers, badImage)).json().message).toBe('Unsupported image type');
    expect((await asAdmin(t, headers, 'GET', '/api/admin/sets')).json().sets.length).toBe(before);
  });

  it('refuses a value over its limit with a message naming the limit, changing nothing', async () => {
    const before = (await asAdmin(t, headers, 'GET', '/api/admin/sets')).json().sets.length;
    const prize = (quantity: number) => ({ name: 'Prize A', description: 'Figure', quantity, type: 'Big' });
    const over: [Record<string, string>, string][] = [
      [{ quantity: '1001', prizes: JSON.stringify([prize(1001)]) }, 'Prize quantity must be at most 1000'],
      [{ price: '100001' }, 'Price must be at most 100000'],
      [{ quantity: '28', prizes: JSON.stringify(Array.from({ length: 28 }, () => prize(1))) }, 'At most 27 prizes'],
    ];
    for (const [fields, message] of over) {
      const res = await postForm(t, headers, productForm({ ...validFields(), ...fields }));
      expect([res.statusCode, res.json()]).toEqual([400, { message, code: ErrorCode.VALIDATION_FAILED }]);
    }
    expect((await asAdmin(t, headers, 'GET', '/api/admin/sets')).json().sets.length).toBe(before);
  });

  it('adds a product whose first round has a commitment and committed rules, listed in the shop, audited', async () => {
    const res = await postForm(t, headers, productForm(validFields()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Product and prizes added successfully!' });
    const { sets } = (await asAdmin(t, headers, 'GET', '/api/admin/sets?search=admin%20added')).json();
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({
      productName: 'Admin Added Set',
      productSku: 'ADM-001',
      productQuantity: 5,
      sold: 0,
      active: true,
      preorder: false,
      totalSold: 0,
    });
    const detail = (await asAdmin(t, headers, 'GET', `/api/admin/products/${sets[0].id}`)).json();
    expect(
      detail.prizes.map((p: { name: string; initialQuantity: number; type: string }) => [
        p.name,
        p.initialQuantity,
        p.type,
      ]),
    ).toEqual([
      ['Prize A', 2, 'Big'],
      ['Prize B', 3, 'Small'],
    ]);
    const fairness = (await t.app.inject({ method: 'GET', url: `/api/fairness/${sets[0].setId}` })).json();
    expect(fairness.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(fairness.rules).toContain('"box":["A","A","B","B","B"]');
    const shop = (await t.app.inject({ method: 'GET', url: '/api/ichiban-kuji-products' })).json();
    expect(shop.all.some((p: { name: string }) => p.name === 'Admin Added Set')).toBe(true);
    const audit = (
      await asAdmin(t, headers, 'GET', `/api/admin/audit?entityType=product&entityId=${sets[0].id}`)
    ).json();
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({ adminName: 'boss', action: 'product.create', before: null });
  });

  it('reloads a set: old seed revealed and verifying, new round with SKU + 1, refused while a reservation is unpaid', async () => {
    const { productId, setId } = await createTestProduct(t, { sku: 'RLD-001' });
    const alice = await fundedShopper(t, 'reloader', 500);
    expect((await useTokens(t, alice, { setId, ticketsBought: 3, clientSeed: 'r1' })).statusCode).toBe(200);
    // A card intent reserves tickets: reload waits for it.
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/payment/kuji/create-intent',
      headers: alice.headers,
      payload: { username: 'reloader', setId, ticketsBought: 1 },
    });
    expect(intent.statusCode).toBe(200);
    const refused = await asAdmin(t, headers, 'POST', `/api/admin/products/${productId}/reload`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, RELOAD_REFUSED_RESERVED]);
    await confirmCard(t, intent.json().clientSecret);
    const reload = await asAdmin(t, headers, 'POST', `/api/admin/products/${productId}/reload`);
    expect(reload.statusCode).toBe(200);
    expect(reload.json()).toMatchObject({ sku: 'RLD-002' });
    const old = (await t.app.inject({ method: 'GET', url: `/api/fairness/${setId}` })).json();
    expect(old.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(buildPublicFairnessVerdict(old).ok).toBe(true);
    const detail = (await asAdmin(t, headers, 'GET', `/api/admin/products/${productId}`)).json();
    expect(detail).toMatchObject({ productSku: 'RLD-002', sold: 0, totalSold: 4, roundNumber: 2, promotion: null });
    expect(
      detail.prizes.every(
        (p: { remainingQuantity: number; initialQuantity: number }) => p.remainingQuantity === p.initialQuantity,
      ),
    ).toBe(true);
    const audit = (
      await asAdmin(t, headers, 'GET', `/api/admin/audit?entityType=product&entityId=${productId}`)
    ).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(['round.reload']);
  });

  it('edits a product, refuses a box change mid-round unless saved with a reload', async () => {
    const { productId } = await createTestProduct(t, { sku: 'EDT-001' });
    const detail = (await asAdmin(t, headers, 'GET', `/api/admin/products/${productId}`)).json();
    const payload = {
      sku: 'EDT-001',
      quantity: detail.productQuantity,
      sold: detail.sold,
      status: 'inactive',
      arrival: null,
      doubleChance: false,
      promotionId: null,
      lottery: { enabled: false, completed: false },
    };
    const saved = await asAdmin(t, headers, 'PUT', `/api/admin/products/${productId}`, payload);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().active).toBe(false);
    const negative = await asAdmin(t, headers, 'PUT', `/api/admin/products/${productId}`, { ...payload, sold: -1 });
    expect([negative.statusCode, negative.json().message]).toEqual([400, 'sold must be 0 or more']);
    const boxChange = await asAdmin(t, headers, 'PUT', `/api/admin/products/${productId}`, {
      ...payload,
      prizesQuantities: { A: 4 },
    });
    expect(boxChange.statusCode).toBe(409);
    const withReload = await asAdmin(t, headers, 'PUT', `/api/admin/products/${productId}`, {
      ...payload,
      prizesQuantities: { A: 4 },
      reload: true,
    });
    expect(withReload.statusCode).toBe(200);
    expect(withReload.json()).toMatchObject({ productSku: 'EDT-002', productQuantity: 12 });
    const audit = (
      await asAdmin(t, headers, 'GET', `/api/admin/audit?entityType=product&entityId=${productId}`)
    ).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(['product.update', 'product.update+reload']);
    expect(audit.entries[0].before.active).toBe(true);
  });

  it('converts a pre-order to in stock: ship-by now + 14 days and one notification and mail per holder', async () => {
    const bea = await addressedShopper(t, 'bea');
    const cai = await addressedShopper(t, 'cai');
    const beaIds = await givePrizes(t, bea, { A: 1, B: 1 }, null);
    const product = (await t.services.inventory.batchesOfUser(bea.user.id)).find((b) => b.id === beaIds.A)!.productId;
    // cai holds units of the same product.
    const round = (await t.services.catalogue.roundsOfProduct(product))[0]!;
    const prizes = await t.services.catalogue.prizesOfProduct(t.ctx.db, product);
    await t.ctx.db.transaction((tx) =>
      t.services.inventory.addBatches(tx, [
        {
          userId: cai.user.id,
          prizeId: prizes[0]!.id,
          productId: product,
          roundId: round,
          orderId: null,
          quantity: 2,
          shipByDate: null,
          sku: 'X',
          source: 'draw',
        },
      ]),
    );
    const res = await asAdmin(t, headers, 'PUT', `/api/admin/products/${product}/availability`, {
      availability: 'instock',
      updateInventory: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ updatedBatches: 3, notifiedHolders: 2 });
    const expected = t.clock.now().getTime() + 14 * 24 * 3600 * 1000;
    for (const batch of await t.services.inventory.batchesOfUser(bea.user.id))
      expect(batch.shipByDate?.getTime()).toBe(expected);
    for (const who of [bea, cai]) {
      const account = await t.services.accounts.getAccount(t.ctx.db, who.user.id);
      const mails = await t.services.mail.listQueue({ to: account!.email });
      expect(mails.filter((m) => m.subject.includes('pre-order has arrived'))).toHaveLength(1);
      const notes = await t.services.notifications.list(who.user.id);
      expect(notes.filter((n) => n.message.includes('have arrived and are ready to ship'))).toHaveLength(1);
    }
  });

  it('completes a self-collection once; a completed collection cannot change', async () => {
    const dan = await addressedShopper(t, 'dan');
    const ids = await givePrizes(t, dan, { A: 2 });
    const collection = await t.services.fulfilment.createCollection(dan.user, {
      items: [{ batchId: ids.A!, quantity: 2 } as never],
      collectionDate: singaporeInstant('2026-11-25', 15).toISOString(),
    });
    const url = `/api/admin/selfcollect/${collection._id}/status`;
    expect((await asAdmin(t, headers, 'PUT', url, { status: 'completed' })).statusCode).toBe(200);
    const again = await asAdmin(t, headers, 'PUT', url, { status: 'cancelled' });
    expect([again.statusCode, again.json().message]).toEqual([
      400,
      'This self-collection is already completed and cannot change',
    ]);
    const list = (await asAdmin(t, headers, 'GET', '/api/admin/selfcollect?search=dan')).json();
    expect(list.collections[0]).toMatchObject({
      status: 'completed',
      username: 'dan',
      parcelContent: expect.stringContaining('2 x Prize A'),
    });
    const audit = (
      await asAdmin(t, headers, 'GET', `/api/admin/audit?entityType=collection&entityId=${collection._id}`)
    ).json();
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({
      action: 'collection.completed',
      before: { status: 'pending' },
      after: { status: 'completed' },
    });
  });

  it('exports one PDF page per pending paid shipment, 404 with a message when none; marks shipped', async () => {
    const none = await asAdmin(t, headers, 'POST', '/api/admin/shipments/export-pending');
    expect([none.statusCode, none.json().message]).toEqual([404, 'No pending shipments to export']);
    const shipmentIds: string[] = [];
    for (const name of ['eve', 'fay', 'gus']) {
      const s: Shopper = await addressedShopper(t, name);
      const ids = await givePrizes(t, s, { A: 1 });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payment/shipping/create-intent',
        headers: s.headers,
        payload: { inventoryItems: [{ batchId: ids.A!, quantity: 1 }], useProfileAddress: true },
      });
      if (name !== 'gus') await confirmCard(t, res.json().clientSecret);
      shipmentIds.push(res.json().shipmentId);
    }
    const pdf = await asAdmin(t, headers, 'POST', '/api/admin/shipments/export-pending');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
    const listed = (await asAdmin(t, headers, 'GET', '/api/admin/shipments?status=pending')).json();
    expect(listed.shipments).toHaveLength(2);
    expect((await asAdmin(t, headers, 'PUT', `/api/admin/shipments/${shipmentIds[0]}/shipped`)).statusCode).toBe(200);
    expect((await asAdmin(t, headers, 'PUT', `/api/admin/shipments/${shipmentIds[0]}/shipped`)).json().message).toBe(
      'This shipment is already marked shipped',
    );
    const after = await asAdmin(t, headers, 'POST', '/api/admin/shipments/export-pending');
    expect(after.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const audit = (
      await asAdmin(t, headers, 'GET', `/api/admin/audit?entityType=shipment&entityId=${shipmentIds[0]}`)
    ).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'shipment.shipped',
      before: { shipped: false },
      after: { shipped: true },
    });
  });

  it('looks up a shopper inventory by username or e-mail', async () => {
    const hal = await addressedShopper(t, 'hal');
    await givePrizes(t, hal, { B: 2 });
    const byName = (await asAdmin(t, headers, 'GET', '/api/admin/inventory/hal')).json();
    expect(Object.values(byName).flat()).toHaveLength(1);
    const account = await t.services.accounts.getAccount(t.ctx.db, hal.user.id);
    expect(
      (await asAdmin(t, headers, 'GET', `/api/admin/inventory/${encodeURIComponent(account!.email)}`)).statusCode,
    ).toBe(200);
    expect((await asAdmin(t, headers, 'GET', '/api/admin/inventory/nobody-here')).statusCode).toBe(404);
  });
});
