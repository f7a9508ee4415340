import { useState } from 'react';

/** A long hex value that wraps on a phone, with a Copy button. */
export function CopyableCode({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="fairness__code">
      <code>{value}</code>
      <button type="button" className="btn btn--ghost fairness__copy" onClick={copy} aria-label={`Copy the ${label}`}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
