import { BlockList, isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';
import { DEVICE_ID_PATTERN, type SessionPlace } from '@kujiya/shared';
import { UNKNOWN_DEVICE } from './sessions.ts';

/**
 * What a sign-in says of its device (docs/rules/accounts.md, "Sessions and devices"): the device label
 * from the User-Agent, the class of the address (never a look-up, never stored), and the key that
 * recognises the device for the new-device mail.
 */
export interface SignInClient {
  userAgent?: string;
  ip: string;
  /** The web app's random device id header, when sent. */
  deviceId?: string;
}

/** Most characters of a device label: a made-up User-Agent cannot fill the page. */
const DEVICE_LABEL_MAX = 60;

/** "Chrome on Android", "Safari on iOS"; UNKNOWN_DEVICE without a User-Agent. */
export function deviceLabel(userAgent: string | undefined): string {
  if (!userAgent?.trim()) return UNKNOWN_DEVICE;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name?.trim() || 'Unknown browser';
  const os = parsed.os.name?.trim();
  return (os ? `${browser} on ${os}` : browser).slice(0, DEVICE_LABEL_MAX);
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
const privateNetworks = new BlockList();
for (const [net, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const)
  privateNetworks.addSubnet(net, prefix, 'ipv4');
privateNetworks.addSubnet('fc00::', 7, 'ipv6');
privateNetworks.addSubnet('fe80::', 10, 'ipv6');

/** The class of a client address: loopback, a private network, or the public IPv4 / IPv6 internet. */
export function placeOf(ip: string): SessionPlace {
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
  const address = ip.toLowerCase().startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (!family) return 'unknown';
  if (loopback.check(address, family)) return 'loopback';
  if (privateNetworks.check(address, family)) return 'private';
  return family;
}

/** The device's key: its device id when the request sent a well-formed one, else its device label. */
export function deviceKey(client: SignInClient, label: string): string {
  const id = client.deviceId?.trim();
  return id && DEVICE_ID_PATTERN.test(id) ? `id:${id}` : `ua:${label}`;
}
