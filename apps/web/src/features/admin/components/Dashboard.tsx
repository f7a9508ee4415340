import type { AdminDashboard, DashboardWindow } from '@kujiya/shared';
import { useDashboard } from '../api/getDashboard';
import { DailyRevenueChart, TopSetsChart } from './DashboardCharts';
import './dashboard.css';

const dollars = (cents: number) =>
  `S$${(cents / 100).toLocaleString('en-SG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function WindowCard({ title, figures }: { title: string; figures: DashboardWindow }) {
  return (
    <section className="admin-card admin-stat" aria-label={title}>
      <h2 className="admin-subtitle">{title}</h2>
      <dl>
        <dt>Card revenue</dt>
        <dd>{dollars(figures.cardRevenue.netCents)}</dd>
        <dd className="admin-stat__split">
          Tickets {dollars(figures.cardRevenue.ticketsCents)} · Token packages{' '}
          {dollars(figures.cardRevenue.tokenPackagesCents)} · Shipping {dollars(figures.cardRevenue.shippingCents)}
          {figures.cardRevenue.refundsCents > 0 && <> · Refunds −{dollars(figures.cardRevenue.refundsCents)}</>}
        </dd>
        <dt>Tokens spent</dt>
        <dd>{figures.tokensSpent.toLocaleString('en-SG')}</dd>
        <dt>Tickets sold</dt>
        <dd>{figures.ticketsSold}</dd>
        <dt>Orders</dt>
        <dd>{figures.orders}</dd>
        <dt>New shoppers</dt>
        <dd>{figures.newShoppers}</dd>
      </dl>
    </section>
  );
}

function Figures({ data }: { data: AdminDashboard }) {
  return (
    <>
      <div className="admin-stats">
        <WindowCard title="Today" figures={data.today} />
        <WindowCard title="Last 7 days" figures={data.last7Days} />
        <WindowCard title="Last 30 days" figures={data.last30Days} />
        <section className="admin-card admin-stat" aria-label="Fulfilment queue">
          <h2 className="admin-subtitle">Fulfilment queue</h2>
          <dl>
            <dt>Shipments to pack</dt>
            <dd>{data.queue.shipmentsToPack}</dd>
            <dt>Collections this week</dt>
            <dd>{data.queue.collectionsThisWeek}</dd>
            <dt>Items forfeiting in 3 days</dt>
            <dd>{data.queue.itemsForfeitingIn3Days}</dd>
          </dl>
        </section>
      </div>
      <div className="admin-charts">
        <section className="admin-card">
          <h2 className="admin-subtitle">Daily revenue (30 days)</h2>
          <DailyRevenueChart days={data.dailyRevenue} />
        </section>
        <section className="admin-card">
          <h2 className="admin-subtitle">Top sets</h2>
          <TopSetsChart sets={data.topSets} />
        </section>
      </div>
      <section className="admin-card">
        <h2 className="admin-subtitle">Sell-through of live rounds</h2>
        <ul className="admin-sell-through">
          {data.sellThrough.map((round) => (
            <li key={round.setId}>
              <span>
                {round.productName} <small>{round.sku}</small>
              </span>
              <progress max={round.total} value={round.sold} aria-label={`${round.productName} sold`} />
              <span>
                {round.sold}/{round.total}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** The dashboard above the admin menu: how the business is doing and what waits to be done. */
export function Dashboard() {
  const { data, error } = useDashboard();
  if (error) return <p className="admin-error">Error: {error.message}</p>;
  if (!data) return <p className="admin-muted">Loading figures…</p>;
  return <Figures data={data} />;
}
