import { useState } from 'react';
import { Link } from 'react-router';
import type { FairnessReceipt } from '@kujiya/shared';
import { receiptVerifyPath } from '@kujiya/shared';
import { entriesText } from './receipt-link';
import './receipt.css';

/**
 * An order's fairness receipt: its draws' places in the round's chained log. Copy it and keep it; the
 * "Verify" link opens the round's fairness page, which checks the published log still passes through it.
 */
export function ReceiptCard({ receipt }: { receipt: FairnessReceipt }) {
  const [copied, setCopied] = useState(false);
  const json = JSON.stringify(receipt);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(json);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="receipt-card" aria-label="Fairness receipt" data-testid="receipt-card">
      <h3 className="receipt-card__title">Fairness receipt</h3>
      <p className="receipt-card__note">
        {entriesText(receipt.entries.length)} in the round's chained log. Keep a copy: if anyone later drops, reorders
        or changes a draw, the published log no longer matches it.
      </p>
      <p className="receipt-card__label">Head hash right after your draws</p>
      <code className="receipt-card__hash">{receipt.headHash}</code>
      <details className="receipt-card__details">
        <summary>Your entries</summary>
        <ul className="receipt-card__entries">
          {receipt.entries.map((entry) => (
            <li key={`${entry.domain}-${entry.nonce}`}>
              <span>
                {entry.domain === 'ticket'
                  ? 'Ticket'
                  : entry.domain === 'lottery'
                    ? 'Lottery pick'
                    : 'Double chance pick'}{' '}
                {entry.nonce}
              </span>
              <code>{entry.hash}</code>
            </li>
          ))}
        </ul>
      </details>
      <div className="receipt-card__actions">
        <button type="button" className="btn btn--ghost" onClick={copy}>
          {copied ? 'Copied' : 'Copy receipt'}
        </button>
        <Link className="btn btn--primary" to={receiptVerifyPath(receipt)}>
          Verify
        </Link>
      </div>
    </section>
  );
}
