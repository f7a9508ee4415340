import type { AdminLotteryOrder } from '@kujiya/shared';
import { formatSgDateTime } from '@kujiya/shared';

function resultOf(order: AdminLotteryOrder): string {
  if (order.lotteryWon === null) return 'Waiting for the draw';
  const won = order.selectedPrizes.filter((p) => p !== 'LAST');
  const last = order.selectedPrizes.includes('LAST') ? ' + Last Prize' : '';
  return order.lotteryWon ? `Won ${won.map((p) => `Prize ${p}`).join(', ')}${last}` : `Not won${last}`;
}

/** The round's lottery orders: each buyer, their entries and their result (docs/rules/back-office.md). */
export function LotteryOrders({
  orders,
  ticketsLeft,
  totalTickets,
}: {
  orders: AdminLotteryOrder[];
  ticketsLeft: number;
  totalTickets: number;
}) {
  return (
    <section className="admin-card product-editor__lottery" aria-label="Lottery orders">
      <h2 className="admin-subtitle">Lottery orders</h2>
      <p className="admin-muted">
        {ticketsLeft}/{totalTickets} entries left · {orders.length} paid orders
      </p>
      {orders.length > 0 && (
        <div className="product-editor__scroll">
          <table className="product-editor__table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Buyer</th>
                <th scope="col">Entries</th>
                <th scope="col">Paid</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.orderId}>
                  <td className="product-editor__id">{order.orderId.slice(0, 8)}</td>
                  <td>{order.username}</td>
                  <td>{order.numberOfTickets}</td>
                  <td>{order.paidAt ? formatSgDateTime(order.paidAt) : '—'}</td>
                  <td>{resultOf(order)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
