import { readErrorMessage, isUserRejection, type CaipNetwork } from '@latch/kernel';
import { useState } from 'react';
import type { LatchModal } from '../createModal.js';
import { CheckIcon } from './icons.js';
import { activeNetworkAtom, getInternals } from '@latch/kernel/internal';
import { useAtomValueRawSync } from 'jotai/react';

/** Every configured network, grouped by namespace when there are several; click to switch. */
export function NetworkList({ modal, onSwitched }: { modal: LatchModal; onSwitched(): void }) {
  const active = useAtomValueRawSync(activeNetworkAtom, { store: getInternals(modal).store });
  const [pending, setPending] = useState<string>();
  const networks = modal.getState().networks;
  const groups = Object.entries(networks).filter(([, state]) => (state?.requestedCaipNetworks.length ?? 0) > 0);

  async function choose(network: CaipNetwork) {
    setPending(network.caipNetworkId);
    try {
      await modal.switchNetwork(network);
      onSwitched();
    } catch (err) {
      void getInternals(modal).feedback.showSnack(isUserRejection(err) ? 'Switch declined' : readErrorMessage(err), 'error');
    } finally {
      setPending(undefined);
    }
  }

  return (
    <>
      {groups.map(([namespace, state]) => (
        <section key={namespace} aria-label={groups.length > 1 ? namespaceLabel(namespace) : undefined}>
          {groups.length > 1 ? <h3 className="section-title">{namespaceLabel(namespace)}</h3> : null}
          <ul className="list">
            {state?.requestedCaipNetworks.map((network) => {
              const current = active?.caipNetworkId === network.caipNetworkId && !state.isUnsupported;
              return (
                <li key={network.caipNetworkId}>
                  <button
                    type="button"
                    className="row"
                    aria-current={current || undefined}
                    disabled={pending !== undefined}
                    onClick={() => void choose(network)}
                  >
                    <NetworkBadge network={network} />
                    <span className="name">{network.name}</span>
                    {network.testnet ? <span className="tag">Testnet</span> : null}
                    {pending === network.caipNetworkId ? <span className="spinner" role="img" aria-label="Switching" /> : null}
                    {current ? (
                      <span className="tag accent">
                        <CheckIcon />
                        <span className="sr-only">Current network</span>
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}

const NAMESPACE_LABELS: Record<string, string> = {
  eip155: 'Ethereum & EVM',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
};
export function namespaceLabel(namespace: string): string {
  return NAMESPACE_LABELS[namespace] ?? namespace;
}

export function NetworkBadge({ network }: { network: CaipNetwork }) {
  const image = network.assets?.imageUrl;
  if (image?.startsWith('data:image/')) return <img className="wallet-icon network-badge" src={image} alt="" />;
  let hash = 0;
  for (const char of network.caipNetworkId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (
    <span
      aria-hidden="true"
      className="monogram network-badge"
      data-letter={network.name.charAt(0).toUpperCase()}
      // Inline: the colour comes from the network's id.
      style={{ background: `hsl(${hash % 360} 50% 36%)` }}
    />
  );
}
