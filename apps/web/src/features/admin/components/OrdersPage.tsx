import { useState } from 'react';
import { Link } from 'react-router';
import { centsToDollars, type AdminOrderRow, type AdminOrdersQuery, formatSgDateTime } from '@kujiya/shared';
import { useAdminOrders } from '../api/getAdminOrders';
import { AdminTable, type AdminColumn } from './table/AdminTable';
import { FilterSelect } from './table/FilterSelect';

const cost = (r: AdminOrderRow) =>
  r.paymentIntentId === 'TOKEN' ? `${r.totalCost} tokens` : `$${centsToDollars(r.totalCost).toFixed(2)}`;

const columns: AdminColumn<AdminOrderRow>[] = [
  {
    key: 'orderId',
    header: 'Order',
    render: (r) => (
      <Link to={`/admin/orders/${r.orderId}`} aria-label={`Open order ${r.orderId}`}>
        <code>{r.orderId.slice(0, 8)}</code>
      </Link>
    ),
    sortValue: (r) => r.orderId,
  },
  { key: 'date', header: 'Date', render: (r) => formatSgDateTime(r.createdAt), sortValue: (r) => r.createdAt },
  { key: 'product', header: 'Product', render: (r) => r.productName, sortValue: (r) => r.productName },
  { key: 'username', header: 'User', render: (r) => r.username, sortValue: (r) => r.username },
  { key: 'tickets', header: 'Tickets', render: (r) => r.numberOfTickets, sortValue: (r) => r.numberOfTickets },
  { key: 'cost', header: 'Total', render: cost, sortValue: (r) => r.totalCost },
  { key: 'tokens', header: 'Token value', render: (r) => r.tokenTotalValue, sortValue: (r) => r.tokenTotalValue },
  { key: 'prizes', header: 'Prizes', render: (r) => r.selectedPrizes.join(', ') },
  {
    key: 'lottery',
    header: 'Lottery',
    render: (r) => (r.lotteryEnabled ? 'Yes' : 'No'),
    sortValue: (r) => r.lotteryEnabled,
  },
  { key: 'paid', header: 'Paid', render: (r) => (r.paid ? 'Yes' : 'No'), sortValue: (r) => r.paid },
  { key: 'payment', header: 'Payment', render: (r) => (r.paymentIntentId === 'TOKEN' ? 'TOKEN' : 'Card') },
];

/** /admin/orders: every order, filtered by lottery and paid, searched by order id, user or product; a row opens the order. */
export function OrdersPage() {
  const [query, setQuery] = useState<AdminOrdersQuery>({ page: 1, search: '', lottery: 'all', paid: 'all' });
  const { data, error, isLoading } = useAdminOrders(query);
  return (
    <main className="admin-page admin-page--wide">
      <h1 className="admin-title">Orders</h1>
      <AdminTable
        label="Orders"
        columns={columns}
        rows={data?.orders}
        rowKey={(r) => r._id}
        rowLink={(r) => `/admin/orders/${r.orderId}`}
        isLoading={isLoading}
        error={error}
        page={query.page}
        totalPages={data?.totalPages ?? 1}
        onPageChange={(page) => setQuery((q) => ({ ...q, page }))}
        onSearch={(search) => setQuery((q) => ({ ...q, search, page: 1 }))}
        searchPlaceholder="Order id, username or product"
        toolbar={
          <>
            <FilterSelect
              label="Lottery"
              value={query.lottery}
              options={[
                { value: 'all', label: 'All' },
                { value: 'enabled', label: 'Enabled' },
                { value: 'disabled', label: 'Disabled' },
              ]}
              onChange={(lottery: AdminOrdersQuery['lottery']) => setQuery((q) => ({ ...q, lottery, page: 1 }))}
            />
            <FilterSelect
              label="Paid"
              value={query.paid}
              options={[
                { value: 'all', label: 'All' },
                { value: 'yes', label: 'Yes' },
                { value: 'no', label: 'No' },
              ]}
              onChange={(paid: AdminOrdersQuery['paid']) => setQuery((q) => ({ ...q, paid, page: 1 }))}
            />
          </>
        }
      />
    </main>
  );
}
