import { useId, useState } from 'react';
import { clampQuantity, decrementQuantity, digitsOnly, incrementQuantity } from '@kujiya/shared';

interface QuantityPickerProps {
  value: number;
  min: number;
  max: number;
  disabled?: boolean;
  onChange: (quantity: number) => void;
}

/**
 * Ticket quantity (docs/rules/buying.md): the input keeps digits only while typing and is clamped to
 * [min, max] on blur; minus stops at the minimum and plus at the maximum.
 */
export function QuantityPicker({ value, min, max, disabled, onChange }: QuantityPickerProps) {
  const inputId = useId();
  // While the input has focus it shows what is typed; otherwise the committed value.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (quantity: number) => {
    setDraft(null);
    onChange(quantity);
  };
  const current = draft === null ? value : clampQuantity(draft, min, max);
  // aria-disabled, not disabled: a focused button that disabled itself would drop focus to the page.
  const fewerOff = disabled || current <= min;
  const moreOff = disabled || current >= max;
  return (
    <div className="quantity">
      <label htmlFor={inputId} className="quantity__label">
        Tickets
      </label>
      <div className="quantity__controls">
        <button
          type="button"
          className="quantity__step"
          aria-label="Fewer tickets"
          aria-disabled={fewerOff}
          onClick={() => {
            if (!fewerOff) commit(decrementQuantity(current, min));
          }}
        >
          −
        </button>
        <input
          id={inputId}
          className="quantity__input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          aria-label="Ticket quantity"
          disabled={disabled}
          value={draft ?? String(value)}
          onChange={(event) => setDraft(digitsOnly(event.target.value))}
          onBlur={() => {
            if (draft !== null) commit(clampQuantity(draft, min, max));
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
          }}
        />
        <button
          type="button"
          className="quantity__step"
          aria-label="More tickets"
          aria-disabled={moreOff}
          onClick={() => {
            if (!moreOff) commit(incrementQuantity(current, min, max));
          }}
        >
          +
        </button>
      </div>
    </div>
  );
}
