import type { TestGatewayConfirmRequest } from '@kujiya/shared';
import { badRequest } from '../../core/http-errors.ts';

/** How the test gateway answers a card, after Stripe's test cards. */
export type CardOutcome = { ok: true } | { ok: false; message: string; declineCode: string };

const CARD_OUTCOMES: Record<string, CardOutcome> = {
  '4242424242424242': { ok: true },
  '5555555555554444': { ok: true },
  '4000000000000002': { ok: false, message: 'Your card was declined.', declineCode: 'generic_decline' },
  '4000000000009995': { ok: false, message: 'Your card has insufficient funds.', declineCode: 'insufficient_funds' },
};

function luhnValid(digits: string): boolean {
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
  }
  return total % 10 === 0;
}

/** Checks the card fields as Stripe's card form would; a bad field is a 400 with Stripe's wording. */
export function checkCard(
  input: Pick<TestGatewayConfirmRequest, 'cardNumber' | 'expiry' | 'cvc'>,
  now: Date,
): CardOutcome {
  const digits = input.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) throw badRequest('Your card number is invalid.');
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(input.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) throw badRequest("Your card's expiration date is invalid.");
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  // A card is valid through the last day of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) throw badRequest("Your card's expiration year is in the past.");
  if (!/^\d{3,4}$/.test(input.cvc.trim())) throw badRequest("Your card's security code is invalid.");
  return (
    CARD_OUTCOMES[digits] ?? {
      ok: false,
      message: 'Your card was declined. Your request was in test mode, but used a non test card.',
      declineCode: 'test_mode_live_card',
    }
  );
}
