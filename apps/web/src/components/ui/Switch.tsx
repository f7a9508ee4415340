import './switch.css';

/** An on/off switch (a checkbox with role="switch"); the caller gives it its label through `id`. */
export function Switch(props: {
  id: string;
  checked: boolean;
  disabled: boolean;
  describedBy?: string;
  onChange: (on: boolean) => void;
}) {
  return (
    <input
      id={props.id}
      type="checkbox"
      role="switch"
      className="switch"
      aria-describedby={props.describedBy}
      checked={props.checked}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.target.checked)}
    />
  );
}
