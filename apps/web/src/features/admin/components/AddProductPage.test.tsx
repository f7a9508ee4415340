// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { adminMessageSchema, newProductFormSchema, PRODUCT_ADDED } from '@kujiya/shared';
import { signInAdmin } from '../../../test/auth';
import { answer, refuse, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { AddProductPage } from './AddProductPage';

const png = (name: string) => new File(['png bytes'], name, { type: 'image/png' });

function openEditor() {
  const token = signInAdmin();
  return { token, page: renderWithApp(<AddProductPage />, { path: '/admin/add-product' }) };
}
type Page = ReturnType<typeof openEditor>['page'];

const productName = () => screen.getAllByRole('textbox', { name: 'Name' })[0]!;
const totalQuantity = () => screen.getByRole('spinbutton', { name: "Quantity (the prizes' total)" });
const prizeGroup = (n: number) => screen.getByRole('group', { name: `Prize ${n}` });

async function typeInto(page: Page, field: HTMLElement, text: string) {
  await page.user.clear(field);
  await page.user.type(field, text);
}

/** Fills every product field and the first prize with valid values. */
async function fillValidProduct(page: Page) {
  await typeInto(page, productName(), 'Naruto Kuji');
  await typeInto(page, screen.getByRole('textbox', { name: 'SKU' }), 'NAR-001');
  await typeInto(page, screen.getByRole('textbox', { name: 'Tags (comma separated)' }), 'Naruto, Figures');
  await typeInto(page, screen.getByRole('spinbutton', { name: 'Price (SGD)' }), '6.5');
  await typeInto(page, screen.getByRole('spinbutton', { name: 'Token value' }), '13');
  await page.user.upload(screen.getByLabelText('Product image'), png('naruto.png'));
  const prize = prizeGroup(1);
  await typeInto(page, within(prize).getByRole('spinbutton', { name: 'Quantity' }), '4');
  await typeInto(page, within(prize).getByRole('textbox', { name: 'Description' }), 'Naruto figure');
  await page.user.upload(within(prize).getByLabelText('Image'), png('prize-a.png'));
}

describe('the add-product editor (docs/rules/back-office.md)', () => {
  it("shows every field's problem beside it, in the shared schema's words, and sends nothing", async () => {
    const { page } = openEditor();
    await page.user.click(screen.getByRole('button', { name: 'Add product' }));

    expect(productName()).toHaveAttribute('aria-invalid', 'true');
    expect(productName()).toHaveAccessibleDescription('Product name is required');
    expect(screen.getByRole('textbox', { name: 'SKU' })).toHaveAccessibleDescription('SKU is required');
    expect(screen.getByRole('textbox', { name: 'Tags (comma separated)' })).toHaveAccessibleDescription(
      'Tags are required',
    );
    expect(screen.getByRole('spinbutton', { name: 'Price (SGD)' })).toHaveAccessibleDescription('Price is required');
    expect(screen.getByRole('spinbutton', { name: 'Token value' })).toHaveAccessibleDescription(
      'Token value is required',
    );
    expect(screen.getByLabelText('Product image')).toHaveAccessibleDescription('Product image is required');
    expect(within(prizeGroup(1)).getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
      'Prize description is required',
    );
    expect(within(prizeGroup(1)).getByLabelText('Image')).toHaveAccessibleDescription('Prize image is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Please fix the fields marked above.');
    expect(sent()).toHaveLength(0);

    // Kept up to date as the admin types: the name's problem goes, the others stay.
    await page.user.type(productName(), 'Naruto Kuji');
    expect(productName()).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('textbox', { name: 'SKU' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a price of 0 and a fractional token value with the schema messages', async () => {
    const { page } = openEditor();
    await typeInto(page, screen.getByRole('spinbutton', { name: 'Price (SGD)' }), '0');
    await typeInto(page, screen.getByRole('spinbutton', { name: 'Token value' }), '2.5');
    await page.user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(screen.getByRole('spinbutton', { name: 'Price (SGD)' })).toHaveAccessibleDescription(
      'Price must be more than 0',
    );
    expect(screen.getByRole('spinbutton', { name: 'Token value' })).toHaveAccessibleDescription(
      'Token value must be a whole number',
    );
  });

  it("fills Quantity with the letter prizes' total, leaving out a Last Prize", async () => {
    const { page } = openEditor();
    expect(totalQuantity()).toHaveValue(1);
    expect(totalQuantity()).toHaveAttribute('readonly');
    await typeInto(page, within(prizeGroup(1)).getByRole('spinbutton', { name: 'Quantity' }), '5');
    await page.user.click(screen.getByRole('button', { name: 'Add prize' }));
    expect(within(prizeGroup(2)).getByRole('textbox', { name: 'Name' })).toHaveValue('Prize B');
    await typeInto(page, within(prizeGroup(2)).getByRole('spinbutton', { name: 'Quantity' }), '3');
    expect(totalQuantity()).toHaveValue(8);

    await page.user.click(screen.getByRole('button', { name: 'Add prize' }));
    await typeInto(page, within(prizeGroup(3)).getByRole('textbox', { name: 'Name' }), 'Last Prize');
    expect(totalQuantity()).toHaveValue(8);
    await page.user.click(within(prizeGroup(1)).getByRole('button', { name: 'Remove prize' }));
    expect(totalQuantity()).toHaveValue(3);
  });

  it('saves the product as one multipart form with the admin token, then shows the products', async () => {
    answer('post', '/api/admin/add-product', adminMessageSchema, { message: PRODUCT_ADDED });
    const { page, token } = openEditor();
    await fillValidProduct(page);
    await page.user.click(screen.getByRole('button', { name: 'Add product' }));

    expect(await screen.findByRole('status')).toHaveTextContent(PRODUCT_ADDED);
    expect(screen.getByRole('button', { name: 'Add product' })).toBeDisabled();
    const [request] = sent('POST', '/api/admin/add-product');
    expect(request!.bearer).toBe(token);
    const form = request!.body as Record<string, unknown>;
    expect(newProductFormSchema.parse(form)).toMatchObject({
      name: 'Naruto Kuji',
      sku: 'NAR-001',
      tags: ['Naruto', 'Figures'],
      price: 6.5,
      token: 13,
      quantity: 4,
    });
    expect(JSON.parse(form.prizes as string)).toEqual([
      { name: 'Prize A', description: 'Naruto figure', quantity: 4, type: 'Small' },
    ]);
    expect(form).toMatchObject({
      productImage: { file: true, type: 'image/png' },
      prizeImage0: { file: true, type: 'image/png' },
    });
    expect(form).not.toHaveProperty('arrival');
    await waitFor(() => expect(page.pathname()).toBe('/admin/products'), { timeout: 3000 });
  });

  it("shows the server's refusal and stays on the form", async () => {
    refuse('post', '/api/admin/add-product', 409, 'SKU already exists');
    const { page } = openEditor();
    await fillValidProduct(page);
    await page.user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('SKU already exists');
    expect(page.pathname()).toBe('/admin/add-product');
    expect(screen.getByRole('button', { name: 'Add product' })).toBeEnabled();
  });
});
