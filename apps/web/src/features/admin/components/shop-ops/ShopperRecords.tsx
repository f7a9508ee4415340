import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ShopperDetail } from '@kujiya/shared';
import { formatSgDate, formatSgDateTime } from '@kujiya/shared';
import { labelOf, sgd, tokensText } from '../../labels';

/** One titled list of the shopper's records, newest first as the owning module gives them. */
function RecordSection<T>({
  title,
  records,
  render,
  keyOf,
}: {
  title: string;
  records: T[];
  render: (record: T) => ReactNode;
  keyOf: (record: T) => string;
}) {
  return (
    <section className="ops-card" aria-label={title}>
      <h2 className="ops-subtitle">
        {title} ({records.length})
      </h2>
      {records.length === 0 ? (
        <p className="ops-muted">None.</p>
      ) : (
        <ul className="ops-list">
          {records.map((record) => (
            <li key={keyOf(record)}>{render(record)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

const itemsText = (items: { quantity: number }[]) => {
  const units = items.reduce((sum, item) => sum + item.quantity, 0);
  return `${units} item${units === 1 ? '' : 's'}`;
};

type Order = ShopperDetail['orders'][number];
function orderResult(order: Order) {
  if (order.lotteryEnabled && order.lotteryWon === null) return 'lottery: waiting for the sell-out';
  if (order.lotteryEnabled)
    return order.lotteryWon ? `lottery won: ${order.selectedPrizes.join(', ')}` : 'lottery: not won';
  return order.selectedPrizes.length ? `won ${order.selectedPrizes.join(', ')}` : 'nothing drawn yet';
}

/**
 * The shopper's orders, inventory, shipments, collections and trades as the back office reads them
 * (docs/rules/shop-ops.md): dated in Singapore time, statuses in words, each order opening its page.
 */
export function ShopperRecords({ data }: { data: ShopperDetail }) {
  return (
    <>
      <RecordSection
        title="Orders"
        records={data.orders}
        keyOf={(order) => order.orderId}
        render={(order) => (
          <>
            <Link to={`/admin/orders/${order.orderId}`}>{formatSgDateTime(order.dateTimeCreated)}</Link> ·{' '}
            {order.productName} · {order.numberOfTickets} ticket{order.numberOfTickets === 1 ? '' : 's'} ·{' '}
            {order.paymentIntentId === 'TOKEN'
              ? tokensText(Number(order.totalCost.$numberDecimal))
              : `${sgd(Number(order.totalCost.$numberDecimal))} by card`}{' '}
            · {orderResult(order)}
          </>
        )}
      />
      <RecordSection
        title="Inventory"
        records={data.inventory.flatMap((item) => item.batches.map((batch) => ({ item, batch })))}
        keyOf={({ batch }) => batch.batchId}
        render={({ item, batch }) => (
          <>
            {item.setName} · {item.prizeName} ({item.type}) · {batch.quantity} unit{batch.quantity === 1 ? '' : 's'}
            {batch.inTrade > 0 && `, ${batch.inTrade} in a trade`} ·{' '}
            {batch.shipByDate ? `ship by ${formatSgDate(batch.shipByDate)}` : 'Pre-order'}
          </>
        )}
      />
      <RecordSection
        title="Shipments"
        records={data.shipments}
        keyOf={(shipment) => shipment._id}
        render={(shipment) => (
          <>
            {formatSgDateTime(shipment.createdAt)} · {itemsText(shipment.inventoryItems)} · fee{' '}
            {sgd(shipment.shippingFee)} · {shipment.shipped ? 'Shipped' : shipment.paid ? 'Paid, to ship' : 'Unpaid'}
            {shipment.awbNumber && ` · AWB ${shipment.awbNumber}`}
          </>
        )}
      />
      <RecordSection
        title="Collections"
        records={data.collections}
        keyOf={(collection) => collection._id}
        render={(collection) => (
          <>
            {collection.collectionId} · collect {formatSgDateTime(collection.collectionDate)} ·{' '}
            {itemsText(collection.inventoryItems)} · {labelOf(collection.status)}
            {collection.collectedAt && ` · collected ${formatSgDateTime(collection.collectedAt)}`} · booked{' '}
            {formatSgDateTime(collection.createdAt)}
          </>
        )}
      />
      <RecordSection
        title="Trades"
        records={data.trades}
        keyOf={(trade) => trade._id}
        render={(trade) => (
          <>
            {formatSgDateTime(trade.createdAt)} · {labelOf(trade.status)} · by {trade.createdBy.username} · offers{' '}
            {trade.prizesOffered.map((prize) => `${prize.quantity} × ${prize.prizeDetails.name}`).join(', ')} · wants{' '}
            {trade.prizesWanted.map((prize) => `${prize.quantity} × ${prize.prizeDetails.name}`).join(', ')}
            {trade.completedAt && ` · completed ${formatSgDateTime(trade.completedAt)}`}
          </>
        )}
      />
    </>
  );
}
