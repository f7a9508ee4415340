import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { DELETION_COOLING_OFF_DAYS, formatSgDateTime } from '@kujiya/shared';
import { Dialog } from '../../../components/ui/Dialog';
import { PasswordInput } from '../../../components/PasswordInput';
import { serverMessageOf } from '../../../lib/api-client';
import { useAccountDeletion } from '../api/getAccountDeletion';
import { useCancelAccountDeletion } from '../api/cancelAccountDeletion';
import { downloadMyData } from '../api/getDataExport';
import { useRequestAccountDeletion } from '../api/requestAccountDeletion';

/** The password confirmation of a deletion request: what happens, then the password. */
function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const request = useRequestAccountDeletion();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    request.mutate({ password }, { onSuccess: onClose });
  }

  return (
    <Dialog open={open} onClose={onClose} title="Delete my account">
      <form className="your-data-dialog" onSubmit={onSubmit} noValidate>
        <p>
          Your account will be deleted in {DELETION_COOLING_OFF_DAYS} days. Until then you can still log in and cancel.
          Items left in your inventory then are forfeited. Orders and draws are kept under an anonymous name.
        </p>
        <div className="field">
          <label htmlFor="delete-account-password">Password</label>
          <PasswordInput
            id="delete-account-password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
        </div>
        {request.error && (
          <p className="field-error" role="alert">
            {serverMessageOf(request.error) ?? 'The request could not be sent.'}
          </p>
        )}
        <button type="submit" className="btn btn--danger btn--block" disabled={request.isPending || !password}>
          {request.isPending ? 'Sending…' : 'Delete my account'}
        </button>
      </form>
    </Dialog>
  );
}

/** The profile's "Your data" (docs/rules/personal-data.md): download, delete, and a pending deletion with Cancel. */
export function YourDataSection() {
  const deletion = useAccountDeletion();
  const cancel = useCancelAccountDeletion();
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const pending = deletion.data?.deletion ?? null;

  async function onDownload() {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadMyData();
    } catch (error) {
      setDownloadError(serverMessageOf(error) ?? 'Your data could not be downloaded.');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className="card profile-card your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title" className="your-data__title">
        Your data
      </h2>
      <p className="your-data__text">
        Download everything we hold about you, or ask us to delete your account. See our{' '}
        <Link to="/privacy">privacy notice</Link>.
      </p>
      {pending && (
        <div className="your-data__pending" role="status">
          <p>
            Your account will be deleted on <strong>{formatSgDateTime(pending.deleteAt)}</strong>.
            {pending.unitsToForfeit > 0 &&
              ` ${pending.unitsToForfeit} item${pending.unitsToForfeit === 1 ? '' : 's'} in your inventory will be forfeited unless shipped or collected before then.`}
          </p>
          <button
            type="button"
            className="btn btn--ghost btn--block"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            Cancel deletion
          </button>
        </div>
      )}
      {downloadError && (
        <p className="field-error" role="alert">
          {downloadError}
        </p>
      )}
      <div className="profile-actions">
        <button
          type="button"
          className="btn btn--ghost btn--block"
          disabled={downloading}
          onClick={() => void onDownload()}
        >
          {downloading ? 'Preparing…' : 'Download my data'}
        </button>
        {!pending && deletion.isSuccess && (
          <button type="button" className="btn btn--danger btn--block" onClick={() => setConfirming(true)}>
            Delete my account
          </button>
        )}
      </div>
      <DeleteAccountDialog open={confirming} onClose={() => setConfirming(false)} />
    </section>
  );
}
