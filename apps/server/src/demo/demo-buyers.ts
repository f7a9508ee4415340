import type { Principal } from '../core/auth.ts';
import type { AppContext } from '../core/context.ts';
import type { Services } from '../services.ts';
import { TestGateway } from '../modules/payments/test-gateway.ts';
import { ensureDemoPackages } from './demo-tokens.ts';

/** Demo shoppers who bought the demo sets' tickets (their names show masked in fairness logs). */
export const DEMO_BUYERS = ['sakura_fan', 'kuji_hunter', 'tanuki88', 'mochi_mei', 'ramen_rex'] as const;
const DEMO_BUYER_PASSWORD = 'DemoBuyer123!';

export interface DemoBuyer {
  principal: Principal;
  /** Makes sure the wallet holds at least `tokens`, buying a token package when it does not. */
  ensureTokens(tokens: number): Promise<void>;
}

/**
 * The demo buyers' accounts, funded like a shopper would be: the biggest token package, paid with
 * Stripe's 4242 test card through the test gateway and its signed webhook. With a real Stripe
 * configured there is no card to charge, so they get a bonus lot instead.
 */
export async function demoBuyers(ctx: AppContext, services: Services): Promise<DemoBuyer[]> {
  const { accounts, tokenShop, wallet, payments } = services;
  await ensureDemoPackages(ctx, services);
  const packages = await tokenShop.listPackages();
  const biggest = packages.reduce((a, b) => (b.tokenAmount > a.tokenAmount ? b : a));
  const gateway = payments.gateway;
  const expiryYear = String((ctx.clock.now().getUTCFullYear() + 5) % 100).padStart(2, '0');

  const buyTokens = async (principal: Principal) => {
    if (gateway instanceof TestGateway) {
      const intent = await tokenShop.createIntent(principal, { packageId: biggest._id, username: principal.username });
      await gateway.confirm({
        clientSecret: intent.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: `12/${expiryYear}`,
        cvc: '123',
      });
    } else {
      await ctx.db.transaction((tx) =>
        wallet.credit(tx, { userId: principal.id, amount: biggest.tokenAmount, source: 'bonus', reference: 'demo' }),
      );
    }
  };

  const buyers: DemoBuyer[] = [];
  for (const username of DEMO_BUYERS) {
    const account =
      (await accounts.findAccount(username)) ??
      (await accounts.createAccountWithoutCode({
        username,
        email: `${username}@demo.kujiya.sg`,
        password: DEMO_BUYER_PASSWORD,
      }));
    const principal: Principal = { id: account.id, username: account.username, role: 'user' };
    buyers.push({
      principal,
      async ensureTokens(tokens) {
        for (let bought = 0; (await wallet.balance(ctx.db, principal.id)) < tokens; bought++) {
          if (bought === 5) throw new Error(`Demo buyer ${username} could not buy tokens`);
          await buyTokens(principal);
        }
      },
    });
  }
  return buyers;
}
