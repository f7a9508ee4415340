import { z } from 'zod';
import { passkeyViewSchema, type PasskeyRegisterRequest } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

const passkeyAddedSchema = z.object({ passkey: passkeyViewSchema, recoveryCodes: z.array(z.string()).optional() });

/** POST /api/admin/2fa/passkeys `{response, name}` → the passkey (and recovery codes when it is the first factor). */
export const registerPasskey = (body: PasskeyRegisterRequest) =>
  api('/api/admin/2fa/passkeys', { method: 'POST', body, auth: 'admin', schema: passkeyAddedSchema });
