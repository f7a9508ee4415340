import { pushPreferencesSchema } from '@kujiya/shared';
import { preferenceToggles } from '../preference-toggles';

const pushPreferences = preferenceToggles('/api/push/preferences', 'push-preferences', pushPreferencesSchema);

/** GET /api/push/preferences: the shopper's push toggles (every kind on until switched off). */
export const usePushPreferences = pushPreferences.useToggles;

/** PUT /api/push/preferences: one kind on or off; the answer is the whole set. */
export const useUpdatePushPreference = pushPreferences.useUpdateToggle;
