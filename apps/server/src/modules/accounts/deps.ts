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

/** A signed session for the shopper: the token and what the header shows. */
export async function sessionFor(
  ctx: AppContext,
  row: Pick<UserRow, 'id' | 'username' | 'profilePicture' | 'tokenVersion'>,
): Promise<AuthResponse> {
  const { token } = await ctx.tokens.sign({
    id: row.id,
    username: row.username,
    role: 'user',
    tokenVersion: row.tokenVersion,
  });
  return { token, user: { username: row.username, profilePicture: row.profilePicture ?? DEFAULT_PROFILE_PICTURE } };
}
