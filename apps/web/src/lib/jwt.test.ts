import { describe, expect, it } from 'vitest';
import { decodeTokenClaims, isTokenUsable, msUntilExpiry } from './jwt';

function tokenWith(claims: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

const now = Date.UTC(2026, 0, 1, 12, 0, 0);
const inOneHour = now / 1000 + 3600;

describe('bearer token checks on the client', () => {
  it('reads the claims of a JWT, including non-ASCII usernames', () => {
    expect(decodeTokenClaims(tokenWith({ username: 'ゆき', role: 'user', exp: inOneHour }))).toEqual({
      username: 'ゆき',
      role: 'user',
      exp: inOneHour,
    });
  });

  it('treats malformed text as no claims', () => {
    expect(decodeTokenClaims('not-a-token')).toBeNull();
    expect(decodeTokenClaims('a.%%%.c')).toBeNull();
    expect(decodeTokenClaims(null)).toBeNull();
  });

  it('accepts an unexpired token and refuses an expired one or one without exp', () => {
    expect(isTokenUsable(tokenWith({ exp: inOneHour }), now)).toBe(true);
    expect(isTokenUsable(tokenWith({ exp: now / 1000 - 1 }), now)).toBe(false);
    expect(isTokenUsable(tokenWith({ exp: now / 1000 }), now)).toBe(false);
    expect(isTokenUsable(tokenWith({ username: 'amy' }), now)).toBe(false);
    expect(isTokenUsable('garbage', now)).toBe(false);
  });

  it('checks the role when asked (a shopper token is no admin token)', () => {
    expect(isTokenUsable(tokenWith({ role: 'admin', exp: inOneHour }), now, 'admin')).toBe(true);
    expect(isTokenUsable(tokenWith({ role: 'user', exp: inOneHour }), now, 'admin')).toBe(false);
    expect(isTokenUsable(tokenWith({ exp: inOneHour }), now, 'admin')).toBe(false);
  });

  it('tells how long a token has left', () => {
    expect(msUntilExpiry(tokenWith({ exp: inOneHour }), now)).toBe(3_600_000);
    expect(msUntilExpiry(tokenWith({ exp: 1 }), now)).toBe(0);
  });
});
