import { useId, useState, type FormEvent } from 'react';
import { CLIENT_SEED_MAX_LENGTH, newClientSeed, readClientSeed, writeClientSeed } from '../lib/client-seed';

/**
 * The shopper's client seed (docs/rules/fairness.md), shown in the play popup: a random one is kept in local
 * storage, and the shopper may set their own. Every purchase sends it as `clientSeed`.
 */
export function ClientSeedField() {
  const [seed, setSeed] = useState(readClientSeed);
  const [draft, setDraft] = useState(seed);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const inputId = useId();

  const save = (value: string) => {
    const error = writeClientSeed(value);
    setProblem(error);
    if (error) return;
    const kept = readClientSeed();
    setSeed(kept);
    setDraft(kept);
    setSaved(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(draft);
  };

  return (
    <details className="client-seed">
      <summary>
        Your client seed: <code data-testid="client-seed">{seed}</code>
      </summary>
      <form className="client-seed__form" onSubmit={submit} noValidate>
        <label htmlFor={inputId}>Set your own client seed</label>
        <input
          id={inputId}
          value={draft}
          maxLength={CLIENT_SEED_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setSaved(false);
          }}
        />
        {problem && (
          <p className="client-seed__error" role="alert">
            {problem}
          </p>
        )}
        {saved && !problem && (
          <p className="client-seed__saved" role="status">
            Saved. Your next purchase uses this seed.
          </p>
        )}
        <div className="client-seed__actions">
          <button type="button" className="btn btn--ghost" onClick={() => save(newClientSeed())}>
            New random seed
          </button>
          <button type="submit" className="btn btn--primary">
            Save seed
          </button>
        </div>
      </form>
    </details>
  );
}
