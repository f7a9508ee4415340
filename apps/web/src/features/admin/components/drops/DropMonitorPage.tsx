import { Link, useParams } from 'react-router';
import { formatSgDateTime, type DropMonitor } from '@kujiya/shared';
import { serverMessageOf } from '../../../../lib/api-client';
import { useDropMonitor } from '../../api/getDropMonitor';
import { labelOf } from '../../labels';
import { AdmissionRateForm } from './AdmissionRateForm';
import './drop-monitor.css';

/**
 * /admin/drops/{setId}: the owner's drop monitor (docs/rules/drops.md, "Drop monitor"), read every
 * second: the waiting room, sales per second, tickets left per prize and refused purchases by reason;
 * and the room's admission rate, which the owner may change here.
 */
export function DropMonitorPage() {
  const { setId = '' } = useParams();
  const monitor = useDropMonitor(setId);
  const data = monitor.data;
  return (
    <main className="admin-page admin-page--wide drop-monitor">
      <h1 className="admin-title">Drop monitor{data ? `: ${data.productName}` : ''}</h1>
      {monitor.isPending && <div className="spinner" aria-label="Loading the drop" />}
      {monitor.error && !data && (
        <p className="admin-error" role="alert">
          {serverMessageOf(monitor.error) ?? 'The drop could not be loaded.'}
        </p>
      )}
      {data && <DropFigures data={data} />}
      {data && <AdmissionRateForm setId={setId} />}
    </main>
  );
}

function DropFigures({ data }: { data: DropMonitor }) {
  return (
    <>
      <p className="drop-monitor__meta">
        Round {labelOf(data.status)}
        {data.salesStartAt ? ` · opens ${formatSgDateTime(data.salesStartAt)}` : ''} · updated{' '}
        {formatSgDateTime(data.at)} · <Link to={`/admin/product/${data.productId}`}>Product</Link>
      </p>
      <dl className="drop-monitor__figures">
        <div>
          <dt>Waiting</dt>
          <dd>{data.room ? data.room.waiting : 'No waiting room'}</dd>
        </div>
        <div>
          <dt>Admitted</dt>
          <dd>{data.room ? data.room.admitted : '—'}</dd>
        </div>
        <div>
          <dt>Sales per second</dt>
          <dd>{data.salesPerSecond.toFixed(1)}</dd>
        </div>
        <div>
          <dt>Tickets left</dt>
          <dd>
            {data.left}/{data.total}
          </dd>
        </div>
      </dl>
      <div className="drop-monitor__tables">
        <table className="drop-monitor__table">
          <caption>Tickets left per prize</caption>
          <thead>
            <tr>
              <th scope="col">Prize</th>
              <th scope="col">Left</th>
            </tr>
          </thead>
          <tbody>
            {data.prizes.map((prize) => (
              <tr key={prize.id} className={prize.remaining === 0 ? 'drop-monitor__gone' : undefined}>
                <th scope="row">{prize.name}</th>
                <td>
                  {prize.remaining}/{prize.initial}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="drop-monitor__table">
          <caption>Refused purchases</caption>
          <thead>
            <tr>
              <th scope="col">Reason</th>
              <th scope="col">Count</th>
            </tr>
          </thead>
          <tbody>
            {data.refusals.length === 0 && (
              <tr>
                <td colSpan={2}>None</td>
              </tr>
            )}
            {data.refusals.map((refusal) => (
              <tr key={refusal.reason}>
                <th scope="row">
                  <code>{refusal.reason}</code>
                </th>
                <td>{refusal.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
