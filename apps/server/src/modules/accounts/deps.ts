import type { AuthResponse } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import type { MailService } from '../mail/service.ts';
import type { MediaService } from '../media/service.ts';
import { DEFAULT_PROFILE_PICTURE } from './default-picture.ts';
import type { UserRow } from './account-views.ts';

/** What the shopper use cases are built from. */
export interface AccountsDeps {
  ctx: AppContext;
  mail: MailService;
  media: MediaService;
}

/**
 * A signed session for the shopper: the token (its session row is opened by the token service) and what
 * the header shows. `tokenId` re-signs that existing session (a rename) instead of opening a new one.
 */
export async function sessionFor(
  ctx: AppContext,
  row: Pick<UserRow, 'id' | 'username' | 'profilePicture' | 'tokenVersion'>,
  tokenId?: string,
): Promise<AuthResponse & { tokenId: string }> {
  const signed = await ctx.tokens.sign(
    { id: row.id, username: row.username, role: 'user', tokenVersion: row.tokenVersion },
    tokenId ? { tokenId } : {},
  );
  return {
    token: signed.token,
    tokenId: signed.tokenId,
    user: { username: row.username, profilePicture: row.profilePicture ?? DEFAULT_PROFILE_PICTURE },
  };
}
