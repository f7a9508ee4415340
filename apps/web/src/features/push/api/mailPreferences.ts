import { mailPreferencesSchema } from '@kujiya/shared';
import { preferenceToggles } from '../preference-toggles';

const mailPreferences = preferenceToggles('/api/mail/preferences', 'mail-preferences', mailPreferencesSchema);

/** GET /api/mail/preferences: which optional mails the shopper gets. */
export const useMailPreferences = mailPreferences.useToggles;

/** PUT /api/mail/preferences: one optional mail on or off. */
export const useUpdateMailPreference = mailPreferences.useUpdateToggle;
