import PDFDocument from 'pdfkit';
import type { AdminShipmentRow } from '@kujiya/shared';

/** The packing labels: one A6 page per pending paid shipment (receiver, address, contact, content, AWB). */
export function shipmentLabelsPdf(shipments: AdminShipmentRow[], printedAt: Date): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A6', margin: 24, autoFirstPage: false, info: { Title: 'Kujiya pending shipments' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const [index, shipment] of shipments.entries()) {
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(14).text('Kujiya', { continued: true }).font('Helvetica').fontSize(9).text(`   ${index + 1} / ${shipments.length}`);
      doc.moveDown(0.3).fontSize(7).fillColor('#666').text(`Shipment ${shipment._id} · printed ${printedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
      doc.fillColor('#000').moveDown(0.8).font('Helvetica-Bold').fontSize(9).text('SHIP TO');
      doc.font('Helvetica-Bold').fontSize(13).text(shipment.receiverName);
      doc.font('Helvetica').fontSize(10);
      if (shipment.receiverUnit) doc.text(shipment.receiverUnit);
      doc.text(shipment.receiverFullAddress);
      doc.text(`${shipment.receiverCountry === 'SG' ? 'Singapore' : shipment.receiverCountry} ${shipment.receiverPostcode}`);
      doc.text(`Contact: ${shipment.receiverContact}`);
      doc.moveDown(0.6).font('Helvetica-Bold').fontSize(9).text('PARCEL CONTENT');
      doc.font('Helvetica').fontSize(9);
      for (const item of shipment.inventoryItems) doc.text(`${item.quantity} x ${item.prizeName} (${item.setName})`);
      doc.moveDown(0.6).font('Helvetica-Bold').fontSize(9).text('AWB');
      doc.font('Courier-Bold').fontSize(shipment.awbNumber ? 16 : 10).text(shipment.awbNumber ?? 'No AWB yet: book with the courier');
      doc.font('Helvetica').fontSize(8).text(`Customer: ${shipment.username}`);
    }
    doc.end();
  });
}
