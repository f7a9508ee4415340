import { useState, type FormEvent } from 'react';
import type { ShopSettings } from '@kujiya/shared';
import { useSaveShopSettings } from '../../api/saveShopSettings';
import { errorText } from './form-values';

type Group = keyof ShopSettings;
interface FieldSpec<G extends Group> {
  group: G;
  name: keyof ShopSettings[G] & string;
  label: string;
  hint?: string;
  multiline?: boolean;
}
type AnyField = FieldSpec<'pickupPoint'> | FieldSpec<'senderAddress'>;

const pickupFields: AnyField[] = [
  {
    group: 'pickupPoint',
    name: 'address',
    label: 'Pickup address',
    hint: 'Shown in the self-collection dialog, on each booking, in its e-mail and on the FAQ, Contact Us and Shipping pages.',
    multiline: true,
  },
  {
    group: 'pickupPoint',
    name: 'openingNote',
    label: 'Opening note',
    hint: 'e.g. opening hours or how to find the counter (optional).',
    multiline: true,
  },
  {
    group: 'pickupPoint',
    name: 'mapLink',
    label: 'Map link',
    hint: 'An https:// link to the place on a map (optional).',
  },
];
/** Two fields a row. */
const senderRows: AnyField[][] = [
  [
    { group: 'senderAddress', name: 'name', label: 'Sender name' },
    { group: 'senderAddress', name: 'contact', label: 'Contact phone' },
  ],
  [
    { group: 'senderAddress', name: 'address', label: 'Sender address' },
    { group: 'senderAddress', name: 'postalCode', label: 'Postal code' },
  ],
];

/** The owner's form of the shop's settings: the self-collection pickup point and the labels' sender address. */
export function ShopSettingsForm({ settings }: { settings: ShopSettings }) {
  const [values, setValues] = useState<ShopSettings>(settings);
  const save = useSaveShopSettings();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values);
  };
  const field = (spec: AnyField) => {
    const id = `settings-${spec.group}-${spec.name}`;
    const value = (values[spec.group] as Record<string, string>)[spec.name] ?? '';
    const onChange = (next: string) =>
      setValues((current) => ({ ...current, [spec.group]: { ...current[spec.group], [spec.name]: next } }));
    return (
      <div className="field" key={id}>
        <label htmlFor={id}>{spec.label}</label>
        {spec.multiline ? (
          <textarea
            id={id}
            rows={2}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={spec.hint ? `${id}-hint` : undefined}
          />
        ) : (
          <input
            id={id}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={spec.hint ? `${id}-hint` : undefined}
          />
        )}
        {spec.hint && (
          <span id={`${id}-hint`} className="muted">
            {spec.hint}
          </span>
        )}
      </div>
    );
  };
  return (
    <form className="ops-form" onSubmit={submit} aria-label="Shop settings">
      <h2 className="ops-subtitle">Self-collection pickup point</h2>
      {pickupFields.map(field)}
      <h2 className="ops-subtitle">Sender address on shipping labels</h2>
      {senderRows.map((row) => (
        <div className="ops-row" key={row[0]!.name}>
          {row.map(field)}
        </div>
      ))}
      {save.error && (
        <p className="field-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      {save.isSuccess && !save.isPending && <p role="status">Settings saved.</p>}
      <div className="ops-actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          Save settings
        </button>
      </div>
    </form>
  );
}
