import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { checkReceipt, extractReceiptJson, fairnessReceiptSchema, type FairnessRound } from '@kujiya/shared';

type Outcome = { kind: 'none' } | { kind: 'invalid'; message: string } | { kind: 'checked'; receipt: unknown };

/** Reads pasted text (a receipt, or a notification containing one) into a receipt, or says what is wrong. */
function parse(text: string): Outcome {
  if (text.trim() === '') return { kind: 'none' };
  const json = extractReceiptJson(text);
  const parsed = fairnessReceiptSchema.safeParse(json);
  if (!parsed.success)
    return {
      kind: 'invalid',
      message: 'That is not a receipt: paste the JSON you copied from your order or notification.',
    };
  return { kind: 'checked', receipt: parsed.data };
}

/**
 * Paste a receipt (or open a "verify" link carrying one): the page checks the published log still
 * passes through its entries. Re-checked whenever the live log refreshes.
 */
export function ReceiptCheck({ round }: { round: FairnessRound }) {
  const [searchParams] = useSearchParams();
  const fromLink = searchParams.get('receipt') ?? '';
  const [text, setText] = useState(fromLink);
  const [outcome, setOutcome] = useState<Outcome>(() => parse(fromLink));
  useEffect(() => {
    if (fromLink) {
      setText(fromLink);
      setOutcome(parse(fromLink));
    }
  }, [fromLink]);

  const receipt = outcome.kind === 'checked' ? fairnessReceiptSchema.parse(outcome.receipt) : null;
  const verdict = receipt ? checkReceipt(round, receipt) : null;
  return (
    <section className="card fairness__section" aria-labelledby="fairness-receipt">
      <h2 id="fairness-receipt" className="fairness__heading">
        Check a receipt
      </h2>
      <form
        className="fairness__receipt-form"
        onSubmit={(event) => {
          event.preventDefault();
          setOutcome(parse(text));
        }}
      >
        <label className="fairness__label" htmlFor="fairness-receipt-input">
          Paste the receipt of your order
        </label>
        <textarea
          id="fairness-receipt-input"
          className="input fairness__receipt-input"
          rows={4}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder='{"setId":"…","entries":[{"domain":"ticket","nonce":0,"hash":"…"}],"headHash":"…"}'
          spellCheck={false}
        />
        <button type="submit" className="btn btn--primary">
          Check receipt
        </button>
      </form>
      {outcome.kind === 'invalid' && (
        <p className="error-text" role="alert">
          {outcome.message}
        </p>
      )}
      {verdict && (
        <div
          className={`fairness__receipt-verdict fairness__receipt-verdict--${verdict.ok ? 'ok' : 'bad'}`}
          role="status"
          data-testid="receipt-verdict"
        >
          <p className="fairness__step-title">
            {verdict.ok
              ? 'The published log passes through your receipt.'
              : 'The published log does not pass through your receipt.'}
          </p>
          <ul className="fairness__receipt-checks">
            {verdict.checks.map((check) => (
              <li key={check.id} className={check.ok ? 'fairness__receipt-ok' : 'fairness__receipt-bad'}>
                {check.ok ? '✓' : '✕'} {check.label}: {check.detail}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
