import { type TokenUseRequest, type TokenUseResponse, tokenUseResponseSchema } from '@kujiya/shared';
import { api } from '../../../lib/api-client';

/** POST /api/token/use: pays for tickets with tokens; the prizes are decided on the server. */
/** `buyOut: true` buys every ticket left. */
export async function buyWithTokens(request: TokenUseRequest): Promise<TokenUseResponse> {
  return api('/api/token/use', { method: 'POST', idempotent: true, body: request, schema: tokenUseResponseSchema });
}
