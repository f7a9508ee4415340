import type { RouteOptions } from 'fastify';

/**
 * A limit counted per client address (`request.ip`), as the route table shows it: the edge's tests
 * walk the table for these, so every per-address limit is checked against a spoofed or rotating
 * X-Forwarded-For (docs/rules/security.md, "Client addresses behind a proxy").
 */
export interface AddressLimit {
  /** The counter's name (routes sharing it share one budget). */
  name: string;
  max: number;
  windowMs: number;
}

const ADDRESS_LIMIT = Symbol('per-address limit');
type Marked = { [ADDRESS_LIMIT]?: AddressLimit };

/** Marks a hook as enforcing `limit` per client address; returns the hook. */
export function countsPerAddress<T extends object>(hook: T, limit: AddressLimit): T {
  (hook as Marked)[ADDRESS_LIMIT] = limit;
  return hook;
}

/** The per-address limits a route's preHandler hooks enforce. */
export function addressLimitsOf(route: RouteOptions): AddressLimit[] {
  const hooks = route.preHandler === undefined ? [] : [route.preHandler].flat();
  return hooks.flatMap((hook) => (hook as Marked)[ADDRESS_LIMIT] ?? []);
}
