import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  collectionSlotsFor,
  collectionDates,
  inventoryResponseSchema,
  weekdayOf,
  type InventoryResponse,
  type Product,
} from '@kujiya/shared';
import { dialog, listProducts, ticketsLeftOf } from './draw.ts';

/** Helpers of the fulfilment browser tests: the inventory as the API answers it, and the page's parts. */

export async function inventoryOf(page: Page, token: string, username = 'demo'): Promise<InventoryResponse> {
  const response = await page.request.get(`/api/inventory/user/${username}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return inventoryResponseSchema.parse(await response.json());
}

/** Units of a set the shopper holds (every batch, locked-in-trade units included). */
export function unitsOfSet(inventory: InventoryResponse, setName: string): number {
  return (inventory[setName] ?? []).reduce((sum, item) => sum + item.batches.reduce((s, b) => s + b.quantity, 0), 0);
}

/** An in-stock set without promotion or lottery that still has `tickets` tickets. */
export async function plainInStockSet(page: Page, tickets: number, skip: string[] = []): Promise<Product> {
  const product = (await listProducts(page)).find(
    (p) =>
      !p.preorder &&
      !p.doubleChance &&
      !p.lottery.enabled &&
      p.promotion === null &&
      p.holdTimeLeft === 0 &&
      ticketsLeftOf(p) >= tickets + 2 &&
      !skip.includes(p.name),
  );
  if (!product) throw new Error('The demo data has no plain in-stock set with enough tickets');
  return product;
}

/** The set's group on /inventory. */
export const setGroup = (page: Page, setName: string): Locator =>
  page.locator(`[data-testid="inventory-set"][data-set-name="${setName}"]`);

/** Opens /inventory and waits for the set to show. */
export async function openInventory(page: Page, setName: string): Promise<Locator> {
  await page.goto('/inventory');
  const group = setGroup(page, setName);
  await group.waitFor();
  return group;
}

/** Chooses an action; Ship and Trade first show their info popup, closed with 'Got it'. */
export async function chooseAction(
  page: Page,
  label: 'Ship Items' | 'Self-Collect' | 'Trade Items' | 'Abandon Items',
): Promise<void> {
  await page.getByRole('group', { name: 'Inventory actions' }).getByRole('button', { name: label }).click();
  if (label === 'Ship Items')
    await dialog(page, 'Shipping Information').getByRole('button', { name: 'Got it' }).click();
  if (label === 'Trade Items') await dialog(page, 'Trading Items').getByRole('button', { name: 'Got it' }).click();
}

/** The first Wednesday from today (Singapore) whose 3 PM slot has not started: YYYY-MM-DD and the slot ISO. */
export function nextWednesdayThreePm(now = new Date()): { date: string; slot: string } {
  for (const date of collectionDates(now)) {
    if (weekdayOf(date) !== 3) continue;
    const slot = collectionSlotsFor(date, now).find(
      (s) => s.toISOString() === new Date(`${date}T15:00:00+08:00`).toISOString(),
    );
    if (slot) return { date, slot: slot.toISOString() };
  }
  throw new Error('No Wednesday 3 PM slot in the next 14 days');
}

export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}
