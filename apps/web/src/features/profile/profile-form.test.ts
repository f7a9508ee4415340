import { describe, expect, it } from 'vitest';
import type { UserDetails } from '@kujiya/shared';
import { changedProfileFields, isProfileIncomplete, profileFormErrors, profileFormOf } from './profile-form';

const details: UserDetails = {
  username: 'amy',
  email: 'amy@example.com',
  profilePicture: 'default.svg',
  phoneNumber: '91234567',
  shippingAddress: {
    fullName: 'Amy Tan',
    country: 'SG',
    postalCode: '123456',
    unitNumber: null,
    fullAddress: '1 Orchard Road',
  },
  appearAsSomeone: false,
};

describe('profile form', () => {
  it('loads the details, empty for unset fields', () => {
    expect(profileFormOf(details)).toEqual({
      fullName: 'Amy Tan',
      phoneNumber: '91234567',
      country: 'SG',
      postalCode: '123456',
      unitNumber: '',
      fullAddress: '1 Orchard Road',
    });
  });

  it('sends only the fields that changed (trimmed)', () => {
    const initial = profileFormOf(details);
    expect(changedProfileFields(initial, initial)).toEqual({});
    expect(changedProfileFields(initial, { ...initial, fullName: ' Amy Tan ' })).toEqual({});
    expect(changedProfileFields(initial, { ...initial, unitNumber: '#01-02 ', phoneNumber: '' })).toEqual({
      unitNumber: '#01-02',
      phoneNumber: '',
    });
  });

  it('validates the phone number and postal code', () => {
    const form = profileFormOf(details);
    expect(profileFormErrors(form)).toEqual({});
    for (const phoneNumber of ['61234567', '81234567', '31234567'])
      expect(profileFormErrors({ ...form, phoneNumber })).toEqual({});
    for (const phoneNumber of ['71234567', '9123456', '912345678', '9123456a']) {
      expect(profileFormErrors({ ...form, phoneNumber }).phoneNumber).toBe(
        'Phone number must be 8 digits starting with 3, 6, 8 or 9.',
      );
    }
    for (const postalCode of ['12345', '1234567', '12345a']) {
      expect(profileFormErrors({ ...form, postalCode }).postalCode).toBe('Postal code must be exactly 6 digits.');
    }
    expect(profileFormErrors({ ...form, postalCode: '', phoneNumber: '' })).toEqual({});
  });

  it('is incomplete while any address detail or the phone number is missing', () => {
    const form = profileFormOf(details);
    expect(isProfileIncomplete(form)).toBe(true);
    expect(isProfileIncomplete({ ...form, unitNumber: '#01-02' })).toBe(false);
    expect(isProfileIncomplete({ ...form, unitNumber: '#01-02', phoneNumber: ' ' })).toBe(true);
  });
});
