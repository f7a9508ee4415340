import { useNavigate } from 'react-router';
import type { UserToken } from '@kujiya/shared';
import { TokenIcon } from '../../../components/icons';
import { useSession } from '../../../lib/session';
import { useUserTokens } from '../api/getUserTokens';
import { formatExpiry, formatTokens } from '../lib/format';
import './tokens.css';

function TokenLotList({
  title,
  lots,
  empty,
  expired,
}: {
  title: string;
  lots: UserToken[];
  empty: string;
  expired?: boolean;
}) {
  return (
    <section className="lot-section" aria-labelledby={`${title}-heading`}>
      <h2 id={`${title}-heading`} className="lot-section__title">
        {title}
      </h2>
      {lots.length === 0 ? (
        <p className="tokens-empty">{empty}</p>
      ) : (
        <ul className="lot-list">
          {lots.map((lot) => (
            <li key={lot._id} className={`lot${expired ? ' lot--expired' : ''}`}>
              <span className="lot__amount">
                <TokenIcon size={24} />
                {formatTokens(lot.amountLeft)} Tokens
              </span>
              <span className="lot__expiry">
                {expired ? 'Expired' : 'Expires'} {formatExpiry(lot.expiryDate)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /tokens: the shopper's active and expired tokens, expiry in Singapore time. */
export function TokensPage() {
  const { username } = useSession();
  const navigate = useNavigate();
  const tokens = useUserTokens(username);
  const total = tokens.data?.activeTokens.reduce((sum, lot) => sum + lot.amountLeft, 0) ?? 0;
  return (
    <main className="page tokens-page">
      <div className="tokens-header">
        <h1 className="tokens-title">Your Tokens</h1>
        {/* The wallet's Purchase Tokens button. */}
        <button type="button" className="btn btn--primary" onClick={() => navigate('/purchase-tokens')}>
          Purchase Tokens
        </button>
      </div>
      {tokens.isPending ? (
        <div className="spinner" role="status" aria-label="Loading tokens" />
      ) : (
        <>
          <p className="tokens-total">
            <TokenIcon size={30} /> <strong data-testid="tokens-total">{formatTokens(total)}</strong> tokens available
          </p>
          <TokenLotList
            title="Active Tokens"
            lots={tokens.data?.activeTokens ?? []}
            empty="You have no active tokens."
          />
          <TokenLotList
            title="Expired Tokens"
            lots={tokens.data?.expiredTokens ?? []}
            empty="You have no expired tokens."
            expired
          />
        </>
      )}
    </main>
  );
}
