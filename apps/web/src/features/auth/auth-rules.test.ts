import { describe, expect, it } from 'vitest';
import { returnPathAfterLogin } from '../../lib/auth-navigation';
import { newPasswordError, signUpErrors } from './validation';
import { secondsLeft } from '../../lib/use-countdown';

describe('where login returns to', () => {
  it('goes back to the guarded page the user came from', () => {
    expect(returnPathAfterLogin({ guard: true, from: { pathname: '/orders', search: '?page=2', hash: '' } })).toBe(
      '/orders?page=2',
    );
    expect(returnPathAfterLogin({ guard: true, from: '/user-profile' })).toBe('/user-profile');
  });

  it('goes home otherwise, and never off the site', () => {
    expect(returnPathAfterLogin({})).toBe('/');
    expect(returnPathAfterLogin({ from: { pathname: '/ichiban-kuji-products' } })).toBe('/');
    expect(returnPathAfterLogin({ guard: true, from: '//evil.example' })).toBe('/');
    expect(returnPathAfterLogin({ guard: true, from: 'https://evil.example' })).toBe('/');
    expect(returnPathAfterLogin({ guard: true, from: { pathname: '/login' } })).toBe('/');
  });
});

describe('sign-up validation messages', () => {
  const valid = { username: 'kujifan7', password: 'abc12!', confirmPassword: 'abc12!' };

  it('accepts a valid form', () => {
    expect(signUpErrors(valid)).toEqual({});
  });

  it('rejects a username that is short, long or not alphanumeric', () => {
    for (const username of ['ab', 'a'.repeat(31), 'kuji fan', 'kuji_fan']) {
      expect(signUpErrors({ ...valid, username })).toEqual({
        username: 'Username must be 3-30 characters long and alphanumeric.',
      });
    }
  });

  it('rejects a weak password', () => {
    for (const password of ['ab1!', 'abcdef!', '123456!', 'abc123']) {
      expect(signUpErrors({ ...valid, password, confirmPassword: password })).toEqual({
        password: 'Password must be at least 6 characters and include a number, a letter, and a special character',
      });
    }
  });

  it('rejects a confirmation that differs', () => {
    expect(signUpErrors({ ...valid, confirmPassword: 'abc12@' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('names every invalid field at once', () => {
    expect(Object.keys(signUpErrors({ username: 'ab', password: 'weak', confirmPassword: 'other' }))).toEqual([
      'username',
      'password',
      'confirmPassword',
    ]);
  });

  it('checks a new password: matching first, then strength', () => {
    expect(newPasswordError('abc12!', 'abc12?')).toBe('Passwords do not match');
    expect(newPasswordError('abc', 'abc')).toMatch(/^Password must be at least 6 characters/);
    expect(newPasswordError('abc12!', 'abc12!')).toBeNull();
  });
});

describe('resend countdown', () => {
  it('counts whole seconds down to zero', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 500)).toBe(60);
    expect(secondsLeft(60_000, 1000)).toBe(59);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
    expect(secondsLeft(60_000, 90_000)).toBe(0);
  });
});
