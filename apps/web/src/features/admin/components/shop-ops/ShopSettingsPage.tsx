import { useShopSettings } from '../../api/getShopSettings';
import { AuditLog } from '../AuditLog';
import { ShopSettingsForm } from './ShopSettingsForm';
import { errorText } from './form-values';
import './shop-ops.css';

/** /admin/settings: the shop's pickup point and labels' sender address, with their change history. */
export function ShopSettingsPage() {
  const { data, isLoading, error } = useShopSettings();
  return (
    <main className="admin-page">
      <h1 className="admin-title">Shop Settings</h1>
      {isLoading && <div className="spinner" role="status" aria-label="Loading settings" />}
      {error && (
        <p className="field-error" role="alert">
          {errorText(error)}
        </p>
      )}
      {data && (
        <div className="ops-panel">
          <ShopSettingsForm settings={data} />
          <AuditLog entityType="shop_settings" entityId="shop" />
        </div>
      )}
    </main>
  );
}
