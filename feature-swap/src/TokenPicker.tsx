import { formatBalance } from '@latch/kernel';
import { Button } from '@latch/react';
import { useEffect, useId, useRef, useState } from 'react';
import { readClient, readTokenMetadata } from './swapTransactions.js';
import { type ListedToken, searchTokens, tokenKey } from './tokenList.js';
import type { SwapToken } from './types.js';

interface TokenPickerProps {
  title: string;
  tokens: readonly ListedToken[];
  /** The token on the other side, which cannot be picked again. */
  other?: SwapToken;
  rpcUrl: string;
  onPick(token: SwapToken): void;
  onCancel(): void;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Choose a token: the account's balances first, then suggested tokens; search by symbol, name or address. */
export function TokenPicker({ title, tokens, other, rpcUrl, onPick, onCancel }: TokenPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [lookup, setLookup] = useState<{ address: string; token?: SwapToken; error?: string } | undefined>(undefined);
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => search.current?.focus(), []);
  const matches = searchTokens(tokens, query);
  const typedAddress = query.trim();
  const unknownAddress = ADDRESS.test(typedAddress) && matches.length === 0 ? typedAddress : undefined;

  // An address that is not in the list: read the token's symbol and decimals from the chain.
  useEffect(() => {
    if (!unknownAddress) return;
    let live = true;
    setLookup({ address: unknownAddress });
    readTokenMetadata(readClient(rpcUrl), unknownAddress as `0x${string}`).then(
      (token) => live && setLookup({ address: unknownAddress, token }),
      (err: unknown) => live && setLookup({ address: unknownAddress, error: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [unknownAddress, rpcUrl]);

  const found = unknownAddress && lookup?.address === unknownAddress ? lookup : undefined;
  const shown: readonly SwapToken[] = found?.token ? [found.token] : matches;
  const otherKey = other ? tokenKey(other) : undefined;

  return (
    <section className="swap" aria-labelledby={`${id}-title`} data-testid="latch-swap-picker">
      <h3 id={`${id}-title`} className="swap-title">
        {title}
      </h3>
      <div className="field">
        <label className="label" htmlFor={`${id}-search`}>
          Search by name, symbol or address
        </label>
        <input
          id={`${id}-search`}
          ref={search}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <div role="status" aria-live="polite" className="note">
        {found && !found.token && !found.error ? 'Looking up the token…' : null}
        {found?.error ? <span className="error">{found.error}</span> : null}
        {!unknownAddress && shown.length === 0 ? 'No token matches.' : null}
      </div>
      <ul className="token-list" aria-label="Tokens">
        {shown.map((token) => {
          const key = tokenKey(token);
          const balance = (token as ListedToken).balance;
          return (
            <li key={key}>
              <button
                type="button"
                className="token-row"
                disabled={key === otherKey}
                data-testid={`latch-swap-token-${token.symbol}`}
                onClick={() => onPick(token)}
              >
                <span className="symbol">{token.symbol}</span>
                <span className="name">{token.name}</span>
                {balance ? <span className="balance">{formatBalance(balance)}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
      <Button block onClick={onCancel}>
        Back to swap
      </Button>
    </section>
  );
}
