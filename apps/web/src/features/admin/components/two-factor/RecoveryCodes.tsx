import { useState } from 'react';

/**
 * The ten recovery codes, shown once: each signs in once when the phone is lost. Copy or download
 * them; the server keeps only their hashes.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `Kujiya Back Office recovery codes\n\n${codes.join('\n')}\n`;
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'kujiya-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <section className="ops-card two-factor__codes" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" className="ops-subtitle">
        Save your recovery codes
      </h2>
      <p>
        If you lose your phone or passkey, each of these codes signs you in once. Keep them somewhere safe: they will
        not be shown again.
      </p>
      <ol className="two-factor__code-list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="ops-actions">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={download}>
          Download
        </button>
        <button type="button" className="btn btn--primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </section>
  );
}
