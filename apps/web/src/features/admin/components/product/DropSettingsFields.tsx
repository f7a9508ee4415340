import type { DropSettingsDraft } from '../../product-draft';

const LIMITS = [
  { field: 'maxTicketsPerShopper', label: 'Max tickets per shopper (per round)' },
  { field: 'maxTicketsPerOrder', label: 'Max tickets per order' },
  { field: 'orderCooldownSeconds', label: 'Seconds between a shopper’s orders' },
] as const;

/**
 * Drop day (docs/rules/drops.md): the set's scheduled opening, in Singapore time, and its limits;
 * an empty field is none. Used by the product editor and the add-product form.
 */
export function DropSettingsFields({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: DropSettingsDraft;
  onChange: (next: DropSettingsDraft) => void;
}) {
  const hintId = `${idPrefix}-drop-hint`;
  return (
    <fieldset className="admin-fieldset">
      <legend>Drop day</legend>
      <p id={hintId} className="admin-form__hint">
        Leave a field empty for none. An opening can be set only before anything of the round is sold, at least a minute
        ahead.
      </p>
      <div className="admin-field admin-fieldset__opening">
        <label htmlFor={`${idPrefix}-sales-start`}>Opens at (Singapore time)</label>
        <input
          id={`${idPrefix}-sales-start`}
          type="datetime-local"
          aria-describedby={hintId}
          value={value.salesStartAt}
          onChange={(e) => onChange({ ...value, salesStartAt: e.target.value })}
        />
      </div>
      <div className="admin-form__row">
        {LIMITS.map(({ field, label }) => (
          <div className="admin-field" key={field}>
            <label htmlFor={`${idPrefix}-${field}`}>{label}</label>
            <input
              id={`${idPrefix}-${field}`}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              aria-describedby={hintId}
              value={value[field]}
              onChange={(e) => onChange({ ...value, [field]: e.target.value })}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
