import { and, asc, eq, gt } from 'drizzle-orm';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  twoFactorMessages,
  type PasskeyAuthenticationResponse,
  type PasskeyOptions,
  type PasskeyRegistrationResponse,
  type PasskeyView,
} from '@kujiya/shared';
import type { AppContext } from '../../core/context.ts';
import { MINUTE } from '../../core/clock.ts';
import { HttpError, badRequest } from '../../core/http-errors.ts';
import type { Executor } from '../../db/database.ts';
import { adminPasskeys, passkeyChallenges } from './tables.ts';

type PasskeyContext = Pick<AppContext, 'db' | 'clock' | 'config'>;
type PasskeyRow = typeof adminPasskeys.$inferSelect;

/** A challenge is good for five minutes, once. */
const CHALLENGE_TTL_MS = 5 * MINUTE;

/** The relying party is the shop's public address (PUBLIC_URL): its host name and origin. */
/** SimpleWebAuthn, loaded at the first passkey ceremony (a server process loads it before it listens, server.ts). */
export const loadWebAuthn = () => import('@simplewebauthn/server');
const webauthn = loadWebAuthn;

export function relyingParty(config: AppContext['config']) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'Kujiya Back Office' };
}

export const passkeyView = (row: PasskeyRow): PasskeyView => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function passkeysOf(exec: Executor, adminId: string): Promise<PasskeyRow[]> {
  return exec
    .select()
    .from(adminPasskeys)
    .where(eq(adminPasskeys.adminId, adminId))
    .orderBy(asc(adminPasskeys.createdAt));
}

async function keepChallenge(ctx: PasskeyContext, adminId: string, purpose: 'register' | 'login', challenge: string) {
  const expiresAt = new Date(ctx.clock.now().getTime() + CHALLENGE_TTL_MS);
  await ctx.db
    .insert(passkeyChallenges)
    .values({ adminId, purpose, challenge, expiresAt })
    .onConflictDoUpdate({
      target: [passkeyChallenges.adminId, passkeyChallenges.purpose],
      set: { challenge, expiresAt },
    });
}

/** Takes (deletes) the admin's live challenge of that purpose: each answers one verification. */
async function takeChallenge(exec: Executor, now: Date, adminId: string, purpose: 'register' | 'login') {
  const [row] = await exec
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.adminId, adminId),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return row?.challenge ?? null;
}

/** Options for `navigator.credentials.create`, excluding the admin's passkeys already registered. */
export async function registrationOptions(
  ctx: PasskeyContext,
  admin: { id: string; username: string },
): Promise<PasskeyOptions> {
  const { rpID, rpName } = relyingParty(ctx.config);
  const existing = await passkeysOf(ctx.db, admin.id);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: admin.username,
    userID: new TextEncoder().encode(admin.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await keepChallenge(ctx, admin.id, 'register', options.challenge);
  return options as unknown as PasskeyOptions;
}

/** Verifies the browser's answer against the kept challenge and stores the new passkey. */
export async function registerPasskey(
  ctx: PasskeyContext,
  exec: Executor,
  adminId: string,
  response: PasskeyRegistrationResponse,
  name: string,
): Promise<PasskeyRow> {
  const challenge = await takeChallenge(exec, ctx.clock.now(), adminId, 'register');
  if (!challenge) throw badRequest(twoFactorMessages.passkeyFailed);
  const { rpID, origin } = relyingParty(ctx.config);
  const { verifyRegistrationResponse } = await webauthn();
  const verified = await verifyRegistrationResponse({
    response: response as unknown as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw badRequest(twoFactorMessages.passkeyFailed);
  const { credential } = verified.registrationInfo;
  const [row] = await exec
    .insert(adminPasskeys)
    .values({
      adminId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw badRequest(twoFactorMessages.passkeyFailed);
  return row;
}

/** Options for `navigator.credentials.get` at login; a name without passkeys gets options nothing can answer. */
export async function loginOptions(ctx: PasskeyContext, adminId: string | null): Promise<PasskeyOptions> {
  const { rpID } = relyingParty(ctx.config);
  const keys = adminId ? await passkeysOf(ctx.db, adminId) : [];
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID,
    allowCredentials: keys.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userVerification: 'preferred',
  });
  if (adminId && keys.length > 0) await keepChallenge(ctx, adminId, 'login', options.challenge);
  return options as unknown as PasskeyOptions;
}

/** A passkey's answer at login: its challenge taken, its signature checked, its counter moved on. */
export async function takePasskeyLogin(
  ctx: PasskeyContext,
  adminId: string,
  response: PasskeyAuthenticationResponse,
): Promise<boolean> {
  const challenge = await takeChallenge(ctx.db, ctx.clock.now(), adminId, 'login');
  if (!challenge) return false;
  const [key] = await ctx.db
    .select()
    .from(adminPasskeys)
    .where(and(eq(adminPasskeys.adminId, adminId), eq(adminPasskeys.credentialId, response.id)));
  if (!key) return false;
  const { rpID, origin } = relyingParty(ctx.config);
  const { verifyAuthenticationResponse } = await webauthn();
  const verified = await verifyAuthenticationResponse({
    response: response as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: key.credentialId,
      publicKey: Buffer.from(key.publicKey, 'base64url'),
      counter: key.counter,
      transports: key.transports,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) return false;
  await ctx.db
    .update(adminPasskeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: ctx.clock.now() })
    .where(eq(adminPasskeys.id, key.id));
  return true;
}

export const passkeyRefused = () => new HttpError(401, twoFactorMessages.passkeyFailed);
