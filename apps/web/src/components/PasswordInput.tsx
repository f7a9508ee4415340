import { useState, type InputHTMLAttributes } from 'react';
import { EyeIcon } from './icons';

/**
 * A password field with a show/hide toggle. The toggle's name is hidden text, not an
 * aria-label: `getByLabel('Password')` then finds only the field, never the toggle too.
 */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="password-input__toggle"
        aria-pressed={visible}
        onClick={() => setVisible((value) => !value)}
      >
        <EyeIcon open={visible} />
        <span className="visually-hidden">{visible ? 'Hide password' : 'Show password'}</span>
      </button>
    </div>
  );
}
