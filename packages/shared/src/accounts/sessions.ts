import { z } from 'zod';
import { idSchema } from '../common/ids.ts';

/**
 * A shopper's signed-in sessions and devices (docs/rules/accounts.md, "Sessions and devices"): the
 * payloads of `GET/DELETE /api/users/sessions[/{id}]` and the device id header the web app sends.
 */

/**
 * The request header carrying the web app's random device id (kept in localStorage). A login from an
 * id the account has never used is a new device; without the header the User-Agent's device label is.
 */
export const DEVICE_ID_HEADER = 'x-device-id';
/** What a device id may be: a UUID or any 16-64 letters, digits and dashes. Anything else is ignored. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9-]{16,64}$/;

/** The approximate place of a session: the class of its address only, never a look-up. */
export const SESSION_PLACES = ['loopback', 'private', 'ipv4', 'ipv6', 'unknown'] as const;
export type SessionPlace = (typeof SESSION_PLACES)[number];
export const sessionPlaceLabels: Record<SessionPlace, string> = {
  loopback: 'This computer',
  private: 'Private network',
  ipv4: 'Internet (IPv4)',
  ipv6: 'Internet (IPv6)',
  unknown: 'Unknown',
};

export const sessionViewSchema = z.object({
  /** The session's id (its token's id). */
  id: z.uuid(),
  /** "Chrome on Android". */
  device: z.string(),
  place: z.enum(SESSION_PLACES),
  /** The session of the token that asked. */
  current: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

export const sessionsResponseSchema = z.object({ sessions: z.array(sessionViewSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

/** `/users/sessions/:id` */
export const sessionIdParamsSchema = z.object({ id: idSchema('session id') });

/** The answer of ending one session (`current`: it was the caller's own, which is now signed out). */
export const endSessionResponseSchema = z.object({ message: z.string(), current: z.boolean() });
export type EndSessionResponse = z.infer<typeof endSessionResponseSchema>;

/** The answer of "Log out everywhere else": how many sessions ended. */
export const endOtherSessionsResponseSchema = z.object({ message: z.string(), ended: z.number().int().min(0) });
export type EndOtherSessionsResponse = z.infer<typeof endOtherSessionsResponseSchema>;

export const sessionMessages = {
  notFound: 'Session not found',
  ended: 'Session ended.',
  othersEnded: 'Signed out everywhere else.',
} as const;

/** The new-device mail's subject. */
export const NEW_SIGN_IN_MAIL_SUBJECT = 'New sign-in to your Kujiya account';
/** The devices page (the new-device mail links to it). */
export const DEVICES_PATH = '/profile/devices';
