import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@kujiya/shared';
import { ApiError } from '../../../lib/api-client';
import {
  PURCHASE_ERROR_MESSAGE,
  TICKETS_CHANGED_MESSAGE,
  TRY_AGAIN_MESSAGE,
  holdMessage,
  purchaseFailure,
} from './purchase-errors';

describe('purchaseFailure', () => {
  it('a 400 NOT_ENOUGH_TICKETS says the tickets changed, on both paths', () => {
    const error = new ApiError(400, 'Not enough tickets left', { code: ErrorCode.NOT_ENOUGH_TICKETS, ticketsLeft: 2 });
    expect(purchaseFailure(error, 'token')).toEqual({ kind: 'message', text: TICKETS_CHANGED_MESSAGE });
    expect(purchaseFailure(error, 'card')).toEqual({ kind: 'message', text: TICKETS_CHANGED_MESSAGE });
    expect(TICKETS_CHANGED_MESSAGE).toBe('The number of tickets available has changed. Please refresh the page.');
  });

  it('decides on the code, not the text: a reworded message still counts, the text alone does not', () => {
    const reworded = new ApiError(400, 'Fewer tickets remain than you asked for', {
      code: ErrorCode.NOT_ENOUGH_TICKETS,
    });
    expect(purchaseFailure(reworded, 'card')).toEqual({ kind: 'message', text: TICKETS_CHANGED_MESSAGE });
    const textOnly = new ApiError(400, 'Not enough tickets left', { code: ErrorCode.VALIDATION_FAILED });
    expect(purchaseFailure(textOnly, 'card')).toEqual({ kind: 'message', text: PURCHASE_ERROR_MESSAGE });
  });

  it('403, and 404 USER_NOT_FOUND, show the login reminder; another 404 does not', () => {
    expect(
      purchaseFailure(new ApiError(403, 'Please login first.', { code: ErrorCode.LOGIN_REQUIRED }), 'token'),
    ).toEqual({ kind: 'login' });
    expect(purchaseFailure(new ApiError(404, 'User not found', { code: ErrorCode.USER_NOT_FOUND }), 'card')).toEqual({
      kind: 'login',
    });
    expect(purchaseFailure(new ApiError(404, 'Set not found', { code: ErrorCode.PRODUCT_NOT_FOUND }), 'token')).toEqual(
      { kind: 'message', text: 'Purchase failed: Set not found' },
    );
  });

  it('a 423 with holdTimeLeft is the buy-out hold, rounded up to whole seconds', () => {
    expect(purchaseFailure(new ApiError(423, 'Locked', { holdTimeLeft: 27 }), 'token')).toEqual({
      kind: 'hold',
      seconds: 27,
    });
    expect(purchaseFailure(new ApiError(423, 'Locked', { holdTimeLeft: 4.2 }), 'card')).toEqual({
      kind: 'hold',
      seconds: 5,
    });
    expect(holdMessage(27)).toBe(
      'Buying out in progress. Please wait 27 seconds and refresh your page to purchase with the updated odds.',
    );
  });

  it('a 423 without a hold time falls through to the path rule', () => {
    expect(purchaseFailure(new ApiError(423, 'Locked'), 'card')).toEqual({
      kind: 'message',
      text: PURCHASE_ERROR_MESSAGE,
    });
  });

  it('a cool-down (429) or the unpaid-ticket cap (409) shows the server text on the card path too', () => {
    const cooled =
      'You let 2 checkouts of this set lapse unpaid, so you can reserve its tickets again at 9:15 pm (Singapore time), in 30 minutes. Buying with tokens is not affected.';
    expect(purchaseFailure(new ApiError(429, cooled, { retryAt: '2026-06-01T13:15:00.000Z' }), 'card')).toEqual({
      kind: 'message',
      text: cooled,
    });
    const capped =
      'You already hold 45 unpaid tickets in other checkouts. Please pay for them or let them expire first: at most 40 unpaid tickets at once.';
    expect(purchaseFailure(new ApiError(409, capped), 'card')).toEqual({ kind: 'message', text: capped });
  });

  it('a drop rule (opening, limits, cooldown) shows the server text on both paths', () => {
    const limit = new ApiError(400, 'This set allows at most 3 tickets per order.', {
      code: ErrorCode.ORDER_LIMIT_EXCEEDED,
    });
    expect(purchaseFailure(limit, 'card')).toEqual({ kind: 'message', text: limit.message });
    const early = new ApiError(409, 'This set opens on Mon, 7 Dec 2026, 8:00 pm (Singapore time).', {
      code: ErrorCode.SALES_NOT_OPEN,
    });
    expect(purchaseFailure(early, 'token')).toEqual({ kind: 'message', text: early.message });
  });

  it('500 and a network failure say Please Try Again.', () => {
    expect(purchaseFailure(new ApiError(500, 'Internal Server Error'), 'token')).toEqual({
      kind: 'message',
      text: TRY_AGAIN_MESSAGE,
    });
    expect(purchaseFailure(new ApiError(503, 'Service Unavailable'), 'card')).toEqual({
      kind: 'message',
      text: TRY_AGAIN_MESSAGE,
    });
    expect(purchaseFailure(new TypeError('Failed to fetch'), 'card')).toEqual({
      kind: 'message',
      text: 'Please Try Again.',
    });
  });

  it('any other token purchase failure shows Purchase failed with the server message', () => {
    const error = new ApiError(400, 'Insufficient tokens');
    expect(purchaseFailure(error, 'token')).toEqual({ kind: 'message', text: 'Purchase failed: Insufficient tokens' });
  });

  it('any other card failure, or an unexpected error, shows the generic purchase text', () => {
    expect(purchaseFailure(new ApiError(400, 'ticketsBought must be positive'), 'card')).toEqual({
      kind: 'message',
      text: 'An error occurred during the purchase process.',
    });
    expect(purchaseFailure(new Error('boom'), 'token')).toEqual({ kind: 'message', text: PURCHASE_ERROR_MESSAGE });
  });
});
