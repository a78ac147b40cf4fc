import { createEip155Adapter } from '@latch/adapter-eip155';
import { base, mainnet } from '@latch/adapter-eip155/networks';
import { createGasTrackerPlugin } from '@latch-examples/gas-tracker';
import { ConnectButton, createModal, LatchProvider } from '@latch/react';
import { createRoot } from 'react-dom/client';

// latch-evm plus the example third-party plugin (examples/gas-tracker), registered the way its README shows: what a
// plugin written only against the public API adds to a host's first load, and its lazy view.
const modal = createModal({ networks: [mainnet, base], adapters: [createEip155Adapter()], plugins: [createGasTrackerPlugin()] });

createRoot(document.getElementById('root')).render(
  <LatchProvider modal={modal}>
    <ConnectButton />
  </LatchProvider>,
);
