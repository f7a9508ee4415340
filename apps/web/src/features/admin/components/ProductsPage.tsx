import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminSetRow } from '@kujiya/shared';
import { useAdminSets } from '../api/getAdminSets';
import { AdminTable, type AdminColumn } from './table/AdminTable';

const columns: AdminColumn<AdminSetRow>[] = [
  {
    key: 'id',
    header: 'ID',
    render: (r) => <Link to={`/admin/product/${r.id}`}>{r.id.slice(0, 8)}</Link>,
    sortValue: (r) => r.id,
  },
  {
    key: 'name',
    header: 'Name',
    render: (r) => <Link to={`/admin/product/${r.id}`}>{r.productName}</Link>,
    sortValue: (r) => r.productName,
  },
  { key: 'sku', header: 'SKU', render: (r) => r.productSku, sortValue: (r) => r.productSku },
  { key: 'quantity', header: 'Quantity', render: (r) => r.productQuantity, sortValue: (r) => r.productQuantity },
  { key: 'sold', header: 'Sold', render: (r) => r.sold, sortValue: (r) => r.sold },
  { key: 'active', header: 'Active', render: (r) => (r.active ? 'Active' : 'Inactive'), sortValue: (r) => r.active },
  {
    key: 'preorder',
    header: 'Pre-order',
    render: (r) => (r.preorder ? 'Pre-order' : 'In Stock'),
    sortValue: (r) => r.preorder,
  },
  {
    key: 'arrival',
    header: 'Arrival',
    render: (r) => (r.preorder ? (r.arrival ?? '') : '–'),
    sortValue: (r) => r.arrival,
  },
  { key: 'totalSold', header: 'Total sold', render: (r) => r.totalSold, sortValue: (r) => r.totalSold },
];

/** /admin/products: every set, searched and paged on the server. */
export function ProductsPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const { data, error, isLoading } = useAdminSets(page, search);
  return (
    <main className="admin-page admin-page--wide">
      <div className="admin-heading">
        <h1 className="admin-title">Products</h1>
        <Link to="/admin/add-product" className="btn btn--primary">
          Add product
        </Link>
      </div>
      <AdminTable
        label="Products"
        columns={columns}
        rows={data?.sets}
        rowKey={(r) => r.id}
        isLoading={isLoading}
        error={error}
        page={page}
        totalPages={data?.totalPages ?? 1}
        onPageChange={setPage}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
        searchPlaceholder="Search by name or SKU"
      />
    </main>
  );
}
