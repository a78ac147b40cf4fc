import type { ChainNamespace } from '@latch/kernel';
import { accountsAtom, getInternals } from '@latch/kernel/internal';
import type { LatchModal } from '../../createModal.js';
import { useAtomValueRawSync } from 'jotai/react';
import { LogoutIcon } from '../../parts/icons.js';
import { namespaceLabel } from '../../parts/NetworkList.js';

/**
 * The Account view's disconnect buttons, worded by what each one ends (§4): a shared session (WalletConnect, the
 * embedded wallet) ends on every namespace it serves, so it is offered as one session, never as one namespace.
 * "Disconnect" ends everything; once nothing is left connected, the modal closes (embedded: back to Connect).
 */
export function DisconnectButtons({ modal, namespace }: { modal: LatchModal; namespace: ChainNamespace }) {
  const internals = getInternals(modal);
  const accounts = useAtomValueRawSync(accountsAtom, { store: internals.store });
  const connected = Object.entries(accounts).filter(([, a]) => a?.status === 'connected');
  const connectorId = accounts[namespace]?.connector?.id;
  const session = connectorId ? internals.getConnectorPlugin(connectorId) : undefined;
  // What disconnecting the active namespace also ends: its session's other namespaces.
  const ended = session ? connected.filter(([, a]) => a?.connector?.id === connectorId) : connected.filter(([ns]) => ns === namespace);

  async function disconnect(target?: ChainNamespace) {
    try {
      await modal.disconnect(target);
    } catch {
      return; // The kernel reported it (§8 'Failed to disconnect'); the account stays as it is.
    }
    const left = Object.values(internals.store.get(accountsAtom)).some((a) => a?.status === 'connected');
    if (!left) modal.close();
  }

  if (ended.length === connected.length) {
    return (
      <button type="button" className="button danger" onClick={() => void disconnect()}>
        <LogoutIcon /> Disconnect
      </button>
    );
  }
  return (
    <>
      <button type="button" className="button danger" onClick={() => void disconnect(namespace)}>
        <LogoutIcon /> Disconnect {session ? session.name : namespaceLabel(namespace)}
      </button>
      <button type="button" className="button danger" onClick={() => void disconnect()}>
        Disconnect all
      </button>
    </>
  );
}
