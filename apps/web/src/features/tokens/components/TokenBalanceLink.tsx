import { useEffect } from 'react';
import { Link } from 'react-router';
import { TokenIcon } from '../../../components/icons';
import { useSession } from '../../../lib/session';
import { useTokenBalance } from '../../../lib/api/getTokenBalance';
import { formatTokens } from '../lib/format';

/** The token balance in the logged-in navigation bar, with the token icon, linking to /tokens. */
export function TokenBalanceLink() {
  const { isLoggedIn, username } = useSession();
  const balance = useTokenBalance(isLoggedIn ? username : null);
  // A failed balance fetch is only logged; the link still leads to the wallet.
  useEffect(() => {
    if (balance.error) console.error('Token balance fetch failed', balance.error);
  }, [balance.error]);
  if (!isLoggedIn) return null;
  const totalTokens = balance.data?.totalTokens;
  return (
    <Link
      to="/tokens"
      className="nav-tokens"
      aria-label={`Token balance: ${totalTokens ?? '…'}`}
      data-testid="token-balance"
    >
      <TokenIcon />
      <span>{totalTokens === undefined ? '…' : formatTokens(totalTokens)}</span>
    </Link>
  );
}
