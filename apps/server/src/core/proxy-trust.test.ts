import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { fastifyTrustProxy, peerIsTrustedProxy } from './proxy-trust.ts';
import { requestIdGenerator } from './request-id.ts';

/** A raw request as Fastify's genReqId sees it: a socket peer and headers. */
const rawRequest = (remoteAddress: string, headers: Record<string, string>) =>
  ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe('proxy trust (TRUST_PROXY)', () => {
  it('trusts no peer when off, every peer with a hop count, and only the listed ones with a list', () => {
    expect(peerIsTrustedProxy(false)('127.0.0.1')).toBe(false);
    expect(peerIsTrustedProxy(1)('203.0.113.5')).toBe(true);
    const listed = peerIsTrustedProxy(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::1, loopback' }).trustProxy);
    expect(listed('10.1.2.3')).toBe(true);
    expect(listed('::ffff:10.1.2.3')).toBe(true);
    expect(listed('2001:db8::1')).toBe(true);
    expect(listed('::1')).toBe(true);
    expect(listed('11.0.0.1')).toBe(false);
    expect(listed('2001:db8::2')).toBe(false);
    expect(listed(undefined)).toBe(false);
  });

  it('gives Fastify a hop count as a function of the hop, never true', () => {
    const oneHop = fastifyTrustProxy(1);
    expect(typeof oneHop).toBe('function');
    // Hop 0 is the socket's peer (the proxy); hop 1 is the entry it appended: the client, not trusted.
    expect((oneHop as (a: string, hop: number) => boolean)('10.0.0.1', 0)).toBe(true);
    expect((oneHop as (a: string, hop: number) => boolean)('1.2.3.4', 1)).toBe(false);
    expect(fastifyTrustProxy(false)).toBe(false);
  });

  it('keeps an incoming X-Request-Id only from a trusted proxy', () => {
    const generate = requestIdGenerator(['10.0.0.0/8']);
    expect(generate(rawRequest('10.0.0.7', { 'x-request-id': 'lb-7' }))).toBe('lb-7');
    expect(generate(rawRequest('203.0.113.5', { 'x-request-id': 'lb-7' }))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdGenerator(false)(rawRequest('10.0.0.7', { 'x-request-id': 'lb-7' }))).toMatch(/^[0-9a-f-]{36}$/);
  });
});
