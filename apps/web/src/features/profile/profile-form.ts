import {
  DEFAULT_COUNTRY_CODE,
  IMAGE_TYPE_MESSAGE,
  PHONE_NUMBER_MESSAGE,
  POSTAL_CODE_MESSAGE,
  isImageContentType,
  isValidPhoneNumber,
  isValidPostalCode,
  type UpdateProfileFields,
  type UserDetails,
} from '@kujiya/shared';

/** The editable profile fields as the form holds them (empty string = not set). */
export interface ProfileForm {
  fullName: string;
  phoneNumber: string;
  country: string;
  postalCode: string;
  unitNumber: string;
  fullAddress: string;
}

export const profileFieldNames = [
  'fullName',
  'phoneNumber',
  'country',
  'postalCode',
  'unitNumber',
  'fullAddress',
] as const;

export function profileFormOf(details: UserDetails): ProfileForm {
  const address = details.shippingAddress;
  return {
    fullName: address.fullName ?? '',
    phoneNumber: details.phoneNumber ?? '',
    country: address.country || DEFAULT_COUNTRY_CODE,
    postalCode: address.postalCode ?? '',
    unitNumber: address.unitNumber ?? '',
    fullAddress: address.fullAddress ?? '',
  };
}

/** Only the fields whose trimmed value differs from what was loaded (docs/rules/accounts.md). */
export function changedProfileFields(initial: ProfileForm, current: ProfileForm): UpdateProfileFields {
  const changed: UpdateProfileFields = {};
  for (const name of profileFieldNames) {
    const value = current[name].trim();
    if (value !== initial[name].trim()) changed[name] = value;
  }
  return changed;
}

/** Field messages for an invalid phone number or postal code (docs/rules/accounts.md); empty clears the field. */
export function profileFormErrors(form: ProfileForm): Partial<Record<keyof ProfileForm, string>> {
  const errors: Partial<Record<keyof ProfileForm, string>> = {};
  const phone = form.phoneNumber.trim();
  const postal = form.postalCode.trim();
  if (phone && !isValidPhoneNumber(phone)) errors.phoneNumber = PHONE_NUMBER_MESSAGE;
  if (postal && !isValidPostalCode(postal)) errors.postalCode = POSTAL_CODE_MESSAGE;
  return errors;
}

/** True when the phone number or any of the five shipping address fields is empty. */
export function isProfileIncomplete(form: ProfileForm): boolean {
  return profileFieldNames.some((name) => form[name].trim() === '');
}

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

/** A chosen profile picture the server would refuse (docs/rules/accounts.md): not one of its image types, or too big. */
export function pictureProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!isImageContentType(file.type)) return IMAGE_TYPE_MESSAGE;
  if (file.size > MAX_PICTURE_BYTES) return 'Please choose a picture under 5 MB.';
  return null;
}
