// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  adminCollectionsResponseSchema,
  adminMessageSchema,
  adminShipmentsResponseSchema,
  type AdminCollectionRow,
  type AdminShipmentRow,
} from '@kujiya/shared';
import { signInAdmin } from '../../../test/auth';
import { uuid } from '../../../test/fixtures';
import { answer, sent } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { SelfCollectPage } from './SelfCollectPage';
import { ShipmentsPage } from './ShipmentsPage';

const shipment: AdminShipmentRow = {
  _id: uuid('shipment'),
  awbNumber: null,
  awbLink: null,
  easyparcelOrderId: null,
  shippingFee: 1200,
  inventoryItems: [{ setName: 'One Piece', prizeName: 'Prize A', quantity: 1 }],
  receiverName: 'Alice Tan',
  receiverContact: '+6591234567',
  receiverUnit: '#01-01',
  receiverFullAddress: '1 Orchard Road',
  receiverPostcode: '238801',
  receiverCountry: 'Singapore',
  createdAt: '2026-12-01T04:00:00.000Z',
  username: 'alice',
  parcelContent: '1 x Prize A (One Piece)',
  paid: true,
  shipped: false,
  attention: false,
  courierLastError: null,
};

const collection = (collectionDate: string): AdminCollectionRow => ({
  _id: uuid('collection'),
  collectionId: 'SC-1001',
  status: 'pending',
  inventoryItems: [{ setName: 'One Piece', prizeName: 'Prize A', quantity: 1 }],
  collectionDate,
  collectedAt: null,
  createdAt: '2026-12-01T04:00:00.000Z',
  username: 'alice',
  parcelContent: '1 x Prize A (One Piece)',
});

/** docs/rules/back-office.md: the owner's final fulfilment actions ask first and say what they do. */
describe('final fulfilment actions in the back office', () => {
  it('Mark shipped asks first, says the shopper is told and that it cannot be undone; Cancel sends nothing', async () => {
    signInAdmin();
    answer('get', '/api/admin/shipments', adminShipmentsResponseSchema, { shipments: [shipment], totalPages: 1 });
    const page = renderWithApp(<ShipmentsPage />, { path: '/admin/shipments' });
    await page.user.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark this parcel shipped?' });
    expect(dialog).toHaveTextContent('alice is told it is on its way. This cannot be undone.');
    await page.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent('PUT')).toEqual([]);

    answer('put', `/api/admin/shipments/${shipment._id}/shipped`, adminMessageSchema, {
      message: 'Shipment marked shipped',
    });
    await page.user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    const again = await screen.findByRole('dialog', { name: 'Mark this parcel shipped?' });
    await page.user.click(within(again).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(sent('PUT', `/api/admin/shipments/${shipment._id}/shipped`)).toHaveLength(1));
  });

  it('choosing Completed asks first, warns before the slot, and applies only on confirm', async () => {
    signInAdmin();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    answer('get', '/api/admin/selfcollect', adminCollectionsResponseSchema, {
      collections: [collection(future)],
      totalPages: 1,
    });
    const page = renderWithApp(<SelfCollectPage />, { path: '/admin/selfcollect' });
    const select = await screen.findByRole('combobox', { name: 'Status of SC-1001' });
    await page.user.selectOptions(select, 'completed');
    const dialog = await screen.findByRole('dialog', { name: 'Complete this collection?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Its slot has not come yet');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(select).toHaveValue('pending');
    expect(select).toBeEnabled();
    await page.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent('PUT')).toEqual([]);
  });
});
