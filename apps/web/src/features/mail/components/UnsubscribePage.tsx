import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MailUnsubscribeResult } from '@kujiya/shared';
import { serverMessageOf } from '../../../lib/api-client';
import { postUnsubscribe } from '../api/postUnsubscribe';
import './unsubscribe.css';

type State =
  { status: 'working' } | { status: 'done'; result: MailUnsubscribeResult } | { status: 'failed'; message: string };

const NO_TOKEN = 'This unsubscribe link is incomplete. Open it again from the e-mail.';

/**
 * /unsubscribe?token=…: the link in an optional mail's footer. Opening it is the one click: the page
 * switches that kind of mail off at once (no login; the signed token says whose and which) and says so.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { status: 'working' } : { status: 'failed', message: NO_TOKEN });

  useEffect(() => {
    if (!token) return;
    let current = true;
    postUnsubscribe(token).then(
      (result) => current && setState({ status: 'done', result }),
      (error: unknown) =>
        current &&
        setState({ status: 'failed', message: serverMessageOf(error) ?? 'Could not unsubscribe. Please try again.' }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <main className="page unsubscribe-page">
      <section className="unsubscribe-page__card" aria-live="polite">
        {state.status === 'working' && <h1>Unsubscribing…</h1>}
        {state.status === 'done' && (
          <>
            <h1>You are unsubscribed</h1>
            <p>
              We will no longer e-mail you <strong>{state.result.label}</strong> messages. You still see them under the
              bell, and e-mails about your orders, shipments and account keep coming.
            </p>
            <p className="muted">Changed your mind? Switch it back on in your notification settings.</p>
          </>
        )}
        {state.status === 'failed' && (
          <>
            <h1>This link did not work</h1>
            <p role="alert">{state.message}</p>
          </>
        )}
        <div className="unsubscribe-page__actions">
          <Link className="btn btn--primary" to="/profile/notifications">
            Notification settings
          </Link>
          <Link className="btn btn--ghost" to="/">
            Back to home
          </Link>
        </div>
      </section>
    </main>
  );
}
