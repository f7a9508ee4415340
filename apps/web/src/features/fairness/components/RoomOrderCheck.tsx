import { useMemo, useState } from 'react';
import { verifyRoomOrder, type DropRoomRecord } from '@kujiya/shared';
import { useDropRoomRecord } from '../api/getDropRoom';
import { CopyableCode } from './CopyableCode';

const SHOWN = 20;

/** The verdict on a published room: recomputed in the browser with the shared rule once the seed is out. */
function RoomVerdict({ room }: { room: DropRoomRecord }) {
  const verdict = useMemo(
    () =>
      room.serverSeed && room.entrantListHash
        ? verifyRoomOrder(room.serverSeed, room.entrantListHash, room.orderedEntrantIds)
        : null,
    [room],
  );
  if (!room.entrantListHash)
    return <p className="fairness__note">This set had no waiting room, or it has not opened yet.</p>;
  const count = room.orderedEntrantIds.length;
  return (
    <>
      <p className="fairness__label">Entrant list hash (published at the opening, {count} entrants)</p>
      <CopyableCode value={room.entrantListHash} label="entrant list hash" />
      {verdict === null ? (
        <p className="fairness__secret">The order can be recomputed once the seed is revealed.</p>
      ) : verdict.listHashMatches && verdict.orderMatches ? (
        <p className="fairness__note" role="status">
          Verified: the room order of {count} entrants matches the committed seed.
        </p>
      ) : (
        <p className="error-text" role="alert">
          Mismatch: the published room order is not the one the seed gives.
        </p>
      )}
      <ol className="fairness__room-order">
        {room.orderedEntrantIds.slice(0, SHOWN).map((id) => (
          <li key={id}>
            <code>{id}</code>
          </li>
        ))}
      </ol>
      {count > SHOWN && <p className="fairness__note">… and {count - SHOWN} more (the full list is in the JSON).</p>}
      {room.lateEntrantIds.length > 0 && (
        <p className="fairness__note">
          {room.lateEntrantIds.length} joined after the opening, at the back in arrival order.
        </p>
      )}
    </>
  );
}

/**
 * The drop's waiting room order (docs/rules/drops.md): HMAC-SHA256(seed, "queue:" + list hash + ":" +
 * entrant id), ascending. Loaded on request, since most sets have no room.
 */
export function RoomOrderCheck({ setId }: { setId: string }) {
  const [asked, setAsked] = useState(false);
  const room = useDropRoomRecord(setId, asked);
  return (
    <section className="card fairness__section" aria-labelledby="fairness-room">
      <h2 id="fairness-room" className="fairness__heading">
        Waiting room order
      </h2>
      <p className="fairness__note">
        At a drop&apos;s opening, everyone who joined its waiting room is ordered by HMAC-SHA256(server seed,
        &quot;queue:&quot; + entrant list hash + &quot;:&quot; + entrant id). The operator knows the seed; a public
        randomness beacon would close that.
      </p>
      {!asked && (
        <button type="button" className="btn btn--ghost" onClick={() => setAsked(true)}>
          Check the waiting room order
        </button>
      )}
      {room.isPending && asked && <div className="spinner" aria-label="Loading the waiting room" />}
      {room.isError && (
        <p className="error-text" role="alert">
          The waiting room could not be loaded. Please try again.
        </p>
      )}
      {room.data && <RoomVerdict room={room.data} />}
    </section>
  );
}
