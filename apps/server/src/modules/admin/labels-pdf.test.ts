import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS, type AdminShipmentRow } from '@kujiya/shared';
import { shipmentLabelsPdf } from './labels-pdf.ts';

const row = (over: Partial<AdminShipmentRow>): AdminShipmentRow =>
  ({
    _id: '0b9c7f1e-1111-4222-8333-444455556666',
    username: 'demo',
    awbNumber: null,
    awbLink: null,
    easyparcelOrderId: null,
    trackingUrl: null,
    shippingFee: 500,
    inventoryItems: [{ setName: 'Starlight Set', prizeName: 'Prize A', quantity: 1 }],
    receiverName: 'Test Shopper',
    receiverContact: '91234567',
    receiverUnit: '#01-01',
    receiverFullAddress: '1 Test Road',
    receiverPostcode: '123456',
    receiverCountry: 'SG',
    createdAt: '2026-11-25T10:00:00.000Z',
    paid: true,
    shipped: false,
    ...over,
  }) as AdminShipmentRow;

/** The PDF through poppler: page count, page size, text, and a PNG per page (into screenshots/ when run from the repo). */
function inspect(pdf: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labels-'));
  const file = path.join(dir, 'labels.pdf');
  fs.writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file]).toString();
  const text = execFileSync('pdftotext', [file, '-'])
    .toString()
    .replace(/[ \n]+/g, ' ');
  const out = path.resolve(__dirname, '../../../../../screenshots');
  fs.mkdirSync(out, { recursive: true });
  execFileSync('pdftoppm', ['-png', '-r', '110', file, path.join(out, 'labels-pdf')]);
  const pngs = fs.readdirSync(out).filter((name) => name.startsWith('labels-pdf') && name.endsWith('.png'));
  fs.rmSync(dir, { recursive: true, force: true });
  return { info, text, pngs };
}

describe('shipping labels PDF', () => {
  it('one A6 page per parcel with the sender from the settings, Singapore time and a barcode of the AWB or shipment id', async () => {
    const sender = {
      ...DEFAULT_SHOP_SETTINGS.senderAddress,
      name: 'Kujiya Pte Ltd',
      address: '9 Collect Lane, #03-03',
    };
    const printedAt = new Date('2026-11-25T16:30:00.000Z'); // 26 Nov, 12:30 am in Singapore
    const pdf = await shipmentLabelsPdf(
      [row({ awbNumber: 'TEST1234ABCD' }), row({ _id: '7d3e0c4a-aaaa-4bbb-8ccc-ddddeeeeffff' })],
      printedAt,
      sender,
    );
    const { info, text, pngs } = inspect(pdf);
    expect(info).toMatch(/Pages:\s+2/);
    expect(info).toMatch(/Page size:\s+297\.64 x 419\.53 pts/); // A6
    expect(text).toContain('Kujiya Pte Ltd, 9 Collect Lane, #03-03, Singapore 049145');
    expect(text).toContain('printed Thu, 26 Nov 2026, 12:30 am (Singapore time)');
    expect(text).toContain('AWB TEST1234ABCD');
    expect(text).toContain('No AWB yet');
    expect(text).toContain('SHIP TO Test Shopper #01-01 1 Test Road Singapore 123456 Contact: 91234567');
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(2);
    expect(pngs.length).toBeGreaterThanOrEqual(2);
  });
});
