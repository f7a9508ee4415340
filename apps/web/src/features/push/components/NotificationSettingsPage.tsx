import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { MailSettings } from './MailSettings';
import { PushSettings } from './PushSettings';
import './push.css';

/** /profile/notifications: push per kind on this device, and the optional e-mails. */
export function NotificationSettingsPage() {
  const { isLoggedIn, username } = useSession();
  const user = isLoggedIn ? username : null;
  return (
    <main className="page settings-page">
      <Link className="settings-page__back" to="/user-profile">
        ← Profile
      </Link>
      <h1>Notifications</h1>
      <PushSettings username={user} />
      <MailSettings username={user} />
    </main>
  );
}
