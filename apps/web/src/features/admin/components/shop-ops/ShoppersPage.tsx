import { useState } from 'react';
import { Link } from 'react-router';
import { useAdminShoppers } from '../../api/getAdminShoppers';
import { AdminTable } from '../table/AdminTable';
import { formatSgDateTime } from '@kujiya/shared';
import './shop-ops.css';

/** /admin/shoppers: search by username or e-mail, a page at a time. */
export function ShoppersPage() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useAdminShoppers(q, page);
  return (
    <main className="admin-page">
      <h1 className="admin-title">Shoppers</h1>
      <AdminTable
        label="Shoppers"
        rows={data?.shoppers}
        isLoading={isLoading}
        error={error}
        rowKey={(shopper) => shopper.id}
        page={data?.page ?? page}
        totalPages={data?.totalPages ?? 1}
        onPageChange={setPage}
        onSearch={(text) => {
          setQ(text);
          setPage(1);
        }}
        searchPlaceholder="Username or e-mail"
        columns={[
          {
            key: 'username',
            header: 'Username',
            render: (s) => <Link to={`/admin/shoppers/${s.id}`}>{s.username}</Link>,
            sortValue: (s) => s.username,
          },
          { key: 'email', header: 'E-mail', render: (s) => s.email, sortValue: (s) => s.email },
          {
            key: 'status',
            header: 'Status',
            render: (s) => (s.disabled ? 'Disabled' : 'Active'),
            sortValue: (s) => s.disabled,
          },
          {
            key: 'joined',
            header: 'Joined',
            render: (s) => formatSgDateTime(s.createdAt),
            sortValue: (s) => s.createdAt,
          },
        ]}
      />
    </main>
  );
}
