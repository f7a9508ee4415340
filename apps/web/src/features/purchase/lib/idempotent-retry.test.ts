// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { ErrorCode, IDEMPOTENCY_KEY_HEADER, tokenUseResponseSchema } from '@kujiya/shared';
import { server } from '../../../test/server';
import { buyWithTokens } from '../api/buyWithTokens';
import { ApiError } from '../../../lib/api-client';

/**
 * The money calls' Idempotency-Key (docs/operations.md, "Idempotent money calls"): a fresh key per
 * user action, and one retry with the same key when the answer was lost.
 */
const order = tokenUseResponseSchema.parse({ orderId: '0b9c7f1e-1111-4222-8333-444455556666', totalTicketsBought: 2 });
const purchase = { username: 'alice', setId: '0b9c7f1e-1111-4222-8333-444455556667', ticketsBought: 2 };

/** Answers /api/token/use with `answers` in turn (a function answers by throwing or returning), recording each key. */
function tokenUseAnswers(...answers: Array<() => Response>) {
  const keys: Array<string | null> = [];
  server.use(
    http.post('/api/token/use', ({ request }) => {
      keys.push(request.headers.get(IDEMPOTENCY_KEY_HEADER));
      return answers[Math.min(keys.length, answers.length) - 1]!();
    }),
  );
  return keys;
}

describe('an idempotent money call', () => {
  it('retries once with the same key after a network failure', async () => {
    const keys = tokenUseAnswers(
      () => HttpResponse.error(),
      () => HttpResponse.json(order),
    );
    expect(await buyWithTokens(purchase)).toEqual(order);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("retries once after a proxy's 502/503/504, never after the shop's own answer", async () => {
    const keys = tokenUseAnswers(
      () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 }),
      () => HttpResponse.json(order),
    );
    expect(await buyWithTokens(purchase)).toEqual(order);
    expect(keys).toEqual([keys[0], keys[0]]);

    const refused = tokenUseAnswers(() =>
      HttpResponse.json({ message: 'Service Unavailable', code: ErrorCode.SERVICE_UNAVAILABLE }, { status: 503 }),
    );
    await expect(buyWithTokens(purchase)).rejects.toBeInstanceOf(ApiError);
    expect(refused).toHaveLength(1);
  });

  it('retries only once, and each user action sends a fresh key', async () => {
    const keys = tokenUseAnswers(() => HttpResponse.error());
    await expect(buyWithTokens(purchase)).rejects.toThrow();
    expect(keys).toHaveLength(2);
    server.resetHandlers();
    const next = tokenUseAnswers(() => HttpResponse.json(order));
    await buyWithTokens(purchase);
    await buyWithTokens(purchase);
    expect(next).toHaveLength(2);
    expect(new Set([...next, keys[0]]).size).toBe(3);
  });
});
