import { Link, useParams } from 'react-router';
import type { AdminOrderDetail } from '@kujiya/shared';
import { ReceiptCard } from '../../../components/fairness/ReceiptCard';
import { ApiError } from '../../../lib/api-client';
import { formatSgDate, formatSgDateTime } from '@kujiya/shared';
import { useAdminMe } from '../api/getAdminMe';
import { useAdminOrder } from '../api/getAdminOrder';
import { labelOf, sgd, tokensText } from '../labels';
import './shop-ops/shop-ops.css';

type Order = AdminOrderDetail['order'];

const costText = (order: Order) =>
  order.paymentMethod === 'token' ? tokensText(order.totalCost) : sgd(order.totalCost);
const when = (iso: string | null, none = '—') => (iso ? formatSgDateTime(iso) : none);

function resultText(order: Order): string {
  if (order.lotteryEnabled)
    return order.lotteryWon === null ? 'Waiting for the set to sell out' : order.lotteryWon ? 'Won' : 'Not won';
  if (order.challengeAlphabet) return `Challenge ${order.challengeAlphabet}: ${order.challengeWon ? 'won' : 'not won'}`;
  return order.selectedPrizes.length ? order.selectedPrizes.join(', ') : '—';
}

/** /admin/orders/{orderId}: one order opened from the orders table. */
export function AdminOrderPage() {
  const { orderId = '' } = useParams();
  const { data, error } = useAdminOrder(orderId);
  if (error) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <main className="admin-page">
        <Link to="/admin/orders">← Orders</Link>
        <p className="admin-error" role="alert">
          {missing ? 'Order not found' : `Error: ${error.message}`}
        </p>
      </main>
    );
  }
  if (!data) return <main className="admin-page">Loading…</main>;
  return <OrderRecord detail={data} />;
}

function OrderRecord({ detail }: { detail: AdminOrderDetail }) {
  const { order } = detail;
  const owner = useAdminMe().data?.role === 'owner';
  return (
    <main className="admin-page ops-panel">
      <Link to="/admin/orders">← Orders</Link>
      <div>
        <h1 className="admin-title">Order {order.id.slice(0, 8)}</h1>
        <p className="admin-muted">
          {owner ? <Link to={`/admin/product/${order.productId}`}>{order.productName}</Link> : order.productName} ·{' '}
          {order.sku}
        </p>
      </div>
      <section className="ops-card" aria-label="Order">
        <dl className="ops-kv">
          <dt>Status</dt>
          <dd className="ops-status">{labelOf(order.status)}</dd>
          <dt>Order id</dt>
          <dd>
            <code>{order.id}</code>
          </dd>
          <dt>Created</dt>
          <dd>{when(order.createdAt)}</dd>
          <dt>Paid</dt>
          <dd>{when(order.paidAt, 'Not paid')}</dd>
          <dt>Tickets</dt>
          <dd>
            {order.numberOfTickets} ({order.paidTickets} paid{order.buyOut ? ', buy-out' : ''})
          </dd>
          <dt>Total</dt>
          <dd>{costText(order)}</dd>
          <dt>Paid with</dt>
          <dd>{order.paymentMethod === 'token' ? 'Tokens' : 'Card'}</dd>
          <dt>Result</dt>
          <dd>{resultText(order)}</dd>
          {order.doubleChancePrizes.length > 0 && (
            <>
              <dt>Double chance</dt>
              <dd>{order.doubleChancePrizes.join(', ')}</dd>
            </>
          )}
          <dt>Drawn</dt>
          <dd>{when(order.drawnAt)}</dd>
          <dt>Revealed by the shopper</dt>
          <dd>{when(order.revealedAt, 'Not yet')}</dd>
          <dt>Ship by</dt>
          <dd>
            {order.shipByDate ? formatSgDate(order.shipByDate) : order.preorder ? 'After the pre-order arrives' : '—'}
          </dd>
          <dt>Client seed</dt>
          <dd>
            <code>{order.clientSeed}</code>
          </dd>
        </dl>
      </section>
      <ShopperCard detail={detail} owner={owner} />
      <DrawsCard detail={detail} />
      <PaymentCard detail={detail} />
      {detail.receipt ? (
        <ReceiptCard receipt={detail.receipt} />
      ) : (
        <p className="ops-muted">No fairness receipt yet (nothing drawn).</p>
      )}
    </main>
  );
}

function ShopperCard({ detail, owner }: { detail: AdminOrderDetail; owner: boolean }) {
  const { shopper } = detail;
  return (
    <section className="ops-card" aria-label="Shopper">
      <h2 className="ops-subtitle">Shopper</h2>
      {shopper ? (
        <dl className="ops-kv">
          <dt>Username</dt>
          <dd>{owner ? <Link to={`/admin/shoppers/${shopper.id}`}>{shopper.username}</Link> : shopper.username}</dd>
          <dt>E-mail</dt>
          <dd>{shopper.email}</dd>
          <dt>Account</dt>
          <dd className={`ops-status${shopper.disabled ? ' ops-status--off' : ''}`}>
            {shopper.disabled ? 'Disabled' : 'Active'}
          </dd>
          <dt>Joined</dt>
          <dd>{formatSgDate(shopper.createdAt)}</dd>
        </dl>
      ) : (
        <p className="ops-muted">The account no longer exists.</p>
      )}
    </section>
  );
}

function DrawsCard({ detail }: { detail: AdminOrderDetail }) {
  return (
    <section className="ops-card" aria-label="Draws">
      <h2 className="ops-subtitle">Draws ({detail.draws.length})</h2>
      {detail.draws.length === 0 ? (
        <p className="ops-muted">Nothing drawn.</p>
      ) : (
        <ol className="ops-list">
          {detail.draws.map((draw) => (
            <li key={`${draw.kind}-${draw.nonce}`}>
              {labelOf(draw.kind)} #{draw.nonce}
              {draw.prize !== null && ` · Prize ${draw.prize}`}
              {draw.prizeName && draw.prizeName !== `Prize ${draw.prize}` && ` (${draw.prizeName})`}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function PaymentCard({ detail }: { detail: AdminOrderDetail }) {
  const { payment, refunds, tokenLedger } = detail;
  return (
    <section className="ops-card" aria-label="Payments and refunds">
      <h2 className="ops-subtitle">Payments and refunds</h2>
      {payment && (
        <>
          <dl className="ops-kv">
            <dt>Card payment</dt>
            <dd>
              {sgd(payment.amount)} · {labelOf(payment.status)}
            </dd>
            <dt>Payment id</dt>
            <dd>
              <code>{payment.id}</code>
            </dd>
            <dt>Started</dt>
            <dd>{when(payment.createdAt)}</dd>
            <dt>Last change</dt>
            <dd>{when(payment.updatedAt)}</dd>
            {payment.lastError && (
              <>
                <dt>Last error</dt>
                <dd>{payment.lastError}</dd>
              </>
            )}
          </dl>
          <ul className="ops-list" aria-label="Gateway events">
            {payment.events.map((event) => (
              <li key={event.id}>
                {labelOf(event.type)} ({labelOf(event.outcome)}) · {when(event.receivedAt)}
              </li>
            ))}
          </ul>
        </>
      )}
      {tokenLedger.length > 0 && (
        <ul className="ops-list" aria-label="Tokens">
          {tokenLedger.map((row, index) => (
            <li key={index}>
              {tokensText(row.delta)} · {labelOf(row.reason)} · {when(row.at)}
            </li>
          ))}
        </ul>
      )}
      <h3 className="ops-subtitle">Refunds</h3>
      {refunds.length === 0 ? (
        <p className="ops-muted">No refunds.</p>
      ) : (
        <ul className="ops-list">
          {refunds.map((refund, index) => (
            <li key={index}>
              {refund.kind === 'card'
                ? `${sgd(refund.amount)} to the card`
                : `${tokensText(refund.amount)} credited back`}{' '}
              · {refund.status === 'done' ? 'Refunded' : refund.status === 'sending' ? 'Being sent' : 'Pending'}
              {refund.at && ` · ${when(refund.at)}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
