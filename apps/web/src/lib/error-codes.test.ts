import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ErrorCode } from '@kujiya/shared';
import { api, ApiError } from './api-client';
import { onShopperTokenRefused } from './token-refusals';
import { storageKeys } from './storage';

// The web decides on an error's code, never its text (docs/rules/errors.md).
describe('ApiError.code', () => {
  it("is the answer's code when it is one of the API's codes", () => {
    expect(new ApiError(409, 'Username already exists', { code: 'USERNAME_TAKEN' }).code).toBe(
      ErrorCode.USERNAME_TAKEN,
    );
    expect(new ApiError(402, 'Your card was declined.', { code: 'card_declined' }).code).toBe(ErrorCode.CARD_DECLINED);
  });

  it('is undefined for an answer without a known code (a proxy page, an unknown value)', () => {
    expect(new ApiError(502, 'Bad Gateway').code).toBeUndefined();
    expect(new ApiError(400, 'Odd', { code: 'SOMETHING_ELSE' }).code).toBeUndefined();
  });
});

describe('the ended shopper session', () => {
  const values = new Map<string, string>();
  const answer = (status: number, body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status })),
    );
  beforeEach(() => {
    values.clear();
    values.set(storageKeys.token, 'shopper-token');
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (k: string, v: string) => values.set(k, v),
    });
  });
  afterEach(() => vi.unstubAllGlobals());
  const schema = z.object({});

  it('ends on a 403 LOGIN_REQUIRED, whatever the text says', async () => {
    const refused = vi.fn();
    const stop = onShopperTokenRefused(refused);
    answer(403, { message: 'Your session has ended.', code: ErrorCode.LOGIN_REQUIRED });
    await expect(api('/api/token/balance', { schema })).rejects.toMatchObject({
      status: 403,
      code: ErrorCode.LOGIN_REQUIRED,
    });
    stop();
    expect(refused).toHaveBeenCalledWith('shopper-token');
  });

  it('does not end on another 403, even one with the login text', async () => {
    const refused = vi.fn();
    const stop = onShopperTokenRefused(refused);
    answer(403, { message: 'Please login first.', code: ErrorCode.FORBIDDEN });
    await expect(api('/api/token/balance', { schema })).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(refused).not.toHaveBeenCalled();
  });
});
