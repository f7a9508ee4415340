import { describe, expect, it } from 'vitest';
import { isOptionalMailKind, isPushKind, OPTIONAL_MAIL_KINDS, PUSH_KINDS } from './notification-kinds.ts';

describe('notification kind guards', () => {
  it('accept exactly the push kinds', () => {
    for (const kind of PUSH_KINDS) expect(isPushKind(kind)).toBe(true);
    for (const other of ['tradeCompleted', 'other', '', undefined, null, 1]) expect(isPushKind(other)).toBe(false);
  });

  it('accept exactly the optional mail kinds', () => {
    for (const kind of OPTIONAL_MAIL_KINDS) expect(isOptionalMailKind(kind)).toBe(true);
    for (const other of ['tradeOffer', 'orderReceipt', 'SETOPENING', undefined, {}]) {
      expect(isOptionalMailKind(other)).toBe(false);
    }
  });
});
