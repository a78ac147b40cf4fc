import { createEip155Adapter } from '@latch/adapter-eip155';
import { base, mainnet } from '@latch/adapter-eip155/networks';
import { ConnectButton, createModal, LatchProvider } from '@latch/react';
import { createRoot } from 'react-dom/client';

// Latch with the Ethereum adapter only, Ethereum mainnet and Base, default options.
const modal = createModal({ networks: [mainnet, base], adapters: [createEip155Adapter()] });

createRoot(document.getElementById('root')).render(
  <LatchProvider modal={modal}>
    <ConnectButton />
  </LatchProvider>,
);
