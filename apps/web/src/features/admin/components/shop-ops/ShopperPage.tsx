import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { useAdminShopper } from '../../api/getAdminShopper';
import { useSetShopperDisabled } from '../../api/setShopperDisabled';
import { AuditLog } from '../AuditLog';
import { TokenAdjustmentForm } from './TokenAdjustmentForm';
import { ShopperRecords } from './ShopperRecords';
import { formatSgDate, formatSgDateTime } from '@kujiya/shared';
import { labelOf, tokensText } from '../../labels';
import { errorText } from './form-values';
import './shop-ops.css';

/** /admin/shoppers/:shopperId: the shopper's whole record, disable/enable and token adjustments. */
export function ShopperPage() {
  const { shopperId = '' } = useParams();
  const { data, error } = useAdminShopper(shopperId);
  const setDisabled = useSetShopperDisabled();
  const [confirming, setConfirming] = useState(false);
  if (error)
    return (
      <main className="admin-page" role="alert">
        Error: {error.message}
      </main>
    );
  if (!data) return <main className="admin-page">Loading…</main>;
  const { profile } = data;
  return (
    <main className="admin-page ops-panel">
      <Link to="/admin/shoppers">← Shoppers</Link>
      <h1 className="admin-title">{profile.username}</h1>
      <section className="ops-card" aria-label="Profile">
        <dl className="ops-kv">
          <dt>E-mail</dt>
          <dd>{profile.email}</dd>
          <dt>Status</dt>
          <dd className={`ops-status${profile.disabled ? ' ops-status--off' : ''}`}>
            {profile.disabled ? 'Disabled' : 'Active'}
          </dd>
          <dt>Joined</dt>
          <dd>{formatSgDateTime(profile.createdAt)}</dd>
          <dt>Phone</dt>
          <dd>{profile.phoneNumber ?? '—'}</dd>
          <dt>Address</dt>
          <dd>
            {[profile.fullName, profile.fullAddress, profile.unitNumber, profile.postalCode, profile.country]
              .filter(Boolean)
              .join(', ') || '—'}
          </dd>
          <dt>Tokens</dt>
          <dd>{data.balance}</dd>
        </dl>
        <div className="ops-actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={setDisabled.isPending}
            // Enabling is harmless; disabling ends the shopper's sessions and trades, so it asks first.
            onClick={() =>
              profile.disabled ? setDisabled.mutate({ id: profile.id, disabled: false }) : setConfirming(true)
            }
          >
            {profile.disabled ? 'Enable account' : 'Disable account'}
          </button>
        </div>
        <ConfirmDialog
          open={confirming}
          title={`Disable ${profile.username}?`}
          confirmLabel="Disable account"
          busy={setDisabled.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            setDisabled.mutate({ id: profile.id, disabled: true }, { onSettled: () => setConfirming(false) })
          }
        >
          <p>
            Every session of {profile.username} ends at once and they cannot log in until the account is enabled again.
            Their open trades and offers end; their tokens, orders and items stay.
          </p>
        </ConfirmDialog>
        {setDisabled.error && (
          <p className="field-error" role="alert">
            {errorText(setDisabled.error)}
          </p>
        )}
      </section>
      <TokenAdjustmentForm shopperId={profile.id} />
      <section className="ops-card" aria-label="Token lots">
        <h2 className="ops-subtitle">Token lots</h2>
        <ul className="ops-list">
          {data.lots.map((lot) => (
            <li key={lot.id}>
              {lot.amountLeft} of {lot.amount} left · {labelOf(lot.source)} · received {formatSgDate(lot.createdAt)} ·
              expires {formatSgDate(lot.expiresAt)}
            </li>
          ))}
        </ul>
        {data.lots.length === 0 && <p className="ops-muted">No tokens.</p>}
      </section>
      <section className="ops-card" aria-label="Token ledger">
        <h2 className="ops-subtitle">Token ledger</h2>
        <ul className="ops-list">
          {data.ledger.map((row) => (
            <li key={row.id}>
              {row.delta > 0 ? `+${tokensText(row.delta)}` : tokensText(row.delta)} · {labelOf(row.reason)} ·{' '}
              {formatSgDateTime(row.createdAt)}
            </li>
          ))}
        </ul>
        {data.ledger.length === 0 && <p className="ops-muted">No entries.</p>}
      </section>
      <ShopperRecords data={data} />
      <AuditLog entityType="shopper" entityId={profile.id} />
    </main>
  );
}
