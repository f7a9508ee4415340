import { useId, useState } from 'react';
import type { UserDetails } from '@kujiya/shared';
import { Switch } from '../../../components/ui/Switch';
import { useUpdateProfile } from '../api/updateProfile';

/** Whether other shoppers' live purchase banner names this shopper or says "Someone"; saved at once. */
export function LiveBannerToggle({ details }: { details: UserDetails }) {
  const update = useUpdateProfile();
  const id = useId();
  // The choice shows at once, while it saves (and goes back if the save fails).
  const [choosing, setChoosing] = useState<boolean | null>(null);
  const checked = choosing ?? details.appearAsSomeone;
  return (
    <div className="profile-toggle">
      <div className="profile-toggle__text">
        <label htmlFor={id} className="profile-toggle__label">
          Appear as &quot;Someone&quot; in the live purchase banner
        </label>
        <p className="profile-toggle__hint" id={`${id}-hint`}>
          {checked
            ? 'Other shoppers see "Someone just bought ..." for your purchases.'
            : `Other shoppers see "${details.username} just bought ..." for your purchases.`}
        </p>
      </div>
      <Switch
        id={id}
        describedBy={`${id}-hint`}
        checked={checked}
        disabled={update.isPending}
        onChange={(choice) => {
          setChoosing(choice);
          update.mutate({ fields: { appearAsSomeone: choice } }, { onSettled: () => setChoosing(null) });
        }}
      />
      {update.isError && (
        <p className="profile-toggle__error" role="alert">
          {update.error.message}
        </p>
      )}
    </div>
  );
}
