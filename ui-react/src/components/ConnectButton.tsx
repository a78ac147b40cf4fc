import { formatAccountBalance, truncateAddress } from '@latch/kernel';
import { useEffect, useState } from 'react';
import { useLatchModal } from '../context.js';
import { useHydrated, useInitialAddress, useKernelAtom } from '../hooks/useKernelState.js';
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

/**
 * The connect / account button. Server-rendered and hydrated as the disconnected button, or, with
 * the provider's `initialState`, as the account button for the address the cookies name.
 */
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

  // Warm the modal's code when the browser is idle, so the first click opens at once; after a reload, only once the
  // stored session is restored: its code and wallet calls go first, the address shows sooner.
  const settling = status === 'connecting' || status === 'reconnecting';
  useEffect(() => {
    if (settling) return;
    const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
    if (!idle) return;
    const handle = idle(() => void modal.prefetch(), { timeout: 3000 });
    return () => (globalThis as { cancelIdleCallback?: (h: number) => void }).cancelIdleCallback?.(handle);
  }, [modal, settling]);

  const initialAddress = useInitialAddress(hydrated, status);
  const live = hydrated && account?.status === 'connected' && account.address ? account : undefined;
  const address = live?.address ?? initialAddress;
  if (!address) {
    const busy = hydrated && settling;
    return (
      <button
        type="button"
        data-testid="latch-connect-button"
        aria-busy={busy || undefined}
        // Inline: this button lives in the host page, outside the modal's shadow root and its stylesheet.
        style={hostButtonStyle(theme.mode, accent, true)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => void modal.open()}
      >
        {busy ? loadingLabel : label}
      </button>
    );
  }
  const name = live?.profileName ?? truncateAddress(address);
  const shownBalance =
    balance === 'show' && live?.balance !== undefined ? formatAccountBalance(live.balance, live.balanceSymbol) : undefined;
  return (
    <button
      type="button"
      data-testid="latch-account-button"
      aria-busy={!live || undefined}
      // Inline: this button lives in the host page, outside the modal's shadow root and its stylesheet.
      style={hostButtonStyle(theme.mode, accent, false)}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => void modal.open(live ? { view: 'Account' } : undefined)}
    >
      {/* Inline styles: this button lives in the host page, outside the modal's shadow root and its stylesheet. */}
      {shownBalance ? <span style={{ opacity: 0.8, fontWeight: 500 }}>{shownBalance}</span> : null}
      <Avatar address={address} image={live?.profileImage} hosts={modal.options.imageHosts} size={22} />
      <span>{name}</span>
    </button>
  );
}
