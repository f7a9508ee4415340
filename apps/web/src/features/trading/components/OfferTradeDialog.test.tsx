// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  createOfferRequestSchema,
  inventoryResponseSchema,
  TRADE_ALERTS,
  tradeListResponseSchema,
  tradeMessageResponseSchema,
  type InventoryResponse,
} from '@kujiya/shared';
import { signInShopper } from '../../../test/auth';
import { batch, daysFromNow, inventory, inventoryItem, trade, uuid } from '../../../test/fixtures';
import { answer, dropConnection, refuse, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { TradingMarketplacePage } from './TradingMarketplacePage';

/** Prize A: 2 units, 1 already in a trade. Prize B: due in half a day. Prize C: 2 pre-order units. */
const ownUnits = inventory({
  'Dragon Quest Kuji': [
    inventoryItem('Prize A', [batch('A', { quantity: 2, inTrade: 1, shipByDate: daysFromNow(10) })]),
    inventoryItem('Prize B', [batch('B', { quantity: 1, shipByDate: daysFromNow(0.5) })]),
  ],
  'One Piece Kuji': [inventoryItem('Prize C', [batch('C', { quantity: 2 })])],
});

/** The marketplace with bob's trade, opened on its Offer Trade dialog. */
async function offerOnBobsTrade(units: InventoryResponse = ownUnits) {
  signInShopper('alice');
  answer('get', '/api/trade', tradeListResponseSchema, { trades: [trade()] });
  answer('get', '/api/inventory/user/:username', inventoryResponseSchema, units);
  const page = renderWithApp(<TradingMarketplacePage />, { path: '/trading-marketplace' });
  const card = await screen.findByTestId('trade-card');
  expect(card).toHaveTextContent('bob');
  await page.user.click(within(card).getByRole('button', { name: 'Offer Trade' }));
  const dialog = await screen.findByRole('dialog', { name: 'Offer Trade' });
  expect(dialog).toHaveTextContent('Choose the items you offer for bob’s trade.');
  return { page, dialog };
}

const unitControls = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('group', { name: `Quantity of ${name}` });

describe('the Offer Trade dialog (docs/rules/trading.md)', () => {
  it('lists only free, tradable units and sends the chosen quantities', async () => {
    answer('post', '/api/trade/offer/:tradeId', tradeMessageResponseSchema, {
      message: 'Trade offer submitted successfully',
      offerId: uuid('offer'),
    });
    const { page, dialog } = await offerOnBobsTrade();
    const units = await within(dialog).findAllByTestId('offer-unit');
    expect(units.map((unit) => unit.dataset.prizeName)).toEqual(['Prize A', 'Prize C']);
    expect(within(dialog).getByRole('button', { name: 'Submit Offer (0)' })).toBeDisabled();

    const prizeA = unitControls(dialog, 'Prize A');
    await page.user.click(within(prizeA).getByRole('button', { name: 'Increase' }));
    expect(within(prizeA).getByRole('button', { name: 'Increase' })).toHaveAttribute('aria-disabled', 'true');
    const prizeC = unitControls(dialog, 'Prize C');
    await page.user.click(within(prizeC).getByRole('button', { name: 'Increase' }));
    await page.user.click(within(prizeC).getByRole('button', { name: 'Increase' }));
    await page.user.click(within(prizeC).getByRole('button', { name: 'Decrease' }));
    await page.user.click(within(dialog).getByRole('button', { name: 'Submit Offer (2)' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Trade offer submitted successfully');
    expect(screen.queryByRole('dialog', { name: 'Offer Trade' })).not.toBeInTheDocument();
    const [offer] = sent('POST', `/api/trade/offer/${uuid('trade')}`);
    expect(createOfferRequestSchema.parse(offer!.body).offeredItems).toEqual([
      { batchId: uuid('batch A'), quantity: 1 },
      { batchId: uuid('batch C'), quantity: 1 },
    ]);
    await waitFor(() => expect(sent('GET', '/api/trade').length).toBeGreaterThan(1));
  });

  it('keeps focus on a step that reaches its limit: aria-disabled, and a press there changes nothing', async () => {
    const { page, dialog } = await offerOnBobsTrade();
    await within(dialog).findAllByTestId('offer-unit');
    const prizeC = unitControls(dialog, 'Prize C');
    const increase = within(prizeC).getByRole('button', { name: 'Increase' });
    const decrease = within(prizeC).getByRole('button', { name: 'Decrease' });
    expect(decrease).toHaveAttribute('aria-disabled', 'true');
    increase.focus();
    // Two units to offer: the third press (Space, then Enter) is at the limit.
    await page.user.keyboard('{Enter}{ }{Enter}');
    expect(increase).toHaveFocus();
    expect(increase).toHaveAttribute('aria-disabled', 'true');
    expect(prizeC).toHaveTextContent('2');
    expect(within(dialog).getByRole('button', { name: 'Submit Offer (2)' })).toBeEnabled();
    decrease.focus();
    await page.user.keyboard('{Enter}{Enter}{Enter}');
    expect(decrease).toHaveFocus();
    expect(decrease).toHaveAttribute('aria-disabled', 'true');
    expect(increase).toHaveAttribute('aria-disabled', 'false');
    expect(within(dialog).getByRole('button', { name: 'Submit Offer (0)' })).toBeDisabled();
  });

  it("shows the server's refusal in the dialog and keeps the choice", async () => {
    refuse('post', '/api/trade/offer/:tradeId', 403, 'You already have an offer on this trade');
    const { page, dialog } = await offerOnBobsTrade();
    await within(dialog).findAllByTestId('offer-unit');
    await page.user.click(within(unitControls(dialog, 'Prize C')).getByRole('button', { name: 'Increase' }));
    await page.user.click(within(dialog).getByRole('button', { name: 'Submit Offer (1)' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You already have an offer on this trade');
    expect(within(dialog).getByRole('button', { name: 'Submit Offer (1)' })).toBeEnabled();
  });

  it('says so when no answer came back', async () => {
    dropConnection('post', '/api/trade/offer/:tradeId');
    const { page, dialog } = await offerOnBobsTrade();
    await within(dialog).findAllByTestId('offer-unit');
    await page.user.click(within(unitControls(dialog, 'Prize A')).getByRole('button', { name: 'Increase' }));
    await page.user.click(within(dialog).getByRole('button', { name: 'Submit Offer (1)' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TRADE_ALERTS.offerError);
  });

  it('tells a shopper with nothing tradable, and Cancel closes it without a request', async () => {
    const dueSoon = inventory({
      'Dragon Quest Kuji': [inventoryItem('Prize B', [batch('B', { quantity: 1, shipByDate: daysFromNow(0.5) })])],
    });
    const { page, dialog } = await offerOnBobsTrade(dueSoon);
    expect(await within(dialog).findByText('You have no items you can trade.')).toBeInTheDocument();
    await page.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Offer Trade' })).not.toBeInTheDocument();
    expect(sent('POST')).toHaveLength(0);
  });
});
