import { passkeyOptionsSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/2fa/passkeys/options → WebAuthn creation options for the signed-in admin. */
export const getPasskeyRegistrationOptions = () =>
  api('/api/admin/2fa/passkeys/options', { method: 'POST', auth: 'admin', schema: passkeyOptionsSchema });
