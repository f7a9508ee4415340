// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { delay, http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  adminProductSchema,
  adminProductUpdateSchema,
  adminPromotionsResponseSchema,
  adminReloadResponseSchema,
  auditListSchema,
  type AdminProduct,
  type AdminProductUpdate,
} from '@kujiya/shared';
import { signInAdmin } from '../../../test/auth';
import { uuid } from '../../../test/fixtures';
import { answer, refuse, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { server } from '../../../test/server';
import { ProductDetailPage } from './ProductDetailPage';

const productId = uuid('admin product');

/** Round 2 of a set on sale: Prize A (3 for the next round) and a Last Prize. */
const loaded: AdminProduct = adminProductSchema.parse({
  id: productId,
  setId: uuid('admin round 2'),
  productName: 'Naruto Kuji',
  productSku: 'NAR-002',
  productQuantity: 3,
  sold: 1,
  active: true,
  preorder: false,
  arrival: null,
  totalSold: 4,
  productImage: 'naruto.png',
  description: 'Naruto figures',
  tags: ['Naruto'],
  price: 6.5,
  token: 13,
  doubleChance: false,
  promotion: null,
  lottery: { enabled: false, completed: false, totalTickets: 0, ticketsLeft: 0, orders: [] },
  prizes: [
    {
      id: uuid('admin prize A'),
      letter: 'A',
      kind: 'letter',
      name: 'Prize A',
      description: 'Naruto figure',
      image: 'a.png',
      type: 'Big',
      remainingQuantity: 2,
      initialQuantity: 3,
    },
    {
      id: uuid('admin prize last'),
      letter: 'LAST',
      kind: 'last',
      name: 'Last Prize',
      description: 'Big Naruto',
      image: 'last.png',
      type: 'Big',
      remainingQuantity: 1,
      initialQuantity: 1,
    },
  ],
  roundNumber: 2,
  roundStatus: 'open',
  commitment: 'c'.repeat(64),
  salesStartAt: null,
  maxTicketsPerShopper: null,
  maxTicketsPerOrder: null,
  orderCooldownSeconds: null,
});

/** The editor of `loaded`; with `saves`, the PUT applies the name and price and later reads see them. */
function openEditor({ saves = false } = {}) {
  signInAdmin();
  let stored = loaded;
  answer('get', '/api/admin/products/:id', adminProductSchema, () => stored);
  if (saves) {
    answer('put', '/api/admin/products/:id', adminProductSchema, (request) => {
      const body = request.body as AdminProductUpdate;
      stored = { ...stored, productName: body.productName ?? stored.productName, price: body.price ?? stored.price };
      return stored;
    });
  }
  answer('get', '/api/admin/promotions', adminPromotionsResponseSchema, { promotions: [] });
  answer('get', '/api/admin/audit', auditListSchema, { entries: [] });
  return renderWithApp(<ProductDetailPage />, { path: '/admin/product/:id', at: `/admin/product/${productId}` });
}

const puts = () =>
  sent('PUT', `/api/admin/products/${productId}`).map((request) => adminProductUpdateSchema.parse(request.body));

describe('the product editor (docs/rules/back-office.md)', () => {
  it('offers Save only after a change and sends only what changed', async () => {
    const page = openEditor({ saves: true });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await page.user.clear(name);
    await page.user.type(name, 'Naruto Shippuden Kuji');
    const price = screen.getByRole('spinbutton', { name: 'Price (SGD)' });
    await page.user.clear(price);
    await page.user.type(price, '7');
    await page.user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(puts()).toEqual([{ productName: 'Naruto Shippuden Kuji', price: 7 }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument());
  });

  it('asks before a next-round quantity change, which saves with a Reload Set', async () => {
    answer('put', '/api/admin/products/:id', adminProductSchema, loaded);
    const page = openEditor();
    const quantity = await screen.findByRole('spinbutton', { name: 'Prize A quantity' });
    await page.user.clear(quantity);
    await page.user.type(quantity, '5');
    await page.user.click(screen.getByRole('button', { name: 'Save' }));

    const confirm = await screen.findByRole('dialog', { name: 'Save and reload the set?' });
    expect(confirm).toHaveTextContent('Round 2 (NAR-002, 1/3 sold) closes');
    expect(puts()).toEqual([]);
    await page.user.click(within(confirm).getByRole('button', { name: 'Save and reload' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved and reloaded: a new round is open.');
    expect(puts()).toEqual([{ prizesQuantities: { A: 5 }, reload: true }]);
  });

  it('offers the same change as a Reload Set when the running round refuses it', async () => {
    refuse('put', '/api/admin/products/:id', 409, 'The box of a running round is committed');
    const page = openEditor();
    const description = await screen.findByRole('textbox', { name: 'Prize A description' });
    await page.user.type(description, ' (red)');
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Save and reload the set?' })).toBeInTheDocument();
    expect(puts()).toEqual([{ prizes: [{ id: uuid('admin prize A'), description: 'Naruto figure (red)' }] }]);
  });

  it('sets the opening in Singapore time and the limits (docs/rules/drops.md), sending only those', async () => {
    answer('put', '/api/admin/products/:id', adminProductSchema, loaded);
    const page = openEditor();
    const opening = await screen.findByLabelText('Opens at (Singapore time)');
    fireEvent.change(opening, { target: { value: '2026-12-07T20:00' } });
    await page.user.type(screen.getByRole('spinbutton', { name: 'Max tickets per shopper (per round)' }), '5');
    await page.user.type(screen.getByRole('spinbutton', { name: 'Max tickets per order' }), '3');
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(puts()).toEqual([
      { salesStartAt: '2026-12-07T12:00:00.000Z', maxTicketsPerShopper: 5, maxTicketsPerOrder: 3 },
    ]);
  });

  it("shows the server's refusal of a save", async () => {
    refuse('put', '/api/admin/products/:id', 400, 'Product name is required');
    const page = openEditor();
    await page.user.clear(await screen.findByRole('textbox', { name: 'Name' }));
    await page.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Product name is required');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says which round Reload Set opened, though the new round remounts the editor', async () => {
    const page = openEditor();
    const round3 = { ...loaded, setId: uuid('admin round 3'), productSku: 'NAR-003', sold: 0, roundNumber: 3 };
    answer('post', '/api/admin/products/:id/reload', adminReloadResponseSchema, () => {
      // Every read after the reload sees the new round at once, while the history answers late: the
      // new round remounts the editor before every refetch is done.
      answer('get', '/api/admin/products/:id', adminProductSchema, round3);
      server.use(
        http.get('/api/admin/audit', async () => {
          await delay(300);
          return HttpResponse.json(auditListSchema.parse({ entries: [] }));
        }),
      );
      return { message: 'Set reloaded', setId: round3.setId, sku: 'NAR-003' };
    });
    await page.user.click(await screen.findByRole('button', { name: 'Reload Set' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reload Set?' });
    await page.user.click(within(confirm).getByRole('button', { name: 'Reload Set' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Reloaded: new round NAR-003.');
    expect(await screen.findByText(/^3 ·/)).toBeInTheDocument();
  });
});
