import { base, mainnet } from '@latch/adapter-eip155/networks';
import { ConnectButton, createModal, LatchProvider } from '@latch/react';
import { createRoot } from 'react-dom/client';
// Generated at build time (bench/lib/repoPlugins.mjs): every adapter-*/ and connector-*/ of the repo with a built dist.
import { adapters, connectors, networks } from 'virtual:latch-plugins';

// Latch with every adapter and connector in the repo; Ethereum mainnet and Base first, then each other namespace's mainnets.
const modal = createModal({ networks: [mainnet, base, ...networks], adapters, connectors });

createRoot(document.getElementById('root')).render(
  <LatchProvider modal={modal}>
    <ConnectButton />
  </LatchProvider>,
);
