import { OPTIONAL_MAIL_KINDS, type OptionalMailKind } from '@kujiya/shared';
import { useMailPreferences, useUpdateMailPreference } from '../api/mailPreferences';
import { SettingToggle } from './SettingToggle';

const MAIL_LABELS: Record<OptionalMailKind, string> = {
  setOpening: 'A favourite or notify-me set opens',
  preorderArrived: 'A pre-order arrived',
  forfeitWarning: 'A prize must ship soon',
  parcelShipped: 'A parcel is on its way',
};

/** The e-mails a shopper may switch off; receipts, codes, bookings and trades are always sent. */
export function MailSettings({ username }: { username: string | null }) {
  const preferences = useMailPreferences(username);
  const update = useUpdateMailPreference(username);
  return (
    <section className="card settings-section" aria-labelledby="mail-settings-title">
      <h2 id="mail-settings-title">E-mails</h2>
      <p className="settings-section__status">
        Receipts, sign-in codes, bookings and completed trades are always e-mailed.
      </p>
      {preferences.isError && (
        <p className="settings-section__error" role="alert">
          {preferences.error.message}
        </p>
      )}
      {OPTIONAL_MAIL_KINDS.map((kind) => (
        <SettingToggle
          key={kind}
          label={MAIL_LABELS[kind]}
          checked={preferences.data?.preferences[kind] ?? false}
          disabled={!preferences.data || update.isPending}
          onChange={(on) => update.mutate({ kind, on })}
        />
      ))}
      {update.isError && (
        <p className="settings-section__error" role="alert">
          {update.error.message}
        </p>
      )}
    </section>
  );
}
