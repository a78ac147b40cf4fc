import type { ViewProps } from '../modal/views.js';
import { NetworkList } from '../parts/NetworkList.js';
import { getInternals } from '@latch/kernel/internal';

export default function NetworksView({ modal }: ViewProps) {
  return (
    <div data-testid="latch-networks">
      <NetworkList
        modal={modal}
        onSwitched={() => (modal.getState().history.length > 1 ? getInternals(modal).router.goBack() : modal.close())}
      />
    </div>
  );
}
