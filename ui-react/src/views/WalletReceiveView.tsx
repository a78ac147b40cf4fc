import { activeAccountAtom, activeNamespaceAtom, getInternals, networksAtom } from '@latch/kernel/internal';
import { useAtomValueRawSync } from 'jotai/react';
import type { ViewProps } from '../modal/views.js';
import { CopyIcon } from '../parts/icons.js';
import { namespaceLabel, NetworkBadge } from '../parts/NetworkList.js';
import { QrCode } from '../parts/QrCode.js';
import { ACCOUNT_CSS } from '../theme/accountStyles.js';
import { ViewStyles } from '../theme/ViewStyles.js';

/** Receive: the address as a QR code and as text, a copy button, and the networks it is valid on. */
export default function WalletReceiveView({ modal }: ViewProps) {
  const internals = getInternals(modal);
  const account = useAtomValueRawSync(activeAccountAtom, { store: internals.store });
  const namespace = useAtomValueRawSync(activeNamespaceAtom, { store: internals.store });
  const networks = useAtomValueRawSync(networksAtom, { store: internals.store });
  if (!account?.address || !namespace) return <p className="empty">No wallet is connected.</p>;
  const address = account.address;
  const valid = networks[namespace]?.requestedCaipNetworks ?? [];

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      void internals.feedback.showSnack('Address copied', 'success');
    } catch {
      void internals.feedback.showSnack('Copy failed', 'error');
    }
  }

  return (
    <div data-testid="latch-receive">
      <ViewStyles css={ACCOUNT_CSS} />
      <QrCode value={address} label={`QR code of your ${namespaceLabel(namespace)} address`} />
      <p className="address-box" data-testid="latch-receive-address">
        {address}
      </p>
      <button type="button" className="button primary block" onClick={() => void copy()}>
        <CopyIcon /> Copy address
      </button>
      <h3 className="section-title" id="latch-receive-networks">
        Valid on
      </h3>
      <ul className="chips" aria-labelledby="latch-receive-networks">
        {valid.map((network) => (
          <li key={network.caipNetworkId} className="tag network-name">
            <NetworkBadge network={network} /> {network.name}
          </li>
        ))}
      </ul>
      <p className="hint centered">Send only {namespaceLabel(namespace)} assets on these networks to this address.</p>
    </div>
  );
}
