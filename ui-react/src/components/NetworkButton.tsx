import { useLatchModal } from '../context.js';
import { useHydrated, useKernelAtom } from '../hooks/useKernelState.js';
import { themeAtom } from '../theme/themeAtom.js';
import { THEME_DEFAULTS } from '../theme/theme.js';
import { hostButtonStyle } from './buttonStyle.js';
import { activeNamespaceAtom, activeNetworkAtom, networksAtom } from '@latch/kernel/internal';

/** Shows the active network; opens the network list. Marks a network the app does not support. */
export function NetworkButton() {
  const modal = useLatchModal();
  const hydrated = useHydrated();
  const network = useKernelAtom(activeNetworkAtom);
  const namespace = useKernelAtom(activeNamespaceAtom);
  const networks = useKernelAtom(networksAtom);
  const theme = useKernelAtom(themeAtom);
  const accent = String(theme.variables['--latch-accent'] ?? THEME_DEFAULTS['--latch-accent']);
  const unsupported = hydrated && namespace ? networks[namespace]?.isUnsupported : false;
  // Until hydrated, the configured default: the server cannot know the network stored in this browser.
  const shown = hydrated ? network : modal.options.defaultNetwork;
  const label = unsupported ? 'Wrong network' : (shown?.name ?? 'Network');
  return (
    <button
      type="button"
      data-testid="latch-network-button"
      style={hostButtonStyle(theme.mode, accent, false)}
      onPointerEnter={() => void modal.prefetch()}
      onClick={() => void modal.open({ view: unsupported ? 'UnsupportedChain' : 'Networks' })}
    >
      <span aria-hidden="true" style={{ width: 8, height: 8, borderRadius: '50%', background: unsupported ? '#f97066' : '#32d583' }} />
      {label}
      <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
        , change network
      </span>
    </button>
  );
}
