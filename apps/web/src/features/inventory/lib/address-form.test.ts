import { describe, expect, it } from 'vitest';
import {
  ADDRESS_INCOMPLETE_MESSAGE,
  NOT_SHIPPABLE_MESSAGE,
  PHONE_NUMBER_MESSAGE,
  POSTAL_CODE_MESSAGE,
} from '@kujiya/shared';
import { emptyOtherAddress, otherAddressErrors, profileAddressProblem, shippingRequest } from './address-form';

const complete = {
  fullName: 'Tan Ah Kow',
  fullAddress: '1 Orchard Road',
  unitNumber: '#01-01',
  postalCode: '238801',
  phoneNumber: '91234567',
  country: 'SG',
};

describe('otherAddressErrors', () => {
  it('marks every empty field and a postal code that is not 6 digits', () => {
    expect(otherAddressErrors(emptyOtherAddress)).toEqual({
      fullName: expect.any(String),
      fullAddress: expect.any(String),
      unitNumber: expect.any(String),
      postalCode: POSTAL_CODE_MESSAGE,
      phoneNumber: PHONE_NUMBER_MESSAGE,
    });
    expect(otherAddressErrors({ ...complete, phoneNumber: '12345678' })).toEqual({ phoneNumber: PHONE_NUMBER_MESSAGE });
    expect(otherAddressErrors({ ...complete, postalCode: '12345' })).toEqual({ postalCode: POSTAL_CODE_MESSAGE });
    expect(otherAddressErrors(complete)).toEqual({});
  });

  it('refuses addresses outside Singapore', () => {
    expect(otherAddressErrors({ ...complete, country: 'MY' })).toEqual({ country: NOT_SHIPPABLE_MESSAGE });
  });
});

describe('profileAddressProblem', () => {
  it('asks for a complete Singapore profile address', () => {
    expect(profileAddressProblem({ ...complete, unitNumber: null })).toBe(ADDRESS_INCOMPLETE_MESSAGE);
    expect(profileAddressProblem({ ...complete, country: 'MY' })).toBe(NOT_SHIPPABLE_MESSAGE);
    expect(profileAddressProblem(complete)).toBeNull();
  });
});

describe('shippingRequest', () => {
  const selection = [{ inventoryId: 'i', batchId: 'b', quantity: 1 }];
  it('sends only the flag for the profile address and the trimmed fields otherwise', () => {
    expect(shippingRequest(selection, true, complete)).toEqual({
      inventoryItems: [expect.objectContaining(selection[0])],
      useProfileAddress: true,
    });
    expect(shippingRequest(selection, false, { ...complete, fullName: '  Tan  ' })).toMatchObject({
      useProfileAddress: false,
      fullName: 'Tan',
      postalCode: '238801',
      phoneNumber: '91234567',
      country: 'SG',
    });
  });
});
