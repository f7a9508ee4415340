import { useState, type FormEvent } from 'react';
import { DROP_DEFAULT_ADMISSIONS_PER_SECOND, DROP_OPENING_RAMP } from '@kujiya/shared';

// The opening's slow start (docs/rules/drops.md, "Admission"), told with the rule's own figures.
// Non-breaking spaces keep each figure with its unit.
const slowStart = `From ${DROP_OPENING_RAMP.fromRate} a second, the opening starts at ${DROP_OPENING_RAMP.startShare * 100}\u00a0% of the rate and reaches it within ${DROP_OPENING_RAMP.seconds}\u00a0s.`;
import { serverMessageOf } from '../../../../lib/api-client';
import { useDropRoomSettings } from '../../api/getDropRoomSettings';
import { useSaveDropRoomSettings } from '../../api/saveDropRoomSettings';

/**
 * The waiting room's admission rate on the drop monitor (docs/rules/drops.md, "Waiting room"):
 * empty is the default. The server checks the number and its refusal is shown as it says it.
 */
export function AdmissionRateForm({ setId }: { setId: string }) {
  const settings = useDropRoomSettings(setId);
  if (settings.error) {
    return (
      <p className="admin-error" role="alert">
        {serverMessageOf(settings.error) ?? 'The admission rate could not be loaded.'}
      </p>
    );
  }
  if (!settings.data) return null;
  return <RateField setId={setId} saved={settings.data.admissionsPerSecond} />;
}

function RateField({ setId, saved }: { setId: string; saved: number | null }) {
  const [value, setValue] = useState(saved === null ? '' : String(saved));
  const save = useSaveDropRoomSettings(setId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({ admissionsPerSecond: value.trim() === '' ? null : Number(value) });
  };
  return (
    // noValidate: the server's message says what is wrong, the same words as the API's.
    <form className="drop-monitor__rate" onSubmit={submit} aria-label="Admission rate" noValidate>
      <div className="field">
        <label htmlFor="drop-rate">Admissions per second</label>
        <div className="drop-monitor__rate-row">
          <input
            id="drop-rate"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={value}
            placeholder={String(DROP_DEFAULT_ADMISSIONS_PER_SECOND)}
            aria-describedby="drop-rate-hint"
            onChange={(event) => {
              setValue(event.target.value);
              save.reset();
            }}
          />
          <button type="submit" className="btn btn--primary" aria-disabled={save.isPending || undefined}>
            Save
          </button>
        </div>
        <span id="drop-rate-hint" className="muted">
          Leave empty for the default, {DROP_DEFAULT_ADMISSIONS_PER_SECOND} a second. A change before the opening
          schedules its admissions; after it, later arrivals. {slowStart}
        </span>
      </div>

      {save.error && (
        <p className="field-error" role="alert">
          {serverMessageOf(save.error) ?? 'The admission rate could not be saved.'}
        </p>
      )}
      <p role="status" className="drop-monitor__saved">
        {save.isSuccess ? 'Admission rate saved.' : ''}
      </p>
    </form>
  );
}
