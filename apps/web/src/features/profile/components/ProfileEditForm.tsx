import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  IMAGE_CONTENT_TYPES,
  countryChoices,
  NOT_SHIPPABLE_MESSAGE,
  isShippableCountry,
  type UserDetails,
} from '@kujiya/shared';
import { ApiError } from '../../../lib/api-client';
import { LoginReminderDialog } from '../../../components/LoginReminderDialog';
import { needsLoginReminder } from '../../../components/login-reminder';
import { useUpdateProfile } from '../api/updateProfile';
import {
  changedProfileFields,
  pictureProblem,
  profileFormErrors,
  profileFormOf,
  type ProfileForm,
} from '../profile-form';
import { ProfileAvatar } from './ProfileAvatar';

interface FieldSpec {
  name: keyof ProfileForm;
  label: string;
  autoComplete: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  maxLength?: number;
  placeholder?: string;
}

const fields: FieldSpec[] = [
  { name: 'fullName', label: 'Full Name', autoComplete: 'name', maxLength: 100 },
  {
    name: 'phoneNumber',
    label: 'Phone Number',
    autoComplete: 'tel-national',
    inputMode: 'tel',
    maxLength: 8,
    placeholder: '8 digits, e.g. 91234567',
  },
  {
    name: 'fullAddress',
    label: 'Full Address',
    autoComplete: 'street-address',
    maxLength: 300,
    placeholder: 'Block, street and building',
  },
  {
    name: 'unitNumber',
    label: 'Unit Number',
    autoComplete: 'address-line2',
    maxLength: 50,
    placeholder: 'e.g. #12-345',
  },
  {
    name: 'postalCode',
    label: 'Postal Code',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    maxLength: 6,
    placeholder: '6 digits',
  },
];

/**
 * Edit mode: picture upload, phone and shipping address. Save Changes is enabled only when something
 * changed; only the changed fields are sent; Cancel drops the edits.
 */
export function ProfileEditForm({
  details,
  onCancel,
  onSaved,
}: {
  details: UserDetails;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const initial = useMemo(() => profileFormOf(details), [details]);
  const [form, setForm] = useState<ProfileForm>(initial);
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState('');
  const [showErrors, setShowErrors] = useState<Partial<Record<keyof ProfileForm, boolean>>>({});
  const [submitError, setSubmitError] = useState('');
  const [reminderOpen, setReminderOpen] = useState(false);
  const update = useUpdateProfile();

  const previewUrl = useMemo(() => (picture ? URL.createObjectURL(picture) : undefined), [picture]);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const changed = changedProfileFields(initial, form);
  const hasChanges = Object.keys(changed).length > 0 || picture !== null;
  const errors = profileFormErrors(form);

  function cancel() {
    setForm(initial);
    setPicture(null);
    setShowErrors({});
    onCancel();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!hasChanges) return;
    if (Object.keys(errors).length > 0) {
      setShowErrors({ phoneNumber: true, postalCode: true });
      return;
    }
    setSubmitError('');
    update.mutate(
      { fields: changed, profileImage: picture },
      {
        onSuccess: onSaved,
        onError: (failure) => {
          if (needsLoginReminder(failure)) setReminderOpen(true);
          else
            setSubmitError(
              failure instanceof ApiError ? failure.message : 'Failed to update profile. Please try again.',
            );
        },
      },
    );
  }

  return (
    <section className="card profile-card" aria-labelledby="profile-edit-title">
      <h1 id="profile-edit-title" className="profile-title">
        Edit Profile
      </h1>
      <form onSubmit={onSubmit} noValidate>
        <div className="profile-picture-field">
          <ProfileAvatar picture={details.profilePicture} src={previewUrl} />
          <label className="btn btn--ghost profile-upload">
            Change Picture
            <input
              type="file"
              accept={IMAGE_CONTENT_TYPES.join(',')}
              className="visually-hidden"
              aria-label="Profile picture"
              aria-invalid={Boolean(pictureError)}
              aria-describedby={pictureError ? 'profile-picture-error' : undefined}
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                const problem = file && pictureProblem(file);
                if (problem) {
                  // Refused when chosen: no preview of a file the server would not take.
                  event.target.value = '';
                  setPicture(null);
                  setPictureError(problem);
                  return;
                }
                setPictureError('');
                setPicture(file);
              }}
            />
          </label>
        </div>
        {pictureError && (
          <p id="profile-picture-error" className="field-error" role="alert">
            {pictureError}
          </p>
        )}
        {fields.map((field) => {
          const error = showErrors[field.name] ? errors[field.name] : undefined;
          const id = `profile-${field.name}`;
          return (
            <div className="field" key={field.name}>
              <label htmlFor={id}>{field.label}</label>
              <input
                id={id}
                name={field.name}
                autoComplete={field.autoComplete}
                inputMode={field.inputMode}
                maxLength={field.maxLength}
                placeholder={field.placeholder}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : undefined}
                value={form[field.name]}
                onChange={(event) => setForm((current) => ({ ...current, [field.name]: event.target.value }))}
                onBlur={() => setShowErrors((current) => ({ ...current, [field.name]: true }))}
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
          <label htmlFor="profile-country">Country</label>
          <select
            id="profile-country"
            name="country"
            value={form.country}
            aria-describedby={isShippableCountry(form.country) ? undefined : 'profile-country-note'}
            onChange={(event) => setForm((current) => ({ ...current, country: event.target.value }))}
          >
            {countryChoices(form.country).map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
          {!isShippableCountry(form.country) && (
            <span id="profile-country-note" className="field-error">
              {NOT_SHIPPABLE_MESSAGE}
            </span>
          )}
        </div>
        {submitError && (
          <p className="error-text" role="alert">
            {submitError}
          </p>
        )}
        <div className="profile-actions">
          <button type="submit" className="btn btn--primary btn--block" disabled={!hasChanges || update.isPending}>
            {update.isPending ? 'Saving…' : 'Save Changes'}
          </button>
          <button type="button" className="btn btn--ghost btn--block" onClick={cancel}>
            Cancel
          </button>
        </div>
      </form>
      <LoginReminderDialog open={reminderOpen} onClose={() => setReminderOpen(false)} />
    </section>
  );
}
