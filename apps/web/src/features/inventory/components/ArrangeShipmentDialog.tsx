import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  countryChoices,
  ErrorCode,
  formatCents,
  shippingFeeCents,
  type CreateShippingIntentResponse,
  type SelectedItem,
} from '@kujiya/shared';
import { Dialog } from '../../../components/ui/Dialog';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useCreateShippingIntent } from '../api/createShippingIntent';
import { useShippingAddress } from '../api/getShippingAddress';
import {
  emptyOtherAddress,
  otherAddressErrors,
  profileAddressProblem,
  shippingRequest,
  type OtherAddressForm,
} from '../lib/address-form';
import { ShipmentFailureNotice } from './ShipmentFailureNotice';

interface ArrangeShipmentDialogProps {
  open: boolean;
  selection: readonly SelectedItem[];
  bigPrizes: number;
  smallPrizes: number;
  onClose: () => void;
  /** The server holds the units and answered the card payment to make. */
  onCreated: (intent: CreateShippingIntentResponse) => void;
  /** Units past their ship-by date: the server's message, one line per unit. */
  onExpired: (message: string) => void;
}

const otherFields: {
  name: Exclude<keyof OtherAddressForm, 'country'>;
  label: string;
  autoComplete: string;
  inputMode?: 'numeric' | 'tel';
  maxLength: number;
}[] = [
  { name: 'fullName', label: 'Full Name', autoComplete: 'name', maxLength: 100 },
  { name: 'fullAddress', label: 'Full Address', autoComplete: 'street-address', maxLength: 300 },
  { name: 'unitNumber', label: 'Unit Number', autoComplete: 'address-line2', maxLength: 50 },
  { name: 'postalCode', label: 'Postal Code', autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 6 },
  {
    name: 'phoneNumber',
    label: "Receiver's Phone Number",
    autoComplete: 'tel-national',
    inputMode: 'tel',
    maxLength: 8,
  },
];

/** The Arrange Shipment popup: ship to the profile address or another one, see the fee, go to payment. */
export function ArrangeShipmentDialog({
  open,
  selection,
  bigPrizes,
  smallPrizes,
  onClose,
  onCreated,
  onExpired,
}: ArrangeShipmentDialogProps) {
  const { username } = useSession();
  const profile = useShippingAddress(username, open);
  const create = useCreateShippingIntent();
  const [useProfile, setUseProfile] = useState(true);
  const [other, setOther] = useState<OtherAddressForm>(emptyOtherAddress);
  const [showErrors, setShowErrors] = useState(false);
  const [failed, setFailed] = useState(false);

  const profileProblem = profile.data ? profileAddressProblem(profile.data.shippingAddress) : null;
  const errors = otherAddressErrors(other);
  const fee = shippingFeeCents(bigPrizes, smallPrizes);
  // The profile address cannot be used until it is complete: the button waits for the profile (docs/rules/fulfilment.md).
  const profileBlocked = useProfile && (profileProblem !== null || !profile.data);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailed(false);
    if (useProfile ? profileProblem !== null || !profile.data : Object.keys(errors).length > 0) {
      setShowErrors(true);
      return;
    }
    create.mutate(shippingRequest(selection, useProfile, other), {
      onSuccess: onCreated,
      onError: (error) => {
        if (error instanceof ApiError && error.code === ErrorCode.EXPIRED_SHIPPING) onExpired(error.message);
        else setFailed(true);
      },
    });
  }

  const address = profile.data?.shippingAddress;
  return (
    <Dialog open={open} onClose={onClose} title="Arrange Shipment" className="arrange-shipment">
      <form onSubmit={submit} noValidate>
        <fieldset className="address-choice">
          <legend className="visually-hidden">Shipping address</legend>
          <label className="address-choice__option">
            <input type="radio" name="address" checked={useProfile} onChange={() => setUseProfile(true)} />
            Use my profile address
          </label>
          <label className="address-choice__option">
            <input type="radio" name="address" checked={!useProfile} onChange={() => setUseProfile(false)} />
            Use another address
          </label>
        </fieldset>

        {useProfile ? (
          <div className="profile-address" data-testid="profile-address">
            {profile.isPending && <div className="spinner" role="status" aria-label="Loading address" />}
            {address && !profileProblem && (
              <address>
                {address.fullName}
                <br />
                {address.fullAddress}, {address.unitNumber}
                <br />
                Singapore {address.postalCode}
                {profile.data?.phoneNumber && (
                  <>
                    <br />
                    {profile.data.phoneNumber}
                  </>
                )}
              </address>
            )}
            {profileProblem && (
              <p className="error-text" role="alert">
                {profileProblem} <Link to="/user-profile">Update your profile</Link>
              </p>
            )}
          </div>
        ) : (
          <div className="other-address">
            {otherFields.map((field) => {
              const error = showErrors ? errors[field.name] : undefined;
              const id = `ship-${field.name}`;
              return (
                <div className="field" key={field.name}>
                  <label htmlFor={id}>{field.label}</label>
                  <input
                    id={id}
                    autoComplete={field.autoComplete}
                    inputMode={field.inputMode}
                    maxLength={field.maxLength}
                    aria-invalid={Boolean(error)}
                    aria-describedby={error ? `${id}-error` : undefined}
                    value={other[field.name]}
                    onChange={(event) => setOther((current) => ({ ...current, [field.name]: event.target.value }))}
                  />
                  {error && (
                    <span id={`${id}-error`} className="field-error">
                      {error}
                    </span>
                  )}
                </div>
              );
            })}
            <div className="field">
              <label htmlFor="ship-country">Country</label>
              <select
                id="ship-country"
                value={other.country}
                aria-invalid={Boolean(errors.country)}
                aria-describedby={errors.country ? 'ship-country-error' : undefined}
                onChange={(event) => setOther((current) => ({ ...current, country: event.target.value }))}
              >
                {countryChoices(other.country).map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </select>
              {errors.country && (
                <span id="ship-country-error" className="field-error">
                  {errors.country}
                </span>
              )}
            </div>
          </div>
        )}

        <p className="shipping-fee" data-testid="shipping-fee-estimate">
          Shipping fee: <strong>{formatCents(fee)}</strong>
          <span className="shipping-fee__detail">
            {' '}
            ({bigPrizes} big, {smallPrizes} small)
          </span>
        </p>
        {failed && <ShipmentFailureNotice />}
        <div className="dialog-actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={create.isPending || profileBlocked}>
            {create.isPending ? 'Please wait…' : 'Proceed to Payment'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
