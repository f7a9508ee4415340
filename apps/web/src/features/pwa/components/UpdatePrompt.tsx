import { useState } from 'react';
import './update-prompt.css';

/**
 * The offer of a new version once its service worker waits (docs/rules/offline.md). Fixed to the
 * bottom of the screen over the page, so it moves nothing; a status region, so a screen reader
 * announces it without taking the focus away from what the shopper is doing.
 */
export function UpdatePrompt({ onReload }: { onReload: () => void }) {
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);
  if (dismissed) return null;
  return (
    <div className="update-prompt" role="status">
      <p className="update-prompt__text">A new version is available — </p>
      <button
        type="button"
        className="update-prompt__reload"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          onReload();
        }}
      >
        Reload
      </button>
      <button type="button" className="update-prompt__close" aria-label="Not now" onClick={() => setDismissed(true)}>
        ×
      </button>
    </div>
  );
}
