import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { accountMessages } from '@kujiya/shared';
import { useSession } from '../../../lib/session';
import { LoginReminderDialog } from '../../../components/LoginReminderDialog';
import { needsLoginReminder } from '../../../components/login-reminder';
import { useUserDetails } from '../api/getUserDetails';
import { ProfileView } from './ProfileView';
import { ProfileEditForm } from './ProfileEditForm';
import { YourDataSection } from './YourDataSection';
import './profile.css';

const SUCCESS_BANNER_MS = 3000;

/** /user-profile (login required): view and edit the phone number, shipping address and picture. */
export function ProfilePage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { username, profilePicture } = useSession();
  const details = useUserDetails(username);
  const [editing, setEditing] = useState(() => Boolean((location.state as { editMode?: boolean } | null)?.editMode));
  const [savedBanner, setSavedBanner] = useState(false);
  const [reminderDismissed, setReminderDismissed] = useState(false);

  useEffect(() => {
    if (!savedBanner) return;
    const timer = setTimeout(() => setSavedBanner(false), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [savedBanner]);

  function leaveEditMode() {
    setEditing(false);
    // Opened through navigation state editMode: drop it, so a reload shows the saved profile.
    if ((location.state as { editMode?: boolean } | null)?.editMode) navigate('.', { replace: true, state: null });
  }

  const showReminder = needsLoginReminder(details.error) && !reminderDismissed;

  return (
    <main className="page profile-page">
      {savedBanner && (
        <p className="profile-banner" role="status">
          {accountMessages.profileUpdated}
        </p>
      )}
      {details.isPending && username && <div className="spinner" role="status" aria-label="Loading profile" />}
      {details.isError && !needsLoginReminder(details.error) && (
        <p className="error-text" role="alert">
          {details.error.message}
        </p>
      )}
      {details.data &&
        (editing ? (
          <ProfileEditForm
            details={details.data}
            onCancel={leaveEditMode}
            onSaved={() => {
              leaveEditMode();
              setSavedBanner(true);
            }}
          />
        ) : (
          <ProfileView details={details.data} profilePicture={profilePicture} onEdit={() => setEditing(true)} />
        ))}
      {details.data && !editing && <YourDataSection />}
      <LoginReminderDialog open={showReminder} onClose={() => setReminderDismissed(true)} />
    </main>
  );
}
