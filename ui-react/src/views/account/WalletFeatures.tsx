import type { CaipNetwork, ChainNamespace, FeatureName } from '@latch/kernel';
import { activeNetworkAtom, getInternals } from '@latch/kernel/internal';
import type { ReactElement } from 'react';
import type { LatchModal } from '../../createModal.js';
import { useAtomValueRawSync } from 'jotai/react';
import { BuyIcon, ReceiveIcon, SendIcon, SwapIcon } from '../../parts/accountIcons.js';

/** The first view of the registered feature plugin answering to a flag (on-ramp, swap) that works on `network`, if any. */
function pluginView(modal: LatchModal, feature: FeatureName, network: CaipNetwork | undefined): string | undefined {
  const plugin = modal.options.plugins?.find((p) => p.feature === feature && getInternals(modal).getPlugin(p.id));
  if (!plugin?.views || (plugin.supports && !(network && plugin.supports(network)))) return undefined;
  return Object.keys(plugin.views)[0];
}

/**
 * §9 wallet features, in order: on-ramp, swaps, receive, send. Each shows when its flag is on and
 * the namespace can do it: send needs the adapter's `send`; on-ramp and swaps need their plugin, and
 * its `supports` to hold for the active network (no button leads to a "not available" screen).
 */
export function WalletFeatures({ modal, namespace }: { modal: LatchModal; namespace: ChainNamespace }) {
  const { features } = modal.options;
  const internals = getInternals(modal);
  const router = internals.router;
  const network = useAtomValueRawSync(activeNetworkAtom, { store: internals.store });
  const onramp = features.onramp ? pluginView(modal, 'onramp', network) : undefined;
  const swaps = features.swaps ? pluginView(modal, 'swaps', network) : undefined;
  const items = [
    onramp && { label: 'Buy', icon: <BuyIcon />, view: onramp },
    swaps && { label: 'Swap', icon: <SwapIcon />, view: swaps },
    features.receive && { label: 'Receive', icon: <ReceiveIcon />, view: 'WalletReceive' },
    features.send && modal.getCapability(namespace, 'send') && { label: 'Send', icon: <SendIcon />, view: 'WalletSend' },
  ].filter((item): item is { label: string; icon: ReactElement; view: string } => Boolean(item));
  if (items.length === 0) return null;
  return (
    <nav className="features" aria-label="Wallet features">
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          className="button"
          data-testid={`latch-feature-${item.view}`}
          // Titled as its button: 'Buy', not the view's name.
          onClick={() => router.push(item.view, { title: item.label })}
        >
          {item.icon} {item.label}
        </button>
      ))}
    </nav>
  );
}
