import {
  ADDRESS_INCOMPLETE_MESSAGE,
  NOT_SHIPPABLE_MESSAGE,
  PHONE_NUMBER_MESSAGE,
  POSTAL_CODE_MESSAGE,
  isShippableCountry,
  isShippingAddressComplete,
  isValidPhoneNumber,
  isValidPostalCode,
  type CreateShippingIntentRequest,
  type SelectedItem,
  type ShippingAddress,
} from '@kujiya/shared';

/** The "another address" fields of the Arrange Shipment popup. */
export interface OtherAddressForm {
  fullName: string;
  fullAddress: string;
  unitNumber: string;
  postalCode: string;
  /** The receiver's phone: the shipment's contact (the profile's phone rule). */
  phoneNumber: string;
  country: string;
}

export const emptyOtherAddress: OtherAddressForm = {
  fullName: '',
  fullAddress: '',
  unitNumber: '',
  postalCode: '',
  phoneNumber: '',
  country: 'SG',
};

export type OtherAddressErrors = Partial<Record<keyof OtherAddressForm, string>>;

/** Full name, full address and unit number non-empty, a 6-digit postal code, the receiver's phone, a Singapore address. */
export function otherAddressErrors(form: OtherAddressForm): OtherAddressErrors {
  const errors: OtherAddressErrors = {};
  if (!form.fullName.trim()) errors.fullName = 'Please enter the full name.';
  if (!form.fullAddress.trim()) errors.fullAddress = 'Please enter the full address.';
  if (!form.unitNumber.trim()) errors.unitNumber = 'Please enter the unit number.';
  if (!isValidPostalCode(form.postalCode.trim())) errors.postalCode = POSTAL_CODE_MESSAGE;
  if (!isValidPhoneNumber(form.phoneNumber.trim())) errors.phoneNumber = PHONE_NUMBER_MESSAGE;
  if (!isShippableCountry(form.country)) errors.country = NOT_SHIPPABLE_MESSAGE;
  return errors;
}

/** Why the profile address cannot be used, or null when it can. */
export function profileAddressProblem(address: ShippingAddress | undefined): string | null {
  if (!address || !isShippingAddressComplete(address)) return ADDRESS_INCOMPLETE_MESSAGE;
  if (!isShippableCountry(address.country)) return NOT_SHIPPABLE_MESSAGE;
  return null;
}

/** Only what the server acts on: the batch and the quantity (plus the names it records). */
export function selectionPayload(selection: readonly SelectedItem[]): SelectedItem[] {
  return selection.map(({ inventoryId, batchId, quantity, prizeId, setName, productId, prizeName }) => ({
    inventoryId,
    batchId,
    quantity,
    prizeId,
    setName,
    productId,
    prizeName,
  }));
}

export function shippingRequest(
  selection: readonly SelectedItem[],
  useProfileAddress: boolean,
  other: OtherAddressForm,
): CreateShippingIntentRequest {
  const inventoryItems = selectionPayload(selection);
  if (useProfileAddress) return { inventoryItems, useProfileAddress: true };
  return {
    inventoryItems,
    useProfileAddress: false,
    fullName: other.fullName.trim(),
    fullAddress: other.fullAddress.trim(),
    unitNumber: other.unitNumber.trim(),
    postalCode: other.postalCode.trim(),
    phoneNumber: other.phoneNumber.trim(),
    country: other.country,
  };
}
