import { useState, type FormEvent } from 'react';
import type { Announcement, AnnouncementSeverity } from '@kujiya/shared';
import { useSaveAnnouncement } from '../../api/saveAnnouncement';
import { fromSgInputValue, toSgInputValue } from '@kujiya/shared';
import { errorText } from './form-values';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** Create or edit an announcement: text, severity and the window it shows in. */
export function AnnouncementForm({ announcement, onDone }: { announcement: Announcement | null; onDone: () => void }) {
  const [text, setText] = useState(announcement?.text ?? '');
  const [severity, setSeverity] = useState<AnnouncementSeverity>(announcement?.severity ?? 'info');
  const [startsAt, setStartsAt] = useState(toSgInputValue(announcement?.startsAt ?? inHours(0)));
  const [endsAt, setEndsAt] = useState(toSgInputValue(announcement?.endsAt ?? inHours(24 * 7)));
  const [active, setActive] = useState(announcement?.active ?? true);
  const save = useSaveAnnouncement();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        id: announcement?.id,
        input: { text, severity, startsAt: fromSgInputValue(startsAt), endsAt: fromSgInputValue(endsAt), active },
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form className="ops-form" onSubmit={submit} aria-label={announcement ? 'Edit announcement' : 'New announcement'}>
      <h2 className="ops-subtitle">{announcement ? 'Edit announcement' : 'New announcement'}</h2>
      <div className="field">
        <label htmlFor="announcement-text">Text</label>
        <textarea id="announcement-text" rows={3} value={text} onChange={(e) => setText(e.target.value)} required />
      </div>
      <div className="ops-row">
        <div className="field">
          <label htmlFor="announcement-severity">Severity</label>
          <select
            id="announcement-severity"
            value={severity}
            onChange={(e) => setSeverity(e.target.value as AnnouncementSeverity)}
          >
            <option value="info">Info</option>
            <option value="warning">Warning</option>
            <option value="critical">Critical</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="announcement-start">Starts (Singapore time)</label>
          <input
            id="announcement-start"
            type="datetime-local"
            value={startsAt}
            onChange={(e) => setStartsAt(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="announcement-end">Ends (Singapore time)</label>
          <input
            id="announcement-end"
            type="datetime-local"
            value={endsAt}
            onChange={(e) => setEndsAt(e.target.value)}
            required
          />
        </div>
      </div>
      <label className="ops-check">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> Active
      </label>
      {save.error && (
        <p className="field-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      <div className="ops-actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          Publish
        </button>
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
