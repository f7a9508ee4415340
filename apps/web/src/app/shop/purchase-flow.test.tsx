// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  favoriteProductIdsSchema,
  kujiIntentRequestSchema,
  kujiIntentResponseSchema,
  prizeListSchema,
  productListingSchema,
  successResponseSchema,
  tokenBalanceResponseSchema,
  tokenUseRequestSchema,
  tokenUseResponseSchema,
  type Product,
} from '@kujiya/shared';
import { signInShopper } from '../../test/auth';
import { listing, prize, product, uuid } from '../../test/fixtures';
import { answer, refuse, sent } from '../../test/http';
import { renderWithApp } from '../../test/render';
import { ProductListRoute } from './ProductListRoute';

/** The shop's list as a signed-in shopper sees it, with `set` on sale and `balance` tokens. */
function openShop(set: Product, balance: number) {
  signInShopper('alice');
  answer('get', '/api/ichiban-kuji-products', productListingSchema, listing(set));
  answer('get', '/api/prizes/:setId/:productId', prizeListSchema, [
    prize({ name: 'Prize A' }),
    prize({ name: 'Last Prize', rank: 'LAST' }),
  ]);
  answer('get', '/api/users/favorites', favoriteProductIdsSchema, { productIds: [] });
  answer('post', '/api/analytics/event', successResponseSchema, { success: true });
  answer('get', '/api/token/balance', tokenBalanceResponseSchema, { totalTokens: balance });
  return renderWithApp(<ProductListRoute />, { path: '/ichiban-kuji-products' });
}

async function openPlayPopup(rendered: ReturnType<typeof openShop>, name: string) {
  const card = await screen.findByRole('article', { name });
  await rendered.user.click(within(card).getByRole('button', { name: 'Play' }));
  return screen.findByRole('dialog', { name });
}

/** Ticks the terms and presses Next: the balance is asked for. */
async function agreeToTerms(rendered: ReturnType<typeof openShop>) {
  const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
  const next = within(terms).getByRole('button', { name: 'Next' });
  expect(next).toBeDisabled();
  await rendered.user.click(within(terms).getByRole('checkbox'));
  await rendered.user.click(next);
}

describe('buying tickets from the play popup (docs/rules/buying.md)', () => {
  it('buys the chosen quantity with tokens after the confirm and opens /draw', async () => {
    const set = product({ name: 'Dragon Quest Kuji', quantity: '20/50', token: 10 });
    answer('post', '/api/token/use', tokenUseResponseSchema, { orderId: uuid('order 1'), totalTicketsBought: 3 });
    const shop = openShop(set, 100);
    const popup = await openPlayPopup(shop, 'Dragon Quest Kuji');

    const quantity = within(popup).getByRole('textbox', { name: 'Ticket quantity' });
    expect(quantity).toHaveValue('1');
    await shop.user.click(within(popup).getByRole('button', { name: 'More tickets' }));
    await shop.user.click(within(popup).getByRole('button', { name: 'More tickets' }));
    expect(quantity).toHaveValue('3');
    expect(within(popup).getByTestId('play-total')).toHaveTextContent('Total 30 tokens · $15.00');

    await shop.user.click(within(popup).getByRole('button', { name: 'BUY' }));
    await agreeToTerms(shop);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(confirm).toHaveTextContent('Are you sure you want to use 30 for this purchase?');
    expect(confirm).toHaveTextContent('3 tickets × 10 tokens');
    expect(sent('POST', '/api/token/use')).toHaveLength(0);

    await shop.user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(shop.pathname()).toBe('/draw'));
    const [purchase] = sent('POST', '/api/token/use');
    expect(tokenUseRequestSchema.parse(purchase!.body)).toMatchObject({
      ticketsBought: 3,
      setId: set.setId,
      username: 'alice',
    });
    expect(JSON.parse(sessionStorage.getItem('orderState')!)).toMatchObject({
      orderId: uuid('order 1'),
      ticketsBought: 3,
    });
  });

  it('clamps a typed quantity to the tickets left', async () => {
    const shop = openShop(product({ quantity: '4/50' }), 100);
    const popup = await openPlayPopup(shop, 'Dragon Quest Kuji');
    const quantity = within(popup).getByRole('textbox', { name: 'Ticket quantity' });
    await shop.user.clear(quantity);
    await shop.user.type(quantity, '9x{Enter}');
    expect(quantity).toHaveValue('4');
    // aria-disabled (it keeps focus), not disabled.
    expect(within(popup).getByRole('button', { name: 'More tickets' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('offers a top-up or a card payment when the tokens fall short, and pays by card', async () => {
    const set = product({ quantity: '20/50', token: 10 });
    answer('post', '/api/payment/kuji/create-intent', kujiIntentResponseSchema, {
      clientSecret: 'pi_secret',
      ticketsBought: 2,
      orderId: uuid('order 2'),
    });
    const shop = openShop(set, 15);
    const popup = await openPlayPopup(shop, 'Dragon Quest Kuji');
    await shop.user.click(within(popup).getByRole('button', { name: 'More tickets' }));
    await shop.user.click(within(popup).getByRole('button', { name: 'BUY' }));
    await agreeToTerms(shop);

    const short = await screen.findByRole('dialog', { name: 'Not enough tokens' });
    expect(within(short).getByTestId('tokens-needed')).toHaveTextContent('5');
    expect(short).toHaveTextContent('Cost20 tokens');
    expect(short).toHaveTextContent('Your balance15 tokens');
    await shop.user.click(within(short).getByRole('button', { name: 'Other Payments' }));

    await waitFor(() => expect(shop.pathname()).toBe('/kuji-payment'));
    expect(sent('POST', '/api/token/use')).toHaveLength(0);
    const [intent] = sent('POST', '/api/payment/kuji/create-intent');
    expect(kujiIntentRequestSchema.parse(intent!.body)).toMatchObject({
      ticketsBought: 2,
      setId: set.setId,
      username: 'alice',
    });
  });

  it('sends a shopper short of tokens to the token shop with Top Up', async () => {
    const shop = openShop(product(), 0);
    const popup = await openPlayPopup(shop, 'Dragon Quest Kuji');
    await shop.user.click(within(popup).getByRole('button', { name: 'BUY' }));
    await agreeToTerms(shop);
    await shop.user.click(
      within(await screen.findByRole('dialog', { name: 'Not enough tokens' })).getByRole('button', { name: 'Top Up' }),
    );
    await waitFor(() => expect(shop.pathname()).toBe('/purchase-tokens'));
  });

  it('shows "tickets changed" when the server has fewer tickets left than asked for', async () => {
    refuse('post', '/api/token/use', 400, 'Not enough tickets left');
    const shop = openShop(product(), 100);
    const popup = await openPlayPopup(shop, 'Dragon Quest Kuji');
    await shop.user.click(within(popup).getByRole('button', { name: 'BUY' }));
    await agreeToTerms(shop);
    await shop.user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm purchase' })).getByRole('button', { name: 'Yes' }),
    );
    const alert = await screen.findByRole('dialog', {
      name: 'The number of tickets available has changed. Please refresh the page.',
    });
    await shop.user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog', { name: /tickets available has changed/ })).not.toBeInTheDocument();
    expect(shop.pathname()).toBe('/ichiban-kuji-products');
  });

  it("shows another shopper's buy-out hold and disables BUY until it ends", async () => {
    refuse('post', '/api/token/use', 423, 'Tickets are held', { holdTimeLeft: 25 });
    // A set of its own: the hold is kept in memory for the rest of the visit (lib/hold-store.ts).
    const shop = openShop(product({ name: 'One Piece Kuji' }), 100);
    const popup = await openPlayPopup(shop, 'One Piece Kuji');
    await shop.user.click(within(popup).getByRole('button', { name: 'BUY' }));
    await agreeToTerms(shop);
    await shop.user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm purchase' })).getByRole('button', { name: 'Yes' }),
    );
    const hold = await screen.findByRole('dialog', { name: 'Please wait' });
    expect(hold).toHaveTextContent(/Buying out in progress\. Please wait 2[45] seconds/);
    expect(within(popup).getByRole('button', { name: 'BUY' })).toBeDisabled();
    expect(within(popup).getByRole('button', { name: 'BUY OUT' })).toBeDisabled();
  });

  it("shows a token purchase's own refusal as 'Purchase failed: …'", async () => {
    refuse('post', '/api/token/use', 400, 'This round is closed');
    const shop = openShop(product(), 100);
    const popup = await openPlayPopup(shop, 'Dragon Quest Kuji');
    await shop.user.click(within(popup).getByRole('button', { name: 'BUY' }));
    await agreeToTerms(shop);
    await shop.user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm purchase' })).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Purchase failed: This round is closed' })).toBeInTheDocument();
  });

  it('asks a logged-out visitor to log in instead of buying', async () => {
    answer('get', '/api/ichiban-kuji-products', productListingSchema, listing(product()));
    answer('get', '/api/prizes/:setId/:productId', prizeListSchema, [prize()]);
    answer('post', '/api/analytics/event', successResponseSchema, { success: true });
    const shop = renderWithApp(<ProductListRoute />, { path: '/ichiban-kuji-products' });
    const popup = await openPlayPopup(shop, 'Dragon Quest Kuji');
    await shop.user.click(within(popup).getByRole('button', { name: 'BUY' }));
    expect(await screen.findByRole('dialog', { name: 'Please login first!' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Terms and Conditions' })).not.toBeInTheDocument();
    expect(sent('GET', '/api/token/balance')).toHaveLength(0);
  });
});
