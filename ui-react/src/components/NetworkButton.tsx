import { useLatchModal } from '../context.js';
import { useHydrated, useKernelAtom, usePendingInitialState } from '../hooks/useKernelState.js';
import { themeAtom } from '../theme/themeAtom.js';
import { THEME_DEFAULTS } from '../theme/theme.js';
import { hostButtonStyle } from './buttonStyle.js';
import { activeNamespaceAtom, activeNetworkAtom, connectionStatusAtom, networksAtom } from '@latch/kernel/internal';

/**
 * Shows the active network; opens the network list. Marks a network the app does not support. With the provider's
 * `initialState`, the server's HTML and the hydration show the network the cookies name, until the wallet settles.
 */
export function NetworkButton() {
  const modal = useLatchModal();
  const hydrated = useHydrated();
  const status = useKernelAtom(connectionStatusAtom);
  const initial = usePendingInitialState(hydrated, status);
  const network = useKernelAtom(activeNetworkAtom);
  const namespace = useKernelAtom(activeNamespaceAtom);
  const networks = useKernelAtom(networksAtom);
  const theme = useKernelAtom(themeAtom);
  const accent = String(theme.variables['--latch-accent'] ?? THEME_DEFAULTS['--latch-accent']);
  const unsupported = hydrated && namespace ? networks[namespace]?.isUnsupported : false;
  // Until hydrated, the network the cookies name, else the configured default: the server cannot read the browser's
  // storage. Then the kernel's (restored from the same storage), once the wallet has settled the session.
  const fromCookies = initial && modal.options.networks.find((n) => n.caipNetworkId === initial.caipNetworkId);
  const shown = fromCookies || (hydrated ? network : modal.options.defaultNetwork);
  const label = unsupported ? 'Wrong network' : (shown?.name ?? 'Network');
  return (
    <button
      type="button"
      data-testid="latch-network-button"
      // Inline: this button lives in the host page, outside the modal's shadow root and its stylesheet.
      style={hostButtonStyle(theme.mode, accent, false)}
      onPointerEnter={() => void modal.prefetch()}
      onClick={() => void modal.open({ view: unsupported ? 'UnsupportedChain' : 'Networks' })}
    >
      {/* Inline styles: this button lives in the host page, outside the modal's shadow root and its stylesheet. */}
      <span aria-hidden="true" style={{ width: 8, height: 8, borderRadius: '50%', background: unsupported ? '#f97066' : '#32d583' }} />
      {label}
      <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
        , change network
      </span>
    </button>
  );
}
