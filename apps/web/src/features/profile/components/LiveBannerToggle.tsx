import { useId } from 'react';
import type { UserDetails } from '@kujiya/shared';
import { useUpdateProfile } from '../api/updateProfile';

/** Whether other shoppers' live purchase banner names this shopper or says "Someone"; saved at once. */
export function LiveBannerToggle({ details }: { details: UserDetails }) {
  const update = useUpdateProfile();
  const id = useId();
  // While the choice is saving, the switch already shows it (and goes back if the save fails).
  const checked = update.isPending ? Boolean(update.variables.fields.appearAsSomeone) : details.appearAsSomeone;
  return (
    <div className="profile-toggle">
      <div className="profile-toggle__text">
        <label htmlFor={id} className="profile-toggle__label">
          Appear as &quot;Someone&quot; in the live purchase banner
        </label>
        <p className="profile-toggle__hint" id={`${id}-hint`}>
          {checked ? 'Other shoppers see "Someone just bought ..." for your purchases.' : `Other shoppers see "${details.username} just bought ..." for your purchases.`}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="profile-toggle__switch"
        aria-describedby={`${id}-hint`}
        checked={checked}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ fields: { appearAsSomeone: event.target.checked } })}
      />
      {update.isError && (
        <p className="profile-toggle__error" role="alert">
          {update.error.message}
        </p>
      )}
    </div>
  );
}
