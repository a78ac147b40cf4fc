import type { ViewProps } from '../modal/views.js';
import { NetworkList } from '../parts/NetworkList.js';

export default function NetworksView({ modal }: ViewProps) {
  return (
    <div data-testid="latch-networks">
      <NetworkList modal={modal} onSwitched={() => (modal.getState().history.length > 1 ? modal.router.goBack() : modal.close())} />
    </div>
  );
}
