import { passkeyAddedResponseSchema, type PasskeyRegisterRequest } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/2fa/passkeys `{response, name}` → the passkey (and recovery codes when it is the first factor). */
export const registerPasskey = (body: PasskeyRegisterRequest) =>
  api('/api/admin/2fa/passkeys', { method: 'POST', body, auth: 'admin', schema: passkeyAddedResponseSchema });
