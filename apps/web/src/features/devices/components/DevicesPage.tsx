import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatSgDateTime, sessionPlaceLabels, type SessionView } from '@kujiya/shared';
import { endedHere } from '../../../lib/api/logout';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { LoginReminderDialog } from '../../../components/LoginReminderDialog';
import { needsLoginReminder } from '../../../components/login-reminder';
import { useSessions } from '../api/getSessions';
import { useEndSession } from '../api/endSession';
import { useEndOtherSessions } from '../api/endOtherSessions';
import './devices.css';

const when = formatSgDateTime;

/** What a session's "Log out" button is called: its device and when it signed in (two phones differ). */
const logOutName = (session: SessionView) =>
  `Log out ${session.device}${session.current ? ' (this device)' : ''}, signed in ${when(session.createdAt)}`;

function SessionCard({ session, onLogOut }: { session: SessionView; onLogOut: () => void }) {
  return (
    <li className="card device-card">
      <div className="device-card__head">
        <h2 className="device-card__name">{session.device}</h2>
        {session.current && <span className="device-card__current">This device</span>}
      </div>
      <dl className="device-card__facts">
        <dt>Place</dt>
        <dd>{sessionPlaceLabels[session.place]}</dd>
        <dt>First seen</dt>
        <dd>{when(session.createdAt)}</dd>
        <dt>Last seen</dt>
        <dd>{when(session.lastSeenAt)}</dd>
      </dl>
      <button
        type="button"
        className="btn btn--ghost device-card__logout"
        aria-label={logOutName(session)}
        onClick={onLogOut}
      >
        Log out
      </button>
    </li>
  );
}

type Confirming = { kind: 'one'; session: SessionView } | { kind: 'others'; count: number } | null;

/** /profile/devices (login required): every signed-in session, "Log out" each, "Log out everywhere else". */
export function DevicesPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reminderDismissed, setReminderDismissed] = useState(false);
  const failure = sessions.error ?? endOne.error ?? endOthers.error;
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  async function confirm() {
    if (!confirming) return;
    if (confirming.kind === 'others') {
      const { ended } = await endOthers.mutateAsync();
      setNotice(`Logged out ${ended} other ${ended === 1 ? 'session' : 'sessions'}.`);
    } else {
      const { current } = await endOne.mutateAsync(confirming.session.id);
      if (current) {
        // This device's own session ended: leave the guarded page, then forget the session here.
        await navigate('/', { replace: true });
        await endedHere(queryClient);
        return;
      }
      setNotice(`${confirming.session.device} was logged out.`);
    }
    setConfirming(null);
  }

  return (
    <main className="page devices-page">
      <Link to="/user-profile" className="devices-page__back">
        ← Profile
      </Link>
      <h1 className="devices-page__title">Devices</h1>
      <p className="devices-page__intro">
        Where your account is signed in. Log out a device you do not recognise, then reset your password.
      </p>
      {notice && (
        <p className="devices-page__notice" role="status">
          {notice}
        </p>
      )}
      {sessions.isPending && <div className="spinner" role="status" aria-label="Loading devices" />}
      {failure && !needsLoginReminder(failure) && (
        <p className="error-text" role="alert">
          {failure.message}
        </p>
      )}
      <ul className="devices-list" aria-label="Signed-in devices">
        {list.map((session) => (
          <SessionCard key={session.id} session={session} onLogOut={() => setConfirming({ kind: 'one', session })} />
        ))}
      </ul>
      {others > 0 && (
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => setConfirming({ kind: 'others', count: others })}
        >
          Log out everywhere else
        </button>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.kind === 'one' ? `Log out ${confirming.session.device}?` : 'Log out everywhere else?'}
        confirmLabel={confirming?.kind === 'one' ? 'Log out' : 'Log out everywhere else'}
        busy={endOne.isPending || endOthers.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm().catch(() => setConfirming(null))}
      >
        <p>
          {confirming?.kind === 'one'
            ? confirming.session.current
              ? 'You will be signed out on this device.'
              : 'That device will have to sign in again.'
            : `${confirming?.count ?? 0} other ${confirming?.count === 1 ? 'device' : 'devices'} will have to sign in again. This device stays signed in.`}
        </p>
      </ConfirmDialog>
      <LoginReminderDialog
        open={needsLoginReminder(failure) && !reminderDismissed}
        onClose={() => setReminderDismissed(true)}
      />
    </main>
  );
}
