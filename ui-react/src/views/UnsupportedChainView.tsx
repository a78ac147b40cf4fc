import type { ViewProps } from '../modal/views.js';
import { LogoutIcon } from '../parts/icons.js';
import { NetworkList } from '../parts/NetworkList.js';

/** §4: the wallet is on a network the app did not ask for. */
export default function UnsupportedChainView({ modal }: ViewProps) {
  return (
    <div data-testid="latch-unsupported">
      <p className="muted unsupported-intro">Your wallet is on a network this app doesn’t support. Switch to one of these:</p>
      <NetworkList modal={modal} onSwitched={() => modal.close({ force: true })} />
      <button type="button" className="button danger block after-list" onClick={() => void modal.disconnect().finally(() => modal.close())}>
        <LogoutIcon /> Disconnect
      </button>
    </div>
  );
}
