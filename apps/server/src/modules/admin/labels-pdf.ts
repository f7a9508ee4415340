import PDFDocument from 'pdfkit';
import bwipjs from 'bwip-js/node';
import { countryName, singaporeDateTimeText, type AdminShipmentRow, type SenderAddress } from '@kujiya/shared';

/** A Code 128 barcode (PNG) of the AWB number, or of the shipment id while no AWB exists. */
function barcodePng(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: 3,
    height: 10,
    includetext: true,
    textxalign: 'center',
    textsize: 9,
  });
}

/**
 * The packing labels (docs/rules/back-office.md): one A6 page per pending paid shipment with the
 * shop's sender address (a shop setting), the receiver, the content, and a barcode of the AWB (or of
 * the shipment id before the courier gave one); printed time in Singapore time.
 */
export async function shipmentLabelsPdf(
  shipments: AdminShipmentRow[],
  printedAt: Date,
  sender: SenderAddress,
): Promise<Buffer> {
  const barcodes = await Promise.all(shipments.map((shipment) => barcodePng(shipment.awbNumber ?? shipment._id)));
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A6',
      margin: 20,
      autoFirstPage: false,
      info: { Title: 'Kujiya pending shipments' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const width = () => doc.page.width - doc.page.margins.left - doc.page.margins.right;
    for (const [index, shipment] of shipments.entries()) {
      doc.addPage();
      const left = doc.page.margins.left;
      const top = doc.y;
      doc.font('Helvetica-Bold').fontSize(13).text('Kujiya', left, top);
      doc
        .font('Helvetica')
        .fontSize(8)
        .text(`${index + 1} / ${shipments.length}`, left, top + 3, { width: width(), align: 'right' });
      doc.text('', left, top + 19);
      doc
        .fontSize(6.5)
        .fillColor('#555')
        .text(`Shipment ${shipment._id} · printed ${singaporeDateTimeText(printedAt)} (Singapore time)`);
      doc.fillColor('#000').moveDown(0.5).font('Helvetica-Bold').fontSize(7).text('FROM');
      doc
        .font('Helvetica')
        .fontSize(7.5)
        .text(`${sender.name}, ${sender.address}, Singapore ${sender.postalCode} · Tel ${sender.contact}`);
      doc.moveDown(0.5).font('Helvetica-Bold').fontSize(8).text('SHIP TO');
      doc.font('Helvetica-Bold').fontSize(12).text(shipment.receiverName);
      doc.font('Helvetica').fontSize(9.5);
      if (shipment.receiverUnit) doc.text(shipment.receiverUnit);
      doc.text(shipment.receiverFullAddress);
      doc.text(`${countryName(shipment.receiverCountry) ?? shipment.receiverCountry} ${shipment.receiverPostcode}`);
      doc.text(`Contact: ${shipment.receiverContact}`);
      doc.moveDown(0.5).font('Helvetica-Bold').fontSize(8).text('PARCEL CONTENT');
      doc.font('Helvetica').fontSize(8);
      for (const item of shipment.inventoryItems)
        doc.text(`${item.quantity} x ${item.prizeName} (${item.setName})`, { width: width() });
      doc
        .moveDown(0.5)
        .font('Helvetica-Bold')
        .fontSize(8)
        .text(
          shipment.awbNumber ? `AWB ${shipment.awbNumber}` : 'No AWB yet: shipment id below (book with the courier)',
        );
      doc.moveDown(0.2).image(barcodes[index]!, { fit: [width(), 52], align: 'center' });
      doc.moveDown(0.3).font('Helvetica').fontSize(7).text(`Customer: ${shipment.username}`, left);
    }
    doc.end();
  });
}
