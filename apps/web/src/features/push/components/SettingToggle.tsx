import { useId } from 'react';
import { Switch } from '../../../components/ui/Switch';

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
      <Switch
        id={id}
        describedBy={props.hint ? `${id}-hint` : undefined}
        checked={props.checked}
        disabled={props.disabled}
        onChange={props.onChange}
      />
      {props.hint && (
        <p className="setting-toggle__hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
    </div>
  );
}
