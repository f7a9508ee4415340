/** Card number as typed: digits only, at most 19, in groups of four ("4242 4242 4242 4242"). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Expiry as typed: "MM / YY". A single first digit above 1 becomes "0d" (typing 4 means April);
 * deleting back over the separator removes it.
 */
export function formatExpiry(value: string, previous = ''): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  const deleting = value.length < previous.length;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** CVC as typed: 3 or 4 digits. */
export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}

/** Whether the three fields are complete enough to send (the gateway checks them for real). */
export function isCardComplete(card: { cardNumber: string; expiry: string; cvc: string }): boolean {
  const digits = card.cardNumber.replace(/\D/g, '');
  return digits.length >= 12 && /^\d{2} \/ \d{2}$/.test(card.expiry) && /^\d{3,4}$/.test(card.cvc);
}
