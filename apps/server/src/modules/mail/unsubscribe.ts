import crypto from 'node:crypto';
import { isOptionalMailKind, type OptionalMailKind } from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/http-errors.ts';
import { derivedSecret } from '../../core/secrets.ts';
import { OPTIONAL_MAIL_LABELS } from './templates/kinds.ts';
import { readPreferences, writePreferences } from './preferences.ts';

export const BAD_UNSUBSCRIBE_TOKEN =
  'This unsubscribe link is not valid. Open it again from the e-mail, or switch the e-mail off in your notification settings.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface UnsubscribeTarget {
  userId: string;
  kind: OptionalMailKind;
}

/**
 * One-click unsubscribe tokens (docs/rules/notifications.md): `{userId}.{kind}.{mac}`, the MAC an
 * HMAC-SHA256 of user and kind under a server key. They never expire (a mail kept for a year still
 * unsubscribes) and carry nothing secret; a forged or altered token fails the MAC.
 */
export function createUnsubscribeTokens(ctx: AppContext) {
  const getKey = derivedSecret(ctx, 'mail-unsubscribe', 'mail_unsubscribe_key');
  const mac = async (userId: string, kind: string) =>
    crypto
      .createHmac('sha256', await getKey())
      .update(`${userId}:${kind}`)
      .digest('base64url');

  return {
    async sign({ userId, kind }: UnsubscribeTarget): Promise<string> {
      return `${userId}.${kind}.${await mac(userId, kind)}`;
    },

    /** The user and kind a token names; 400 for anything not signed by this shop. */
    async verify(token: string): Promise<UnsubscribeTarget> {
      const [userId = '', kind = '', given = '', ...rest] = token.split('.');
      if (rest.length > 0 || !UUID.test(userId) || !isOptionalMailKind(kind)) throw badRequest(BAD_UNSUBSCRIBE_TOKEN);
      const expected = Buffer.from(await mac(userId, kind));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !crypto.timingSafeEqual(actual, expected))
        throw badRequest(BAD_UNSUBSCRIBE_TOKEN);
      return { userId: userId.toLowerCase(), kind };
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;

/** The unsubscribe link's two calls: what a token switches off, and switching it off (400 if forged). */
export function unsubscribeCalls(ctx: AppContext, tokens: ReturnType<typeof createUnsubscribeTokens>) {
  return {
    /** What an unsubscribe token switches off, without changing anything (the page's first look). */
    async unsubscribeTarget(token: string) {
      const target = await tokens.verify(token);
      const { preferences } = await readPreferences(ctx.db, target.userId);
      return { kind: target.kind, label: OPTIONAL_MAIL_LABELS[target.kind], subscribed: preferences[target.kind] };
    },

    /** One-click unsubscribe (RFC 8058 POST, or the web page): switches the token's kind off. */
    async unsubscribe(token: string) {
      const target = await tokens.verify(token);
      await writePreferences(ctx.db, target.userId, { [target.kind]: false }, ctx.clock.now());
      return { kind: target.kind, label: OPTIONAL_MAIL_LABELS[target.kind], subscribed: false };
    },
  };
}
