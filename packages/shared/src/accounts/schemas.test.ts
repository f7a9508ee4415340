import { describe, expect, it } from 'vitest';
import {
  createUserRequestSchema,
  isShippingAddressComplete,
  isValidEmail,
  isValidPassword,
  isValidPhoneNumber,
  isValidPostalCode,
  isValidUsername,
  updateProfileFieldsSchema,
  verifyCodeRequestSchema,
} from './schemas.ts';

describe('account validation rules (docs/rules/accounts.md)', () => {
  it('username: 3-30 letters and digits', () => {
    for (const ok of ['abc', 'A1b2C3', 'a'.repeat(30)]) expect(isValidUsername(ok), ok).toBe(true);
    for (const bad of ['ab', 'a'.repeat(31), 'with space', 'under_score', 'émile', ''])
      expect(isValidUsername(bad), bad).toBe(false);
  });

  it('password: 6+ with a letter, a digit and one of !@#$%^&*_-', () => {
    for (const special of '!@#$%^&*_-') expect(isValidPassword(`abc12${special}`), special).toBe(true);
    for (const bad of ['ab1!', 'abcdef!', '123456!', 'abc123', 'abc12+', 'abc12~'])
      expect(isValidPassword(bad), bad).toBe(false);
  });

  it('e-mail shape, trimmed and lowercased by the schema', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    for (const bad of ['a@b', 'a b@c.de', '@b.co', 'a@.', '']) expect(isValidEmail(bad), bad).toBe(false);
    const parsed = createUserRequestSchema.parse({ username: 'abc', email: ' Mixed@Case.SG ', password: 'abc12!' });
    expect(parsed.email).toBe('mixed@case.sg');
  });

  it('postal code exactly 6 digits; phone 8 digits starting 3, 6, 8 or 9', () => {
    expect(isValidPostalCode('123456')).toBe(true);
    for (const bad of ['12345', '1234567', '12 456', 'abcdef']) expect(isValidPostalCode(bad), bad).toBe(false);
    for (const ok of ['31234567', '61234567', '81234567', '91234567']) expect(isValidPhoneNumber(ok), ok).toBe(true);
    for (const bad of ['11234567', '51234567', '7123456', '912345678', '9123 4567'])
      expect(isValidPhoneNumber(bad), bad).toBe(false);
  });

  it('the shop messages come out of the schemas', () => {
    const username = createUserRequestSchema.safeParse({ username: 'a', email: 'a@b.co', password: 'abc12!' });
    expect(username.error?.issues[0]?.message).toBe('Username must be 3-30 characters long and alphanumeric.');
    const password = createUserRequestSchema.safeParse({ username: 'abc', email: 'a@b.co', password: 'abc' });
    expect(password.error?.issues[0]?.message).toBe(
      'Password must be at least 6 characters and include a number, a letter, and a special character',
    );
    const postal = updateProfileFieldsSchema.safeParse({ postalCode: '123' });
    expect(postal.error?.issues[0]?.message).toBe('Postal code must be exactly 6 digits.');
    const phone = updateProfileFieldsSchema.safeParse({ phoneNumber: '12345678' });
    expect(phone.error?.issues[0]?.message).toBe('Phone number must be 8 digits starting with 3, 6, 8 or 9.');
  });

  it('process names: forgetPassword (spec) and forgotPassword are the same flow', () => {
    expect(verifyCodeRequestSchema.parse({ email: 'a@b.co', code: '123456', process: 'forgotPassword' }).process).toBe(
      'forgetPassword',
    );
    expect(verifyCodeRequestSchema.parse({ email: 'a@b.co', code: '123456', process: 'signUp' }).process).toBe(
      'signup',
    );
  });

  it('a shipping address is complete when all five fields are non-empty', () => {
    const full = { fullName: 'A', country: 'SG', postalCode: '123456', unitNumber: '#01-01', fullAddress: '1 Road' };
    expect(isShippingAddressComplete(full)).toBe(true);
    expect(isShippingAddressComplete({ ...full, unitNumber: null })).toBe(false);
    expect(isShippingAddressComplete({ ...full, fullName: '  ' })).toBe(false);
  });
});
