import { useId } from 'react';

/** One switch of the settings screen: its label, a hint (why it is disabled, when it is). */
export function SettingToggle(props: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="setting-toggle">
      <label htmlFor={id} className="setting-toggle__label">
        {props.label}
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="setting-toggle__switch"
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      {props.hint && (
        <p className="setting-toggle__hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
    </div>
  );
}
