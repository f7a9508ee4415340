import { useMutation } from '@tanstack/react-query';
import { type ApplyPromoCodeRequest, type ApplyPromoCodeResponse, applyPromoCodeResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/promocode/apply: bonus tokens for this payment (once per payment). */
export function applyPromoCode(request: ApplyPromoCodeRequest): Promise<ApplyPromoCodeResponse> {
  return api('/api/promocode/apply', {
    method: 'POST',
    idempotent: true,
    body: request,
    schema: applyPromoCodeResponseSchema,
  });
}

export function useApplyPromoCode() {
  return useMutation({ mutationFn: applyPromoCode });
}
