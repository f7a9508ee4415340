import { Link } from 'react-router';
import { formatSgDateTime } from '@kujiya/shared';
import { useDropRoom } from '../hooks/use-drop-room';
import './drops.css';

/** "about 2 min" / "about 40 s": the wait as the room estimates it. */
function waitText(seconds: number): string {
  return seconds >= 90 ? `about ${Math.round(seconds / 60)} min` : `about ${Math.max(1, seconds)} s`;
}

/**
 * The set's waiting room on the play popup (docs/rules/drops.md): join from 30 minutes before the
 * opening, the place drawn at the opening, the place and wait while in line, then "your turn".
 * Renders nothing once the set sells without a room.
 */
export function DropRoomPanel({ setId, opensAt }: { setId: string; opensAt: string | null }) {
  const { status, join, roomOpensAt } = useDropRoom(setId, opensAt);
  if (!status) return null;
  const fairness = (
    <Link className="drop-room__link" to={`/fairness/${setId}`}>
      How the order is drawn
    </Link>
  );
  if (!status.roomOpen) {
    if (!opensAt || roomOpensAt === null || Date.now() >= new Date(opensAt).getTime()) return null;
    return (
      <section className="drop-room" aria-label="Waiting room">
        <p className="drop-room__text">
          The waiting room opens at {formatSgDateTime(new Date(roomOpensAt))}, 30 minutes before the sale.
        </p>
      </section>
    );
  }
  if (!status.joined) {
    return (
      <section className="drop-room" aria-label="Waiting room">
        <p className="drop-room__text">
          This drop sells through a waiting room. Everyone who joins before the opening gets a fair, drawn place:
          joining early gives no advantage.
        </p>
        <button
          type="button"
          className="btn btn--primary btn--block"
          aria-disabled={join.isPending}
          onClick={() => !join.isPending && join.mutate()}
        >
          Join the waiting room
        </button>
        {join.isError && (
          <p className="error-text" role="alert">
            {join.error.message}
          </p>
        )}
        {fairness}
      </section>
    );
  }
  return (
    <section className="drop-room drop-room--joined" aria-label="Waiting room">
      <p className="drop-room__place" role="status">
        {status.admitted
          ? "It's your turn: you may buy now."
          : status.position === null
            ? `You're in the waiting room. Your place is drawn at the opening${opensAt ? `, ${formatSgDateTime(opensAt)}` : ''}.`
            : `You are number ${status.position} in line.`}
      </p>
      {!status.admitted && status.estimatedWaitSeconds !== null && (
        <p className="drop-room__text" data-testid="drop-room-wait">
          Estimated wait: {waitText(status.estimatedWaitSeconds)}
        </p>
      )}
      {status.admitted && status.admittedUntil && (
        <p className="drop-room__text">
          Your turn lasts while you keep buying; it lapses 5 minutes after your last purchase.
        </p>
      )}
      {status.queueNumber !== null && (
        <p className="drop-room__meta">
          Drawn place #{status.queueNumber} · entrant <code>{status.entrantId?.slice(0, 8)}</code>
        </p>
      )}
      {fairness}
    </section>
  );
}
