import { useState } from 'react';
import { formatCents, percentOff, type AdminTokenPackage } from '@kujiya/shared';
import { useAdminTokenPackages } from '../../api/getAdminTokenPackages';
import { useSaveTokenPackage } from '../../api/saveTokenPackage';
import { AdminTable } from '../table/AdminTable';
import { AuditLog } from '../AuditLog';
import { TokenPackageForm } from './TokenPackageForm';
import './shop-ops.css';
import { useEditorFocus } from '../../../../lib/use-editor-focus';

/** /admin/token-packages: every package; create, edit, deactivate (never delete). */
export function TokenPackagesPage() {
  const { data, isLoading, error } = useAdminTokenPackages();
  const [editing, setEditing] = useState<AdminTokenPackage | 'new' | null>(null);
  useEditorFocus(editing === null ? null : editing === 'new' ? 'new' : editing.id);
  const save = useSaveTokenPackage();
  const toggle = (pkg: AdminTokenPackage) =>
    save.mutate({
      id: pkg.id,
      input: {
        packageName: pkg.packageName,
        tokenAmount: pkg.tokenAmount,
        price: pkg.price,
        originalPrice: pkg.originalPrice,
        promoBanner: pkg.promoBanner,
        sortOrder: pkg.sortOrder,
        active: !pkg.active,
      },
    });
  return (
    <main className="admin-page">
      <h1 className="admin-title">Token Packages</h1>
      {editing ? (
        <div className="ops-panel" data-editor>
          <TokenPackageForm tokenPackage={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
          {editing !== 'new' && <AuditLog entityType="token_package" entityId={editing.id} />}
        </div>
      ) : (
        <AdminTable
          label="Token packages"
          rows={data?.tokenPackages}
          isLoading={isLoading}
          error={error}
          rowKey={(pkg) => pkg.id}
          page={1}
          totalPages={1}
          onPageChange={() => {}}
          toolbar={
            <button type="button" className="btn btn--primary" data-opener="new" onClick={() => setEditing('new')}>
              New package
            </button>
          }
          columns={[
            { key: 'name', header: 'Name', render: (pkg) => pkg.packageName, sortValue: (pkg) => pkg.packageName },
            { key: 'tokens', header: 'Tokens', render: (pkg) => pkg.tokenAmount, sortValue: (pkg) => pkg.tokenAmount },
            {
              key: 'price',
              header: 'Price',
              sortValue: (pkg) => pkg.price,
              render: (pkg) => (
                <>
                  {pkg.originalPrice && <s className="ops-muted">{formatCents(pkg.originalPrice)}</s>}{' '}
                  {formatCents(pkg.price)}
                  {pkg.originalPrice && (
                    <span className="ops-badge"> {percentOff(pkg.originalPrice, pkg.price)}% off</span>
                  )}
                </>
              ),
            },
            { key: 'banner', header: 'Banner', render: (pkg) => pkg.promoBanner ?? '' },
            { key: 'order', header: 'Order', render: (pkg) => pkg.sortOrder, sortValue: (pkg) => pkg.sortOrder },
            {
              key: 'active',
              header: 'Status',
              render: (pkg) => (pkg.active ? 'Active' : 'Inactive'),
              sortValue: (pkg) => pkg.active,
            },
            {
              key: 'actions',
              header: 'Actions',
              render: (pkg) => (
                <span className="ops-actions">
                  <button type="button" className="btn btn--ghost" data-opener={pkg.id} onClick={() => setEditing(pkg)}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost"
                    // aria-disabled while saving: the pressed toggle keeps focus.
                    onClick={() => !save.isPending && toggle(pkg)}
                    aria-disabled={save.isPending}
                  >
                    {pkg.active ? 'Deactivate' : 'Activate'}
                  </button>
                </span>
              ),
            },
          ]}
        />
      )}
    </main>
  );
}
