import { BlockList, isIP, isIPv4 } from 'node:net';

/**
 * Which peers are proxies whose `X-Forwarded-For` and `X-Request-Id` the shop believes
 * (TRUST_PROXY, docs/rules/security.md "Client addresses behind a proxy"): none (`false`), the
 * number of proxies in front (`1` = the right-most forwarded entry is the client), or the proxies'
 * own addresses and CIDRs. Fastify's `trustProxy` takes the same value; `true` (trust anything) is
 * never one of them.
 */
export type ProxyTrust = false | number | string[];

/** proxy-addr's named ranges (Fastify resolves them in `trustProxy`), accepted in the list too. */
const NAMED_RANGES: Record<string, Array<[string, number]>> = {
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  linklocal: [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  uniquelocal: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['fc00::', 7],
  ],
};

/** One list entry as [address, prefix], or undefined when it is neither an address, a CIDR nor a named range. */
function subnetsOf(entry: string): Array<[string, number]> | undefined {
  const named = NAMED_RANGES[entry.toLowerCase()];
  if (named) return named;
  const [address = '', prefixText, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return undefined;
  const maxPrefix = family === 4 ? 32 : 128;
  if (prefixText === undefined) return [[address, maxPrefix]];
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > maxPrefix) return undefined;
  return [[address, Number(prefixText)]];
}

/** The entry of a TRUST_PROXY list that is not an address, CIDR or named range, if any. */
export function invalidProxyEntry(entries: string[]): string | undefined {
  return entries.find((entry) => subnetsOf(entry) === undefined);
}

/** An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d. */
function unmapped(address: string): string {
  return address.toLowerCase().startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

/**
 * Whether the connection's peer is a trusted proxy, so the headers it sets may be believed. A hop
 * count says every peer is a proxy (the instance is reachable only through them); a list names them.
 */
export function peerIsTrustedProxy(trust: ProxyTrust): (peerAddress: string | undefined) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return () => trust > 0;
  const proxies = new BlockList();
  for (const [address, prefix] of trust.flatMap((entry) => subnetsOf(entry) ?? [])) {
    proxies.addSubnet(address, prefix, isIPv4(address) ? 'ipv4' : 'ipv6');
  }
  return (peerAddress) => {
    const address = unmapped(peerAddress ?? '');
    const family = isIP(address);
    return family !== 0 && proxies.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * Fastify's `trustProxy` for it: a hop count as proxy-addr's own function (hop 0 is the peer, so
 * with 1 the right-most forwarded entry is the client), a list as it is, never `true`.
 */
export function fastifyTrustProxy(trust: ProxyTrust): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
