import { useState } from 'react';
import type { AdminPromoCode } from '@kujiya/shared';
import { useAdminPromoCodes } from '../../api/getAdminPromoCodes';
import { AdminTable } from '../table/AdminTable';
import { AuditLog } from '../AuditLog';
import { PromoCodeForm } from './PromoCodeForm';
import { PromoCodeUses } from './PromoCodeUses';
import { formatSgDateTime } from '@kujiya/shared';
import './shop-ops.css';
import { useEditorFocus } from '../../../../lib/use-editor-focus';

/** /admin/promo-codes: codes with their uses so far; create, edit, see each use. */
export function PromoCodesPage() {
  const { data, isLoading, error } = useAdminPromoCodes();
  const [editing, setEditing] = useState<AdminPromoCode | 'new' | null>(null);
  useEditorFocus(editing === null ? null : editing === 'new' ? 'new' : editing.id);
  return (
    <main className="admin-page">
      <h1 className="admin-title">Promo Codes</h1>
      {editing ? (
        <div className="ops-panel" data-editor>
          <PromoCodeForm promoCode={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
          {editing !== 'new' && <PromoCodeUses promoCodeId={editing.id} />}
          {editing !== 'new' && <AuditLog entityType="promo_code" entityId={editing.id} />}
        </div>
      ) : (
        <AdminTable
          label="Promo codes"
          rows={data?.promoCodes}
          isLoading={isLoading}
          error={error}
          rowKey={(code) => code.id}
          page={1}
          totalPages={1}
          onPageChange={() => {}}
          toolbar={
            <button type="button" className="btn btn--primary" data-opener="new" onClick={() => setEditing('new')}>
              New promo code
            </button>
          }
          columns={[
            { key: 'code', header: 'Code', render: (code) => code.code, sortValue: (code) => code.code },
            {
              key: 'extra',
              header: 'Extra tokens',
              render: (code) => `${code.extraTokensPercentage}%`,
              sortValue: (code) => code.extraTokensPercentage,
            },
            {
              key: 'window',
              header: 'Valid',
              render: (code) => `${formatSgDateTime(code.validFrom)} – ${formatSgDateTime(code.validTo)}`,
              sortValue: (code) => code.validTo,
            },
            {
              key: 'uses',
              header: 'Uses',
              render: (code) => `${code.usesCount}${code.maxUses === null ? '' : ` / ${code.maxUses}`}`,
              sortValue: (code) => code.usesCount,
            },
            { key: 'once', header: 'Per shopper', render: (code) => (code.oncePerShopper ? 'Once' : 'Any') },
            {
              key: 'active',
              header: 'Status',
              render: (code) => (code.active ? 'Active' : 'Inactive'),
              sortValue: (code) => code.active,
            },
            {
              key: 'actions',
              header: 'Actions',
              render: (code) => (
                <button type="button" className="btn btn--ghost" data-opener={code.id} onClick={() => setEditing(code)}>
                  Edit
                </button>
              ),
            },
          ]}
        />
      )}
    </main>
  );
}
