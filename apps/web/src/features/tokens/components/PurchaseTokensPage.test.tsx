// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  createTokenIntentRequestSchema,
  createTokenIntentResponseSchema,
  tokenPackagesResponseSchema,
  type TokenPackage,
} from '@kujiya/shared';
import { signInShopper } from '../../../test/auth';
import { uuid } from '../../../test/fixtures';
import { answer, refuse, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { PurchaseTokensPage } from './PurchaseTokensPage';

const starter: TokenPackage = { _id: uuid('package starter'), packageName: 'Starter', tokenAmount: 100, price: 1000 };
const bundle: TokenPackage = {
  _id: uuid('package bundle'),
  packageName: 'Big Bundle',
  tokenAmount: 550,
  price: 4000,
  originalPrice: 5000,
};

function openShop() {
  signInShopper('alice');
  answer('get', '/api/token/packages', tokenPackagesResponseSchema, { tokenPackages: [starter, bundle] });
  return renderWithApp(<PurchaseTokensPage />, { path: '/purchase-tokens' });
}

async function buy(page: ReturnType<typeof openShop>, name: string) {
  await page.user.click(within(await screen.findByRole('article', { name })).getByRole('button', { name: 'Purchase' }));
  const terms = screen.getByRole('dialog', { name: 'Before you buy' });
  // The terms stay agreed after a failed attempt (the dialog keeps its state while closed).
  const agree = within(terms).getByRole('checkbox');
  if (!(agree as HTMLInputElement).checked) await page.user.click(agree);
  await page.user.click(within(terms).getByRole('button', { name: 'Next' }));
}

describe('buying tokens (docs/rules/tokens.md)', () => {
  it('shows the packages and their saving, and starts the card payment of the chosen one', async () => {
    answer('post', '/api/payment/token/create-intent', createTokenIntentResponseSchema, {
      clientSecret: 'pi_tokens',
      paymentIntentId: 'pi_1',
      tokenPackage: bundle,
    });
    const page = openShop();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Save up to 20% on token bundles' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Big Bundle' })).toHaveTextContent('20% OFF');
    expect(screen.getByRole('article', { name: 'Starter' })).not.toHaveTextContent('OFF');

    await buy(page, 'Big Bundle');
    await waitFor(() => expect(page.pathname()).toBe('/token-payment'));
    expect(createTokenIntentRequestSchema.parse(sent('POST', '/api/payment/token/create-intent')[0]!.body)).toEqual({
      packageId: bundle._id,
      username: 'alice',
    });
  });

  it('says so when the payment cannot start, and asks to log in on a refused session', async () => {
    refuse('post', '/api/payment/token/create-intent', 400, 'Package not found');
    const page = openShop();
    await buy(page, 'Starter');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to initiate token purchase. Please try again.');

    refuse('post', '/api/payment/token/create-intent', 403, 'Please login first.');
    await buy(page, 'Starter');
    expect(await screen.findByRole('dialog', { name: 'Please login first.' })).toBeInTheDocument();
    expect(page.pathname()).toBe('/purchase-tokens');
  });
});
