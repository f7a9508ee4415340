import { useMutation } from '@tanstack/react-query';
import { type VerifyCodeRequest, type VerifyCodeResponse, verifyCodeResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/verification/verify: for process forgetPassword the answer carries a `resetToken`. */
export function verifyCode(request: VerifyCodeRequest): Promise<VerifyCodeResponse> {
  return api('/api/verification/verify', {
    method: 'POST',
    body: request,
    auth: 'none',
    schema: verifyCodeResponseSchema,
  });
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
