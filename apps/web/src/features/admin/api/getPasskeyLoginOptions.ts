import { passkeyOptionsSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/2fa/passkey/login-options `{username}` → the challenge a passkey login answers. */
export const getPasskeyLoginOptions = (username: string) =>
  api('/api/admin/2fa/passkey/login-options', {
    method: 'POST',
    body: { username },
    auth: 'none',
    schema: passkeyOptionsSchema,
  });
