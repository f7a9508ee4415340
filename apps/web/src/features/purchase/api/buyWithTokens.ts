import { useMutation } from '@tanstack/react-query';
import { tokenUseResponseSchema, type TokenUseRequest, type TokenUseResponse } from '@kujiya/shared';
import { api } from '../../../lib/api-client';


/** POST /api/token/use: pays for tickets with tokens; the prizes are decided on the server. */
/** `buyOut: true` buys every ticket left. */
export async function buyWithTokens(request: TokenUseRequest): Promise<TokenUseResponse> {
  return tokenUseResponseSchema.parse(await api<unknown>('/api/token/use', { method: 'POST', body: request }));
}

export function useBuyWithTokens() {
  return useMutation({ mutationFn: buyWithTokens });
}
