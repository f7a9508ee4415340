import { PUSH_KINDS, type PushKind } from '@kujiya/shared';
import { usePushPreferences, useUpdatePushPreference } from '../api/pushPreferences';
import { usePushDevice, type PushDeviceState } from '../use-push-device';
import { SettingToggle } from './SettingToggle';

const PUSH_LABELS: Record<PushKind, string> = {
  setOpening: 'A favourite or notify-me set opens',
  preorderArrived: 'A pre-order arrived',
  tradeOffer: 'Trade offers: received, accepted or rejected',
  forfeitWarning: 'A prize must ship within 2 days',
  shipmentBooked: 'A shipment is booked (with tracking)',
  collectionTomorrow: 'A self-collection is tomorrow',
  parcelShipped: 'A parcel is on its way (with tracking)',
};

/** Why the toggles cannot be used yet, by device state; none once this device is subscribed. */
const DISABLED_REASON: Record<Exclude<PushDeviceState, 'on'>, string> = {
  checking: 'Checking this device…',
  unsupported: 'This browser cannot receive push notifications. On an iPhone, add Kujiya to your home screen first.',
  denied: 'Notifications are blocked for Kujiya in this browser. Allow them in the browser settings, then come back.',
  off: 'Turn on notifications on this device to choose what it tells you.',
};

/** Push on this device: the opt-in (permission asked on the tap only), then one toggle per kind. */
export function PushSettings({ username }: { username: string | null }) {
  const device = usePushDevice();
  const preferences = usePushPreferences(username);
  const update = useUpdatePushPreference(username);
  const subscribed = device.state === 'on';
  const reason = device.state === 'on' ? undefined : DISABLED_REASON[device.state];
  return (
    <section className="card settings-section" aria-labelledby="push-settings-title">
      <h2 id="push-settings-title">Push notifications</h2>
      <p className="settings-section__status" role="status">
        {subscribed ? 'On for this device.' : reason}
      </p>
      {(device.state === 'off' || subscribed) && (
        <button
          type="button"
          className={`btn btn--block ${subscribed ? 'btn--ghost' : 'btn--primary'}`}
          disabled={device.busy}
          onClick={() => void (subscribed ? device.turnOff() : device.turnOn())}
        >
          {subscribed ? 'Turn off on this device' : 'Turn on notifications'}
        </button>
      )}
      {device.error && (
        <p className="settings-section__error" role="alert">
          {device.error}
        </p>
      )}
      {PUSH_KINDS.map((kind) => (
        <SettingToggle
          key={kind}
          label={PUSH_LABELS[kind]}
          checked={subscribed && (preferences.data?.preferences[kind] ?? true)}
          disabled={!subscribed || !preferences.data || update.isPending}
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
