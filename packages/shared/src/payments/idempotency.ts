/**
 * Idempotent money calls (docs/operations.md, "Idempotent money calls"; docs/rules/api.md): the
 * client names one user action with a key; the same key from the same shopper within 24 hours gets
 * the first answer again instead of a second purchase.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** On an answer given again from the stored first one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/**
 * Printable ASCII, the space included (a UUID fits; so does any client's own scheme). HTTP drops a
 * header value's leading and trailing spaces before the server sees it, so those never count.
 */
const KEY_PATTERN = /^[\x20-\x7e]+$/;

/** Whether a header value may name an action: 1..255 printable ASCII characters (docs/operations.md). */
export const isIdempotencyKey = (value: string): boolean =>
  value.length > 0 && value.length <= IDEMPOTENCY_KEY_MAX_LENGTH && KEY_PATTERN.test(value);

export const idempotencyMessages = {
  invalid: 'The Idempotency-Key header must be 1 to 255 printable characters.',
  mismatch: 'This Idempotency-Key was already used for a different request. Use a new key for a new action.',
  inUse: 'The first request with this key is still running. Please try again in a moment.',
  spent: 'This request was already carried out, but its answer was lost. Check your orders before trying again.',
} as const;
