import type { ChainNamespace, FeatureName } from '@latch/kernel';
import { getInternals } from '@latch/kernel/internal';
import type { ReactElement } from 'react';
import type { LatchModal } from '../../createModal.js';
import { BuyIcon, ReceiveIcon, SendIcon, SwapIcon } from '../../parts/accountIcons.js';

/** The first view of the registered feature plugin answering to a flag (on-ramp, swap), if any. */
function pluginView(modal: LatchModal, feature: FeatureName): string | undefined {
  const plugin = modal.options.plugins?.find((p) => p.feature === feature && getInternals(modal).getPlugin(p.id));
  return plugin?.views ? Object.keys(plugin.views)[0] : undefined;
}

/**
 * §9 wallet features, in order: on-ramp, swaps, receive, send. Each shows when its flag is on and
 * the namespace can do it: send needs the adapter's `send`; on-ramp and swaps need their plugin.
 */
export function WalletFeatures({ modal, namespace }: { modal: LatchModal; namespace: ChainNamespace }) {
  const { features } = modal.options;
  const router = getInternals(modal).router;
  const onramp = features.onramp ? pluginView(modal, 'onramp') : undefined;
  const swaps = features.swaps ? pluginView(modal, 'swaps') : undefined;
  const items = [
    onramp && { label: 'Buy', icon: <BuyIcon />, view: onramp },
    swaps && { label: 'Swap', icon: <SwapIcon />, view: swaps },
    features.receive && { label: 'Receive', icon: <ReceiveIcon />, view: 'WalletReceive' },
    features.send && modal.getCapability(namespace, 'send') && { label: 'Send', icon: <SendIcon />, view: 'WalletSend' },
  ].filter((item): item is { label: string; icon: ReactElement; view: string } => Boolean(item));
  if (items.length === 0) return null;
  return (
    <nav className="actions" aria-label="Wallet features" style={{ marginTop: 0 }}>
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          className="button"
          style={{ flex: 1 }}
          data-testid={`latch-feature-${item.view}`}
          onClick={() => router.push(item.view)}
        >
          {item.icon} {item.label}
        </button>
      ))}
    </nav>
  );
}
