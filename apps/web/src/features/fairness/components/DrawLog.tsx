import { useMemo, useState } from 'react';
import type { FairnessRound, FairnessVerdict } from '@kujiya/shared';
import { formatSgLogTime } from '@kujiya/shared';
import { checksByEntry, describeEntry, entryKey, newestFirst } from '../lib/present';

const FIRST_ROWS = 20;

/** The public draw log, newest first; each entry shows its replay result once the seed is out. */
export function DrawLog({ round, verdict }: { round: FairnessRound; verdict: FairnessVerdict }) {
  const [showAll, setShowAll] = useState(false);
  const entries = useMemo(() => newestFirst(round.log), [round.log]);
  const checks = useMemo(() => checksByEntry(verdict), [verdict]);
  const shown = showAll ? entries : entries.slice(0, FIRST_ROWS);

  return (
    <section className="card fairness__section" aria-labelledby="fairness-log">
      <div className="fairness__log-head">
        <h2 id="fairness-log" className="fairness__heading">
          Draw log
        </h2>
        {round.status === 'open' && (
          <span className="fairness__live">
            <span className="fairness__live-dot" aria-hidden="true" /> Live · updates every 5 s
          </span>
        )}
      </div>
      {entries.length === 0 ? (
        <p className="fairness__note">No tickets drawn yet.</p>
      ) : (
        <ol className="fairness__log" aria-label="Draws, newest first">
          {shown.map((entry) => {
            const check = checks.get(entryKey(entry));
            const state = check ? (check.ok ? 'ok' : 'bad') : 'pending';
            return (
              <li
                key={entryKey(entry)}
                className={`fairness__entry fairness__entry--${state}`}
                data-testid="fairness-entry"
              >
                <span className={`fairness__letter fairness__letter--${entry.domain}`}>{entry.letter}</span>
                <div className="fairness__entry-body">
                  <p className="fairness__entry-title">{describeEntry(entry)}</p>
                  {entry.clientSeed !== null && (
                    <p className="fairness__entry-seed">
                      client seed <code>{entry.clientSeed}</code>
                    </p>
                  )}
                  <p className="fairness__entry-meta">
                    {entry.buyer} · {formatSgLogTime(entry.at)}
                  </p>
                  {check && !check.ok && <p className="error-text">{check.detail}</p>}
                </div>
                {check && (
                  <span className="fairness__entry-mark" aria-label={check.ok ? 'Matches' : 'Does not match'}>
                    {check.ok ? '✓' : '✕'}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {entries.length > FIRST_ROWS && (
        <button type="button" className="btn btn--ghost btn--block" onClick={() => setShowAll((all) => !all)}>
          {showAll ? 'Show the latest only' : `Show all ${entries.length} draws`}
        </button>
      )}
    </section>
  );
}
