import { useMutation } from '@tanstack/react-query';
import { twoFactorSetupResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/2fa/setup → a new secret (text, otpauth URL, QR code); on only once confirmed. */
export const startTwoFactorSetup = () =>
  api('/api/admin/2fa/setup', { method: 'POST', auth: 'admin', schema: twoFactorSetupResponseSchema });
export const useStartTwoFactorSetup = () => useMutation({ mutationFn: startTwoFactorSetup });
