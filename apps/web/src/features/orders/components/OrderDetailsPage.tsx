import { Link, useParams } from 'react-router';
import { imageUrl } from '../../../lib/image-url';
import {
  ACCESS_DENIED_MESSAGE,
  INVALID_ORDER_MESSAGE,
  type OrderDetailsResponse,
  formatSgDate,
  formatSgDateTime,
} from '@kujiya/shared';
import { ReceiptCard } from '../../../components/fairness/ReceiptCard';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useOrderDetails } from '../api/getOrderDetails';
import { useOrderPrizes } from '../api/fetchPrizes';
import { lotteryStateOf, netPaidText, orderTotalText, refundText } from '../lib/order-list';
import './orders.css';

/** /order-details/{orderId}: a paid order of the shopper; "Invalid Order Number" or "Access Denied" otherwise. */
export function OrderDetailsPage() {
  const { orderId = '' } = useParams();
  const { username } = useSession();
  const order = useOrderDetails(orderId, username);

  if (order.isPending) return <div className="spinner" role="status" aria-label="Loading order" />;
  if (order.isError) {
    const denied = order.error instanceof ApiError && order.error.status === 403;
    return (
      <main className="page orders-page">
        <p className="order-problem" role="alert">
          {denied ? ACCESS_DENIED_MESSAGE : INVALID_ORDER_MESSAGE}
        </p>
        <Link to="/orders">Back to orders</Link>
      </main>
    );
  }
  if (!order.data.paid) {
    return (
      <main className="page orders-page">
        <p className="order-problem" role="alert">
          {INVALID_ORDER_MESSAGE}
        </p>
        <Link to="/orders">Back to orders</Link>
      </main>
    );
  }
  return <OrderDetails order={order.data} />;
}

function OrderDetails({ order }: { order: OrderDetailsResponse }) {
  const prizes = useOrderPrizes(order.productId._id, order.selectedPrizes);
  const lottery = lotteryStateOf(order);
  return (
    <main className="page orders-page">
      <Link to="/orders" className="back-link">
        ← Orders
      </Link>
      <section className="card order-details">
        <div className="order-details__head">
          <img className="order-details__image" src={imageUrl(order.productImage)} alt="" />
          <div>
            <h1 className="order-details__name">{order.productName}</h1>
            <p className="muted">Order {order.orderId}</p>
          </div>
        </div>
        <dl className="order-details__facts">
          <dt>Date</dt>
          <dd>{formatSgDateTime(order.dateTimeCreated)}</dd>
          <dt>Tickets bought</dt>
          <dd>{order.ticketsBought}</dd>
          <dt>Tickets drawn</dt>
          <dd>{order.ticketsDrawn}</dd>
          {order.refund && (
            <>
              <dt>Refunded</dt>
              <dd data-testid="order-refund">{refundText(order)}</dd>
            </>
          )}
          <dt>Total</dt>
          <dd>{orderTotalText(order)}</dd>
          <dt>Net paid</dt>
          <dd data-testid="order-net-paid">{netPaidText(order)}</dd>
          <dt>Paid with</dt>
          <dd>{order.paymentIntentId === 'TOKEN' ? 'Tokens' : 'Card'}</dd>
          <dt>Ship by</dt>
          <dd>{order.shipByDate ? formatSgDate(order.shipByDate) : 'After the pre-order arrives'}</dd>
        </dl>
      </section>

      {lottery === 'waiting' && (
        <section className="card lottery lottery--waiting" data-testid="lottery-state">
          <div className="spinner" aria-hidden="true" />
          <h2>Waiting for the set to sell out</h2>
          <p>The chance draw happens when the last ticket is sold. Your result will show here.</p>
        </section>
      )}
      {lottery === 'won' && (
        <section className="card lottery lottery--won" data-testid="lottery-state">
          <h2>Won</h2>
          <p>Congratulations! Your prizes are in your inventory.</p>
        </section>
      )}
      {lottery === 'lost' && (
        <section className="card lottery lottery--lost" data-testid="lottery-state">
          <h2>Lost</h2>
          <p>Better luck next time.</p>
        </section>
      )}

      {order.selectedPrizes.length > 0 && (
        <section className="card" aria-labelledby="order-prizes-title">
          <h2 id="order-prizes-title" className="order-details__section-title">
            Prizes
          </h2>
          {prizes.isPending && <div className="spinner" role="status" aria-label="Loading prizes" />}
          <ul className="order-prizes">
            {prizes.data?.prizes.map((prize) => (
              <li key={prize.id} className="order-prize">
                <img src={imageUrl(prize.image)} alt="" loading="lazy" />
                <span>
                  <strong>{prize.name}</strong>
                  <span className="muted"> {prize.type}</span>
                  <br />
                  <span className="muted">{prize.description}</span>
                </span>
                <strong>× {prize.quantity}</strong>
              </li>
            ))}
          </ul>
          <div className="order-details__actions">
            <Link to="/inventory" className="btn btn--primary">
              Manage Inventory
            </Link>
            {order.shipByDate && (
              <Link to="/inventory" state={{ selfCollectOrder: order.orderId }} className="btn btn--ghost">
                Self-Collect
              </Link>
            )}
          </div>
        </section>
      )}

      {order.receipt && <ReceiptCard receipt={order.receipt} />}
    </main>
  );
}
