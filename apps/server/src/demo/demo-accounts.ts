import type { AppContext } from '../core/context.ts';
import type { AccountsService } from '../modules/accounts/service.ts';

export const DEMO_SHOPPER = { username: 'demo', email: 'demo@kujiya.sg', password: 'Demo123!' } as const;
export const DEMO_ADMIN = { username: 'admin', password: 'Admin123!' } as const;

/**
 * The demo shopper (with a complete Singapore shipping address, so fulfilment can be tried at once)
 * and the demo admin (the ADMIN_USERNAME one when configured). Returns the start-log lines.
 */
export async function seedDemoAccounts(ctx: AppContext, accounts: AccountsService): Promise<string[]> {
  let shopper = await accounts.findAccount(DEMO_SHOPPER.username);
  if (!shopper) {
    shopper = await accounts.createAccountWithoutCode({ ...DEMO_SHOPPER });
    await accounts.updateProfile(
      { id: shopper.id, username: shopper.username, role: 'user' },
      {
        fullName: 'Demo Shopper',
        phoneNumber: '91234567',
        country: 'SG',
        postalCode: '238801',
        unitNumber: '#12-34',
        fullAddress: '1 Orchard Road, Singapore',
      },
    );
  }
  // Passwords go to the start log only outside production (no secret in a production log).
  const shown = (password: string) => (ctx.config.env === 'production' ? '(the demo password)' : password);
  const lines = [`Demo shopper: ${DEMO_SHOPPER.username} (or ${DEMO_SHOPPER.email}) / ${shown(DEMO_SHOPPER.password)}`];
  if (ctx.config.admin) {
    await accounts.ensureAdmin(ctx.config.admin.username, ctx.config.admin.password);
    lines.push(`Demo admin: ${ctx.config.admin.username} / (the ADMIN_PASSWORD you set) at /admin/login`);
  } else {
    await accounts.ensureAdmin(DEMO_ADMIN.username, DEMO_ADMIN.password);
    lines.push(`Demo admin: ${DEMO_ADMIN.username} / ${shown(DEMO_ADMIN.password)} at /admin/login`);
  }
  return lines;
}
