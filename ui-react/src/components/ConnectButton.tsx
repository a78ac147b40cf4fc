import { formatAccountBalance, truncateAddress } from '@latch/kernel';
import { useEffect, useState } from 'react';
import { useLatchModal } from '../context.js';
import { useHydrated, useKernelAtom } from '../hooks/useKernelState.js';
import { Avatar } from '../parts/Avatar.js';
import { themeAtom } from '../theme/themeAtom.js';
import { THEME_DEFAULTS } from '../theme/theme.js';
import { hostButtonStyle } from './buttonStyle.js';
import { activeAccountAtom, connectionStatusAtom } from '@latch/kernel/internal';

export interface ConnectButtonProps {
  label?: string;
  loadingLabel?: string;
  /** Show the native balance next to the address when connected. */
  balance?: 'show' | 'hide';
}

/** The connect / account button. Server-rendered and hydrated as the disconnected button. */
export function ConnectButton({ label = 'Connect Wallet', loadingLabel = 'Connecting…', balance = 'show' }: ConnectButtonProps) {
  const modal = useLatchModal();
  const hydrated = useHydrated();
  const status = useKernelAtom(connectionStatusAtom);
  const account = useKernelAtom(activeAccountAtom);
  const theme = useKernelAtom(themeAtom);
  const [prefetched, setPrefetched] = useState(false);
  const accent = String(theme.variables['--latch-accent'] ?? THEME_DEFAULTS['--latch-accent']);
  const prefetch = () => {
    if (prefetched) return;
    setPrefetched(true);
    void modal.prefetch();
  };

  // Warm the modal's code when the browser is idle, so the first click opens at once.
  useEffect(() => {
    const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
    if (!idle) return;
    const handle = idle(() => void modal.prefetch(), { timeout: 3000 });
    return () => (globalThis as { cancelIdleCallback?: (h: number) => void }).cancelIdleCallback?.(handle);
  }, [modal]);

  const connected = hydrated && account?.status === 'connected' && account.address;
  if (!connected) {
    const busy = hydrated && (status === 'connecting' || status === 'reconnecting');
    return (
      <button
        type="button"
        data-testid="latch-connect-button"
        aria-busy={busy || undefined}
        style={hostButtonStyle(theme.mode, accent, true)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => void modal.open()}
      >
        {busy ? loadingLabel : label}
      </button>
    );
  }
  const name = account.profileName ?? truncateAddress(account.address ?? '');
  const shownBalance =
    balance === 'show' && account.balance !== undefined ? formatAccountBalance(account.balance, account.balanceSymbol) : undefined;
  return (
    <button
      type="button"
      data-testid="latch-account-button"
      style={hostButtonStyle(theme.mode, accent, false)}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => void modal.open({ view: 'Account' })}
    >
      {shownBalance ? <span style={{ opacity: 0.8, fontWeight: 500 }}>{shownBalance}</span> : null}
      <Avatar address={account.address ?? ''} image={account.profileImage} hosts={modal.options.imageHosts} size={22} />
      <span>{name}</span>
    </button>
  );
}
