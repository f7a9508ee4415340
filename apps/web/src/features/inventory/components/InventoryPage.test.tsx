// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  abandonRequestSchema,
  createTradeRequestSchema,
  inventoryResponseSchema,
  messageOnlyResponseSchema,
  productImagesResponseSchema,
  productsWithPrizesResponseSchema,
  tradeMessageResponseSchema,
} from '@kujiya/shared';
import { signInShopper } from '../../../test/auth';
import { batch, daysFromNow, inventory, inventoryItem, uuid } from '../../../test/fixtures';
import { answer, refuse, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { InventoryPage } from './InventoryPage';

/**
 * Dragon Quest (in stock): Prize A, 3 units of which 1 in a trade (2 selectable); Prize B, due in
 * half a day (shippable, not tradable). One Piece (pre-order): Prize C, 2 units; Prize D, its only
 * unit awaiting a shipment's payment (nothing selectable).
 */
const stock = inventory({
  'Dragon Quest Kuji': [
    inventoryItem('Prize A', [batch('A', { quantity: 3, inTrade: 1, shipByDate: daysFromNow(10) })], { type: 'Big' }),
    inventoryItem('Prize B', [batch('B', { quantity: 1, shipByDate: daysFromNow(0.5) })]),
  ],
  'One Piece Kuji': [
    inventoryItem('Prize C', [batch('C', { quantity: 2 })], { arrival: daysFromNow(30) }),
    inventoryItem('Prize D', [batch('D', { quantity: 1, awaitingPayment: 1, shipByDate: daysFromNow(9) })]),
  ],
});

function openInventory() {
  signInShopper('alice');
  answer('get', '/api/inventory/user/:username', inventoryResponseSchema, stock);
  return renderWithApp(<InventoryPage />, { path: '/inventory' });
}

type Page = ReturnType<typeof openInventory>;

const prizeCard = (name: string) =>
  screen.getAllByTestId('inventory-prize').find((card) => card.dataset.prizeName === name)!;
const controls = (name: string) => within(prizeCard(name)).queryByRole('group', { name: `Quantity of ${name}` });

async function choose(page: Page, action: string, info?: string) {
  await page.user.click(await screen.findByRole('button', { name: action }));
  if (info)
    await page.user.click(
      within(await screen.findByRole('dialog', { name: info })).getByRole('button', { name: 'Got it' }),
    );
}

async function add(page: Page, name: string, times = 1) {
  for (let i = 0; i < times; i += 1)
    await page.user.click(within(controls(name)!).getByRole('button', { name: 'Increase' }));
}

describe('inventory selection (docs/rules/fulfilment.md)', () => {
  it('ships in-stock units of several prizes together, up to what each batch can give; pre-orders say why not', async () => {
    const page = openInventory();
    await screen.findByRole('heading', { name: 'Dragon Quest Kuji' });
    expect(controls('Prize A')).toBeNull();
    await choose(page, 'Ship Items', 'Shipping Information');

    await add(page, 'Prize A', 3);
    expect(within(controls('Prize A')!).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(2);
    expect(within(controls('Prize A')!).getByRole('button', { name: 'Increase' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await add(page, 'Prize B');
    expect(within(prizeCard('Prize C')).getByText('Cannot ship pre-order items')).toBeInTheDocument();
    expect(controls('Prize C')).toBeNull();
    expect(within(controls('Prize D')!).getByRole('button', { name: 'Increase' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Confirm Ship Items (3)' })).toBeInTheDocument();
  });

  it('keeps units due within a day out of a trade but lets pre-orders in; a new action clears the selection', async () => {
    const page = openInventory();
    await choose(page, 'Ship Items', 'Shipping Information');
    await add(page, 'Prize B');
    expect(screen.getByRole('button', { name: 'Confirm Ship Items (1)' })).toBeInTheDocument();

    await choose(page, 'Trade Items', 'Trading Items');
    expect(screen.queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
    expect(within(prizeCard('Prize B')).getByText('Cannot trade items due within 1 day')).toBeInTheDocument();
    await add(page, 'Prize C', 2);
    await add(page, 'Prize A');
    expect(screen.getByRole('button', { name: 'Confirm Trade Items (3)' })).toBeInTheDocument();
  });

  it('self-collects only units in the warehouse', async () => {
    const page = openInventory();
    await choose(page, 'Self-Collect');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(prizeCard('Prize C')).getByText('Cannot self-collect pre-order items')).toBeInTheDocument();
    const quantity = within(controls('Prize A')!).getByRole('spinbutton', { name: 'Quantity' });
    await page.user.clear(quantity);
    await page.user.type(quantity, '9');
    expect(quantity).toHaveValue(2);
    expect(screen.getByRole('button', { name: 'Confirm Self-Collect Items (2)' })).toBeInTheDocument();
  });

  it('abandons exactly the chosen units after the confirm, and shows a refusal', async () => {
    refuse('post', '/api/inventory/abandon', 400, 'Some items are no longer available');
    const page = openInventory();
    await choose(page, 'Abandon Items');
    await add(page, 'Prize A', 2);
    await add(page, 'Prize C');
    await page.user.click(screen.getByRole('button', { name: 'Confirm Abandon Items (3)' }));

    const confirm = await screen.findByRole('dialog', { name: 'Abandon Items' });
    const listed = within(within(confirm).getByRole('list', { name: 'Selected items' })).getAllByRole('listitem');
    expect(listed.map((item) => item.textContent)).toEqual([
      'Prize A (Dragon Quest Kuji)× 2',
      'Prize C (One Piece Kuji)× 1',
    ]);
    await page.user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Some items are no longer available');

    const { items } = abandonRequestSchema.parse(sent('POST', '/api/inventory/abandon')[0]!.body);
    expect(items.map(({ batchId, quantity }) => ({ batchId, quantity }))).toEqual([
      { batchId: uuid('batch A'), quantity: 2 },
      { batchId: uuid('batch C'), quantity: 1 },
    ]);
  });

  it('clears the selection and reloads the inventory once the units are abandoned', async () => {
    answer('post', '/api/inventory/abandon', messageOnlyResponseSchema, { message: 'Items abandoned' });
    const page = openInventory();
    await choose(page, 'Abandon Items');
    await add(page, 'Prize B');
    await page.user.click(screen.getByRole('button', { name: 'Confirm Abandon Items (1)' }));
    await page.user.click(
      within(await screen.findByRole('dialog', { name: 'Abandon Items' })).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Abandon Items' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
    await waitFor(() => expect(sent('GET', '/api/inventory/user/alice')).toHaveLength(2));
  });

  it('creates a trade offering the chosen units for the prizes picked by set name', async () => {
    const wantedSet = uuid('product wanted set');
    answer('get', '/api/products-with-prizes', productsWithPrizesResponseSchema, {
      products: [
        {
          _id: wantedSet,
          name: 'Naruto Kuji',
          image: 'naruto.png',
          preorder: false,
          arrival: null,
          prizes: [
            {
              _id: uuid('prize Naruto A'),
              name: 'Prize A',
              description: 'Naruto figure',
              image: 'naruto-a.png',
              type: 'Big',
            },
          ],
        },
      ],
    });
    answer('get', '/api/products-images', productImagesResponseSchema, { prizeImages: {} });
    answer('post', '/api/trade/create', tradeMessageResponseSchema, {
      message: 'Trade created successfully',
      tradeId: uuid('trade new'),
    });
    const page = openInventory();
    await choose(page, 'Trade Items', 'Trading Items');
    await add(page, 'Prize C');
    await page.user.click(screen.getByRole('button', { name: 'Confirm Trade Items (1)' }));

    const picker = await screen.findByRole('dialog', { name: 'Select Prizes You Want' });
    expect(await within(picker).findByText('Please enter a set name to search for prizes')).toBeInTheDocument();
    expect(within(picker).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await page.user.type(within(picker).getByRole('searchbox', { name: 'Search by set name' }), 'naruto');
    const wanted = await within(picker).findByRole('group', { name: 'Wanted quantity of Prize A' });
    await page.user.click(within(wanted).getByRole('button', { name: 'Increase' }));
    await page.user.click(within(picker).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(page.pathname()).toBe('/manage-trades'));
    const request = createTradeRequestSchema.parse(sent('POST', '/api/trade/create')[0]!.body);
    expect(request.username).toBe('alice');
    expect(request.prizesOffered).toMatchObject([
      { batchId: uuid('batch C'), quantity: 1, prizeName: 'Prize C', setName: 'One Piece Kuji' },
    ]);
    expect(request.prizesWanted).toMatchObject([
      { productId: wantedSet, prizeId: uuid('prize Naruto A'), quantity: 1 },
    ]);
  });
});
