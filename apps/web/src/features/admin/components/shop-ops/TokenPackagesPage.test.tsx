// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  adminTokenPackageSchema,
  adminTokenPackagesResponseSchema,
  auditListSchema,
  tokenPackageInputSchema,
  type AdminTokenPackage,
} from '@kujiya/shared';
import { signInAdmin } from '../../../../test/auth';
import { uuid } from '../../../../test/fixtures';
import { answer, refuse, sent } from '../../../../test/http';
import { renderWithApp } from '../../../../test/render';
import { TokenPackagesPage } from './TokenPackagesPage';

const starter: AdminTokenPackage = {
  id: uuid('admin package starter'),
  packageName: 'Starter',
  tokenAmount: 100,
  price: 1000,
  originalPrice: 1250,
  promoBanner: null,
  sortOrder: 1,
  active: true,
  createdAt: '2026-11-01T00:00:00.000Z',
};

function openPackages() {
  signInAdmin();
  answer('get', '/api/admin/token-packages', adminTokenPackagesResponseSchema, { tokenPackages: [starter] });
  answer('get', '/api/admin/audit', auditListSchema, { entries: [] });
  return renderWithApp(<TokenPackagesPage />, { path: '/admin/token-packages' });
}

const row = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;

describe('token packages in the back office (docs/rules/shop-ops.md)', () => {
  it('lists a package with its saving and deactivates it (never deletes)', async () => {
    answer('put', '/api/admin/token-packages/:id', adminTokenPackageSchema, { ...starter, active: false });
    const page = openPackages();
    const starterRow = await row('Starter');
    expect(starterRow).toHaveTextContent('$12.50 $10.00 20% off');
    expect(starterRow).toHaveTextContent('Active');
    await page.user.click(within(starterRow).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(sent('PUT', `/api/admin/token-packages/${starter.id}`)).toHaveLength(1));
    expect(tokenPackageInputSchema.parse(sent('PUT')[0]!.body)).toMatchObject({
      packageName: 'Starter',
      price: 1000,
      originalPrice: 1250,
      active: false,
    });
  });

  it('creates a package with dollars typed and cents sent', async () => {
    answer('post', '/api/admin/token-packages', adminTokenPackageSchema, {
      ...starter,
      id: uuid('admin package new'),
      packageName: 'Mega',
    });
    const page = openPackages();
    await page.user.click(await screen.findByRole('button', { name: 'New package' }));
    const form = screen.getByRole('form', { name: 'New token package' });
    await page.user.type(within(form).getByLabelText('Name'), 'Mega');
    await page.user.type(within(form).getByLabelText('Tokens'), '1200');
    await page.user.type(within(form).getByLabelText('Price (S$)'), '99.90');
    await page.user.type(within(form).getByLabelText('Promo banner (optional)'), 'Best value');
    await page.user.click(within(form).getByRole('button', { name: 'Save package' }));

    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(tokenPackageInputSchema.parse(sent('POST', '/api/admin/token-packages')[0]!.body)).toEqual({
      packageName: 'Mega',
      tokenAmount: 1200,
      price: 9990,
      originalPrice: null,
      promoBanner: 'Best value',
      sortOrder: 0,
      active: true,
    });
  });

  it("keeps the form open with the server's refusal", async () => {
    refuse('put', '/api/admin/token-packages/:id', 400, 'Original price must be higher than the price');
    const page = openPackages();
    await page.user.click(within(await row('Starter')).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit token package' });
    const original = within(form).getByLabelText('Original price (S$, optional)');
    await page.user.clear(original);
    await page.user.type(original, '5');
    await page.user.click(within(form).getByRole('button', { name: 'Save package' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Original price must be higher than the price');
  });
});
