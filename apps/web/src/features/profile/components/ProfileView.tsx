import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { accountMessages, countryName, type UserDetails } from '@kujiya/shared';
import { signOut } from '../../../lib/api/logout';
import { isProfileIncomplete, profileFormOf } from '../profile-form';
import { ProfileAvatar } from './ProfileAvatar';
import { LiveBannerToggle } from './LiveBannerToggle';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="profile-detail">
      <dt>{label}</dt>
      <dd>{value || <span className="profile-detail__empty">Not set</span>}</dd>
    </div>
  );
}

/** View mode: welcome, phone and address, the missing-address prompt, Edit Profile and Logout. */
export function ProfileView({
  details,
  profilePicture,
  onEdit,
}: {
  details: UserDetails;
  profilePicture: string | null;
  onEdit: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [loggingOut, setLoggingOut] = useState(false);

  async function onLogout() {
    setLoggingOut(true);
    // Leave the guarded page first, so the guard does not send the user to /login.
    await navigate('/', { replace: true });
    await signOut(queryClient);
  }
  const form = profileFormOf(details);

  return (
    <section className="card profile-card" aria-labelledby="profile-title">
      <div className="profile-head">
        <ProfileAvatar picture={details.profilePicture || profilePicture} />
        <div>
          <h1 id="profile-title" className="profile-title">
            Welcome, {details.username}!
          </h1>
          <p className="profile-email">{details.email}</p>
        </div>
      </div>
      {isProfileIncomplete(form) && (
        <p className="profile-prompt" role="note">
          {accountMessages.addressMissing}
        </p>
      )}
      <dl className="profile-details">
        <Detail label="Phone Number" value={form.phoneNumber} />
        <Detail label="Full Name" value={form.fullName} />
        <Detail label="Full Address" value={form.fullAddress} />
        <Detail label="Unit Number" value={form.unitNumber} />
        <Detail label="Postal Code" value={form.postalCode} />
        <Detail label="Country" value={countryName(form.country) ?? form.country} />
      </dl>
      <LiveBannerToggle details={details} />
      <Link className="profile-link-row" to="/profile/notifications">
        <span>Notifications</span>
        <span className="profile-link-row__hint">Push and e-mail settings ›</span>
      </Link>
      <div className="profile-actions">
        <button type="button" className="btn btn--primary btn--block" onClick={onEdit}>
          Edit Profile
        </button>
        <Link to="/profile/devices" className="btn btn--ghost btn--block">
          Devices
        </Link>
        <button
          type="button"
          className="btn btn--ghost btn--block"
          disabled={loggingOut}
          onClick={() => void onLogout()}
        >
          Logout
        </button>
      </div>
    </section>
  );
}
