import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError, ApiShapeError, serverMessageOf } from './api-client';

describe("the server's own failure text", () => {
  it("is the answer's message, else its error", () => {
    expect(
      serverMessageOf(
        new ApiError(400, 'This password reset link is invalid or has expired.', {
          message: 'This password reset link is invalid or has expired.',
        }),
      ),
    ).toBe('This password reset link is invalid or has expired.');
    expect(serverMessageOf(new ApiError(400, 'Bad thing', { error: 'Bad thing' }))).toBe('Bad thing');
  });

  it('is absent for an answer without one (only a status text) and for non-API errors, so the fallback shows', () => {
    expect(serverMessageOf(new ApiError(502, 'Bad Gateway', {}))).toBeUndefined();
    expect(serverMessageOf(new ApiError(500, 'Internal Server Error', { message: '  ' }))).toBeUndefined();
    expect(serverMessageOf(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});

describe('api() and the contract', () => {
  const schema = z.object({ balance: z.number() });
  const answer = (body: unknown, status = 200) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status })),
    );
  const storage = () => {
    const values = new Map<string, string>();
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => values.set(key, value),
    };
  };

  beforeEach(() => vi.stubGlobal('localStorage', storage()));
  afterEach(() => vi.unstubAllGlobals());

  it('returns the parsed answer when it matches the schema', async () => {
    answer({ balance: 3, extra: 'dropped' });
    await expect(api('/api/token/balance', { schema })).resolves.toEqual({ balance: 3 });
  });

  it('throws a logged ApiShapeError naming the path and the mismatch when it does not', async () => {
    answer({ balance: 'three' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = await api('/api/token/balance', { schema }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiShapeError);
    expect((failure as ApiShapeError).message).toContain('/api/token/balance');
    expect((failure as ApiShapeError).message).toContain('→ at balance');
    expect(logged).toHaveBeenCalled();
  });

  it('has a friendly message outside development', () => {
    const mismatch = schema.safeParse({}).error!;
    expect(new ApiShapeError('/api/token/balance', mismatch.issues, false).message).toBe(
      'Something went wrong. Please try again in a moment.',
    );
  });

  it('keeps a failed answer an ApiError with the server message, without parsing it', async () => {
    answer({ message: 'Not enough tokens' }, 400);
    await expect(api('/api/token/use', { schema })).rejects.toMatchObject({
      status: 400,
      message: 'Not enough tokens',
    });
  });
});
