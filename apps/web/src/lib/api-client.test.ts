import { describe, expect, it } from 'vitest';
import { ApiError, serverMessageOf } from './api-client';

describe("the server's own failure text", () => {
  it("is the answer's message, else its error", () => {
    expect(serverMessageOf(new ApiError(400, 'This password reset link is invalid or has expired.', { message: 'This password reset link is invalid or has expired.' }))).toBe(
      'This password reset link is invalid or has expired.',
    );
    expect(serverMessageOf(new ApiError(400, 'Bad thing', { error: 'Bad thing' }))).toBe('Bad thing');
  });

  it('is absent for an answer without one (only a status text) and for non-API errors, so the fallback shows', () => {
    expect(serverMessageOf(new ApiError(502, 'Bad Gateway', {}))).toBeUndefined();
    expect(serverMessageOf(new ApiError(500, 'Internal Server Error', { message: '  ' }))).toBeUndefined();
    expect(serverMessageOf(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
