import { formatBalance } from '@latch/kernel';
import { activeAccountAtom, activeNamespaceAtom, activeNetworkAtom, getInternals, sendAtom } from '@latch/kernel/internal';
import { useEffect, useState } from 'react';
import { useAtomValueRawSync } from 'jotai/react';
import type { ViewProps } from '../../modal/views.js';
import { TokenIcon } from '../../parts/TokenIcon.js';
import { ACCOUNT_CSS } from '../../theme/accountStyles.js';
import { ViewStyles } from '../../theme/ViewStyles.js';
import { fiatOf } from './fiat.js';
import { sendableTokens } from './sendForm.js';

/** §2 send flow: the token to send, from the account's balances; search by name, symbol or address. */
export default function WalletSendSelectTokenView({ modal }: ViewProps) {
  const internals = getInternals(modal);
  const account = useAtomValueRawSync(activeAccountAtom, { store: internals.store });
  const chosen = useAtomValueRawSync(sendAtom, { store: internals.store }).token;
  const namespace = useAtomValueRawSync(activeNamespaceAtom, { store: internals.store });
  const network = useAtomValueRawSync(activeNetworkAtom, { store: internals.store });
  const [query, setQuery] = useState('');
  const empty = (account?.tokenBalance.length ?? 0) === 0;
  // Opened directly (not from the Send form): load the balances it lists.
  useEffect(() => {
    if (namespace && empty) void internals.refreshTokenBalances(namespace);
  }, [internals, namespace, empty]);
  const needle = query.trim().toLowerCase();
  const tokens = sendableTokens(account, network).filter(
    (t) => !needle || [t.name, t.symbol, t.address ?? ''].some((field) => field.toLowerCase().includes(needle)),
  );

  return (
    <div data-testid="latch-send-tokens">
      <ViewStyles css={ACCOUNT_CSS} />
      <input
        className="search"
        type="search"
        aria-label="Search tokens"
        placeholder="Search tokens"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {tokens.length === 0 ? (
        <p className="empty">{needle ? `No token matches “${query.trim()}”.` : 'No tokens on this network yet.'}</p>
      ) : (
        <ul className="list">
          {tokens.map((token) => {
            const fiat = fiatOf(modal, token, token.quantity.numeric);
            const current = chosen ? chosen.address === token.address && chosen.symbol === token.symbol : token.address === undefined;
            return (
              <li key={`${token.chainId}-${token.address ?? 'native'}`}>
                <button
                  type="button"
                  className="row"
                  aria-current={current || undefined}
                  onClick={() => {
                    void internals.setSendState({ token });
                    internals.router.goBack();
                  }}
                >
                  <TokenIcon modal={modal} token={token} />
                  <span className="name">
                    {token.name}
                    <span className="sr-only">,</span> <span className="muted">{token.symbol}</span>
                  </span>
                  <span className="figures">
                    {token.quantity.numeric ? formatBalance(token.quantity.numeric) : null}
                    {fiat ? <span className="muted"> · {fiat}</span> : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
