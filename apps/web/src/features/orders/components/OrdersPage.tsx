import { useMemo, useState } from 'react';
import { imageUrl } from '../../../lib/image-url';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../../lib/session';
import { usePendingShipmentVerification } from '../../../lib/pending-shipment';
import { formatSgDateTime } from '@kujiya/shared';
import { useUserOrders } from '../api/getUserOrders';
import { netPaidText, orderTotalText, pageOf, refundText, searchOrders, ticketsText } from '../lib/order-list';
import './orders.css';

function cameWithSuccess(state: unknown): boolean {
  return Boolean(state && typeof state === 'object' && (state as { shipmentSuccess?: unknown }).shipmentSuccess);
}

/** /orders: the shopper's own paid orders, newest first, 10 per page, with a fuzzy search. */
export function OrdersPage() {
  const { username } = useSession();
  const location = useLocation();
  const orders = useUserOrders(username);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const verified = usePendingShipmentVerification();
  const success = cameWithSuccess(location.state) || verified;

  const matches = useMemo(() => searchOrders(orders.data?.orders ?? [], query), [orders.data, query]);
  const shown = pageOf(matches, page);

  return (
    <main className="page orders-page">
      <h1 className="orders-title">Orders</h1>
      {success && (
        <p className="success-banner" role="status">
          Payment successful! Your shipment has been arranged. <Link to="/shipments">View shipments</Link>
        </p>
      )}
      <input
        type="search"
        className="orders-search"
        placeholder="Search orders"
        aria-label="Search orders"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setPage(1);
        }}
      />
      {orders.isPending && <div className="spinner" role="status" aria-label="Loading orders" />}
      {orders.isError && (
        <p className="error-text" role="alert">
          Your orders could not be loaded. Please try again.
        </p>
      )}
      {orders.isSuccess && matches.length === 0 && <p className="empty-text">No orders found.</p>}
      <ul className="order-list">
        {shown.items.map((order) => (
          <li key={order.orderId}>
            <Link
              className="card order-row"
              to={`/order-details/${encodeURIComponent(order.orderId)}`}
              data-testid="order-row"
            >
              <img className="order-row__image" src={imageUrl(order.productImage)} alt="" loading="lazy" />
              <span className="order-row__text">
                <strong className="order-row__name">{order.productName}</strong>
                <span className="order-row__meta">
                  {ticketsText(order)} · {orderTotalText(order)}
                </span>
                {order.refund && (
                  <span className="order-row__meta order-row__refund" data-testid="order-refund">
                    {refundText(order)} · Net paid {netPaidText(order)}
                  </span>
                )}
                <span className="order-row__meta">{formatSgDateTime(order.dateTimeCreated)}</span>
              </span>
              {order.lotteryEnabled && <span className="order-row__chance">Chance</span>}
            </Link>
          </li>
        ))}
      </ul>
      {shown.pages > 1 && (
        <nav className="pager" aria-label="Order pages">
          <button
            type="button"
            className="btn btn--ghost"
            disabled={shown.page <= 1}
            onClick={() => setPage(shown.page - 1)}
          >
            Previous
          </button>
          <span>
            Page {shown.page} of {shown.pages}
          </span>
          <button
            type="button"
            className="btn btn--ghost"
            disabled={shown.page >= shown.pages}
            onClick={() => setPage(shown.page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </main>
  );
}
