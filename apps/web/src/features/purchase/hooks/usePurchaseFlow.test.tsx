// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  kujiBuyOutRequestSchema,
  kujiIntentResponseSchema,
  tokenBalanceResponseSchema,
  tokenUseResponseSchema,
  type Product,
} from '@kujiya/shared';
import { signInShopper } from '../../../test/auth';
import { product, uuid } from '../../../test/fixtures';
import { answer, dropConnection, refuse, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { usePurchaseFlow } from './usePurchaseFlow';

/** The play popup's two buttons, wired to the purchase flow as the app shell wires them. */
function BuyButtons({ set, quantity }: { set: Product; quantity: number }) {
  const flow = usePurchaseFlow();
  return (
    <>
      <button type="button" disabled={flow.busy} onClick={() => flow.buy(set, quantity)}>
        BUY
      </button>
      <button type="button" disabled={flow.busy} onClick={() => flow.buyOut(set)}>
        BUY OUT
      </button>
      {flow.dialogs}
    </>
  );
}

function start(set: Product, balance: number, quantity = 1) {
  signInShopper('alice');
  answer('get', '/api/token/balance', tokenBalanceResponseSchema, { totalTokens: balance });
  return renderWithApp(<BuyButtons set={set} quantity={quantity} />, { path: '/ichiban-kuji-products' });
}

type Page = ReturnType<typeof start>;

async function press(page: Page, button: 'BUY' | 'BUY OUT') {
  await page.user.click(screen.getByRole('button', { name: button }));
  const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
  await page.user.click(within(terms).getByRole('checkbox'));
  await page.user.click(within(terms).getByRole('button', { name: 'Next' }));
}

async function confirmTokens(page: Page) {
  await page.user.click(
    within(await screen.findByRole('dialog', { name: 'Confirm purchase' })).getByRole('button', { name: 'Yes' }),
  );
}

describe('the purchase flow (docs/rules/buying.md)', () => {
  it('buys out every ticket left by card and hands the payment to /kuji-payment', async () => {
    const set = product({ name: 'Naruto Kuji', quantity: '7/50', token: 10 });
    answer('post', '/api/payment/kuji/buy-out', kujiIntentResponseSchema, {
      clientSecret: 'pi_secret',
      ticketsBought: 7,
      orderId: uuid('order buy-out'),
    });
    const page = start(set, 30);
    await press(page, 'BUY OUT');
    const short = await screen.findByRole('dialog', { name: 'Not enough tokens' });
    expect(short).toHaveTextContent('Cost70 tokens');
    await page.user.click(within(short).getByRole('button', { name: 'Other Payments' }));

    await waitFor(() => expect(page.pathname()).toBe('/kuji-payment'));
    expect(kujiBuyOutRequestSchema.parse(sent('POST', '/api/payment/kuji/buy-out')[0]!.body)).toMatchObject({
      setId: set.setId,
      username: 'alice',
    });
    expect(JSON.parse(sessionStorage.getItem('paymentState')!)).toMatchObject({
      kind: 'kuji',
      buyOut: true,
      ticketsBought: 7,
      clientSecret: 'pi_secret',
    });
  });

  it('buys a Buy 3 Get 1 set with tokens and shows the free ticket in the confirm', async () => {
    const set = product({
      name: 'Bleach Kuji',
      promotion: { type: 'BUY_X_GET_Y_FREE', details: { requiredQuantity: 3, freeQuantity: 1 } },
    });
    answer('post', '/api/token/use', tokenUseResponseSchema, { orderId: uuid('order promo'), totalTicketsBought: 4 });
    const page = start(set, 100, 3);
    await press(page, 'BUY');
    const confirm = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(within(confirm).getByTestId('purchase-free-tickets')).toHaveTextContent(
      '+ 1 free ticket (4 tickets in all)',
    );
    await confirmTokens(page);
    await waitFor(() => expect(page.pathname()).toBe('/draw'));
    expect(JSON.parse(sessionStorage.getItem('orderState')!)).toMatchObject({ ticketsBought: 4 });
  });

  it('shows the hold when the card intent finds the set held by another buy-out', async () => {
    const set = product({ name: 'Gundam Kuji' });
    answer('post', '/api/payment/kuji/create-intent', kujiIntentResponseSchema, {
      clientSecret: '',
      ticketsBought: 0,
      orderId: '',
      holdTimeLeft: 20,
    });
    const page = start(set, 0);
    await press(page, 'BUY');
    await page.user.click(
      within(await screen.findByRole('dialog', { name: 'Not enough tokens' })).getByRole('button', {
        name: 'Other Payments',
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Please wait' })).toHaveTextContent(/Please wait (19|20) seconds/);
    expect(page.pathname()).toBe('/ichiban-kuji-products');
  });

  it.each([
    ['a server failure', () => refuse('post', '/api/token/use', 500, 'Internal Server Error')],
    ['a dropped connection', () => dropConnection('post', '/api/token/use')],
  ])('asks to try again after %s', async (_case, fail) => {
    fail();
    const page = start(product({ name: 'Haikyu Kuji' }), 100);
    await press(page, 'BUY');
    await confirmTokens(page);
    const alert = await screen.findByRole('dialog', { name: 'Please Try Again.' });
    await page.user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows a holding bound's own text on the card path", async () => {
    refuse(
      'post',
      '/api/payment/kuji/create-intent',
      429,
      'You have too many unpaid checkouts. Please pay or wait 10 minutes.',
    );
    const page = start(product({ name: 'Jujutsu Kuji' }), 0);
    await press(page, 'BUY');
    await page.user.click(
      within(await screen.findByRole('dialog', { name: 'Not enough tokens' })).getByRole('button', {
        name: 'Other Payments',
      }),
    );
    expect(
      await screen.findByRole('dialog', { name: 'You have too many unpaid checkouts. Please pay or wait 10 minutes.' }),
    ).toBeInTheDocument();
  });

  it('asks to log in again when the balance is refused, and buys nothing', async () => {
    signInShopper('alice');
    refuse('get', '/api/token/balance', 403, 'Please login first.');
    const page = renderWithApp(<BuyButtons set={product({ name: 'Spy Kuji' })} quantity={1} />);
    await press(page, 'BUY');
    expect(await screen.findByRole('dialog', { name: 'Please login first.' })).toBeInTheDocument();
    expect(sent('POST')).toHaveLength(0);
  });
});
